#include "engine/jump_count.hpp"

#include "engine/jump_grid.hpp"
#include "engine/lane_jumps.hpp"

namespace tiaoqi {
namespace {

// The moves of the pieces that GoalLock holds in their target (they move
// in the target alone); the other pieces of the army are returned.
Bitboard count_locked(const Board& board, int army, int& count) {
  const Rules& rules = board.rules();
  const Bitboard pieces = board.army(army);
  if (!rules.options().goal_lock) return pieces;
  const Geometry& geometry = rules.geometry();
  const Bitboard target = rules.target(army);
  const Bitboard empty = geometry.all_holes() & ~board.occupied();
  for (int from : pieces& target) {
    const Hole start = static_cast<Hole>(from);
    const int c = geometry.parity_class(start);
    const GridBitboard empty_nodes = geometry.grid_holes_mask(c) & ~board.grid_occupied(c);
    count += (geometry.neighbour_mask(start) & empty & target).count() +
             class_jumps(board, c)
                 .flood(GridBitboard::bit(geometry.grid_bit(start)),
                        empty_nodes & rules.target_grid(army, c))
                 .count();
  }
  return pieces & ~target;
}

// The moves of one army's free pieces on one parity class.
template <int kClass>
int count_class_moves(const Board& board, int army, Bitboard movers) {
  const Rules& rules = board.rules();
  const Geometry& geometry = rules.geometry();
  const GridBitboard pieces = geometry.to_grid(movers, kClass);
  if (pieces.none()) return 0;
  const ClassJumps jumps = class_jumps<kClass>(board);
  // A step goes where the pivot of a jump would be: an empty neighbour is
  // one that is no pivot.
  int count = 0;
  for (int d = 0; d < kDirections; ++d)
    count += (pieces & ~jumps.pivots[d] & rules.step_grid(army, d, kClass)).count();
  ClassComponents components;
  components.find(jumps, pieces, geometry.grid_holes_mask(kClass) & ~board.grid_occupied(kClass));
  const GridBitboard stops = rules.stop_allowed_grid(army, kClass);
  for (int i = 0; i < components.count; ++i)
    count += (components.jumpers[i] & pieces).count() * (components.nodes[i] & stops).count();
  return count;
}

#ifdef TIAOQI_LANES

// The classes of one army side by side: the same steps and components as
// count_class_moves, each class in its own lane. A lane whose components
// are done holds zeros and counts nothing while the others go on.
int count_army_vector(const Board& board, int army, Bitboard movers) {
  using namespace lanes;
  const Rules& rules = board.rules();
  const Geometry& geometry = rules.geometry();
  const Lanes pieces = to_lanes(geometry, movers);
  const Lanes occupied = load(&board.grid_occupied(0));
  const LaneJumps jumps = lane_jumps(occupied);
  Lanes counts = _mm256_setzero_si256();
  for (int d = 0; d < kDirections; ++d) {
    const Lanes steps = _mm256_and_si256(_mm256_andnot_si256(jumps.pivots[d], pieces),
                                         load(&rules.step_grid(army, d, 0)));
    counts = _mm256_add_epi64(counts, _mm256_popcnt_epi64(steps));
  }
  const Lanes empty = _mm256_andnot_si256(occupied, load(&geometry.grid_holes_mask(0)));
  const Lanes stops = load(&rules.stop_allowed_grid(army, 0));
  Lanes unexplained = _mm256_and_si256(jumps.landings(pieces), empty);
  while (any(unexplained)) {
    // The lowest unexplained node of each lane seeds its next component.
    Lanes component =
        _mm256_and_si256(unexplained, _mm256_sub_epi64(_mm256_setzero_si256(), unexplained));
    Lanes frontier = component;
    Lanes around = _mm256_setzero_si256();
    while (any(frontier)) {
      const Lanes landings = jumps.landings(frontier);
      around = _mm256_or_si256(around, landings);
      frontier = _mm256_andnot_si256(component, _mm256_and_si256(landings, empty));
      component = _mm256_or_si256(component, frontier);
    }
    const Lanes jumping_in = _mm256_popcnt_epi64(_mm256_and_si256(around, pieces));
    const Lanes ends = _mm256_popcnt_epi64(_mm256_and_si256(component, stops));
    counts = _mm256_add_epi64(counts, _mm256_mul_epu32(jumping_in, ends));
    unexplained = _mm256_andnot_si256(component, unexplained);
  }
  return count(counts);
}

#endif

}  // namespace

int count_short_jump_moves_scalar(const Board& board) {
  const Rules& rules = board.rules();
  const int player = board.side_to_move();
  int count = 0;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player) >> army & 1)) continue;
    const Bitboard free = count_locked(board, army, count);
    count += count_class_moves<0>(board, army, free) + count_class_moves<1>(board, army, free) +
             count_class_moves<2>(board, army, free) + count_class_moves<3>(board, army, free);
  }
  return count;
}

#ifdef TIAOQI_LANES

int count_short_jump_moves(const Board& board) {
  const Rules& rules = board.rules();
  const int player = board.side_to_move();
  int count = 0;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player) >> army & 1)) continue;
    const Bitboard free = count_locked(board, army, count);
    count += count_army_vector(board, army, free);
  }
  return count;
}

bool vector_count_built() { return true; }

#else

int count_short_jump_moves(const Board& board) { return count_short_jump_moves_scalar(board); }

bool vector_count_built() { return false; }

#endif

}  // namespace tiaoqi
