#include "engine/movegen.hpp"

#include <array>

#include "engine/jump_count.hpp"
#include "engine/jump_grid.hpp"

namespace tiaoqi {
namespace {

// Directions whose holes have higher indices (rank order): their nearest
// blocker on a ray is the lowest set bit, for the others the highest.
constexpr bool kRisingDirection[kDirections] = {true, true, true, false, false, false};

// What one piece can reach. Step and long-jump ends are hole indices; short
// jump ends are bits of the piece's parity-class grid.
struct Destinations {
  int army = 0;
  Bitboard holes;
  GridBitboard grid;
  int parity_class = 0;
};

// Long-jump landings from `hole` with `occupied` as the board (the moving
// piece already lifted): the first piece on a ray at distance k is the pivot,
// the holes from k + 1 to 2k - 1 must be empty, and the landing at 2k exists.
Bitboard long_jump_landings(const Geometry& geometry, Bitboard occupied, Hole hole) {
  Bitboard landings;
  for (int d = 0; d < kDirections; ++d) {
    const Bitboard blockers = geometry.ray_mask(hole, d) & occupied;
    if (blockers.none()) continue;
    const Hole pivot =
        static_cast<Hole>(kRisingDirection[d] ? blockers.lowest() : blockers.highest());
    const int k = geometry.distance(hole, pivot);
    if (geometry.ray_length(hole, d) < 2 * k) continue;
    bool clear = true;
    for (int j = k + 1; j < 2 * k && clear; ++j)
      clear = !occupied.test(geometry.ray_hole(hole, d, j));
    if (clear) landings.set(geometry.ray_hole(hole, d, 2 * k));
  }
  return landings;
}

// Every hole a chain from `start` reaches through `passable` holes, plus
// the swap ends. kChainLock: a chain that has landed on `lock_zone` (the
// army's target) goes on inside it only.
template <bool kChainLock>
Bitboard long_jump_reach(const Geometry& geometry, Bitboard occupied, Hole start, Bitboard passable,
                         Bitboard swappable, Bitboard lock_zone) {
  Bitboard visited = Bitboard::bit(start);
  Bitboard swap_ends;
  Hole stack[kMaxHoles];
  int depth = 0;
  stack[depth++] = start;
  while (depth) {
    const Hole hole = stack[--depth];
    Bitboard landings = long_jump_landings(geometry, occupied, hole);
    if constexpr (kChainLock) {
      if (hole != start && lock_zone.test(hole)) landings &= lock_zone;
    }
    swap_ends |= landings & swappable;
    for (int landing : landings& passable & ~visited) {
      visited.set(landing);
      stack[depth++] = static_cast<Hole>(landing);
    }
  }
  return (visited & ~Bitboard::bit(start)) | swap_ends;
}

// Destinations with long jumps: each piece walks its rays.
template <class Sink>
void visit_long_jump_destinations(const Board& board, Sink&& sink) {
  const Rules& rules = board.rules();
  const Geometry& geometry = rules.geometry();
  const RuleOptions& options = rules.options();
  const int player = board.side_to_move();
  const Bitboard occupied = board.occupied();
  const Bitboard empty = geometry.all_holes() & ~occupied;
  const Bitboard own = board.pieces_of(player);
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player) >> army & 1)) continue;
    const Bitboard target = rules.target(army);
    // Swap rule: another player's piece on this army's target may be displaced.
    const Bitboard swappable = options.swap_rule ? target & occupied & ~own : Bitboard();
    for (int from : board.army(army)) {
      const Hole start = static_cast<Hole>(from);
      const bool locked = options.goal_lock && target.test(start);
      const Bitboard stop_mask = locked ? target : rules.stop_allowed(army);
      const Bitboard passable = locked ? empty & target : empty;
      Destinations destinations;
      destinations.army = army;
      const Bitboard occupied_lifted = occupied ^ Bitboard::bit(start);
      const Bitboard reach =
          options.goal_lock_in_chain
              ? long_jump_reach<true>(geometry, occupied_lifted, start, passable, swappable, target)
              : long_jump_reach<false>(geometry, occupied_lifted, start, passable, swappable,
                                       Bitboard());
      destinations.holes =
          (geometry.neighbour_mask(start) & (empty | swappable) | reach) & stop_mask;
      if (sink(start, destinations)) return;
    }
  }
}

// Destinations with short jumps: chain ends come from the components of
// each parity class (jump_grid.hpp), found once per class on first use.
// kChainLock (GoalLockInChain): a chain that lands in the target stays in
// it, so a free piece floods the holes outside the target, steps into the
// target from there, and floods inside it.
template <bool kChainLock, class Sink>
void visit_short_jump_destinations(const Board& board, Sink&& sink) {
  const Rules& rules = board.rules();
  const Geometry& geometry = rules.geometry();
  const RuleOptions& options = rules.options();
  const int player = board.side_to_move();
  const Bitboard occupied = board.occupied();
  const Bitboard empty = geometry.all_holes() & ~occupied;
  const Bitboard own = board.pieces_of(player);

  std::array<ClassJumps, kParityClasses> jumps;
  std::array<ClassComponents, kParityClasses> components;
  std::array<bool, kParityClasses> found{};
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player) >> army & 1)) continue;
    const Bitboard target = rules.target(army);
    // Swap rule: another player's piece on this army's target may be
    // displaced, by a step or a chain's last landing. Dragons: any other
    // player's piece may be captured by a chain's last landing (never by a
    // step).
    const Bitboard swappable = options.swap_rule ? target & occupied & ~own : Bitboard();
    const Bitboard capturable = rules.dragons() ? occupied & ~own : swappable;
    for (int from : board.army(army)) {
      const Hole start = static_cast<Hole>(from);
      const bool locked = options.goal_lock && target.test(start);
      const int c = geometry.parity_class(start);
      if (!found[c]) {
        found[c] = true;
        jumps[c] = class_jumps(board, c);
        components[c].find(jumps[c], geometry.to_grid(own, c),
                           geometry.grid_holes_mask(c) & ~board.grid_occupied(c));
      }
      const GridBitboard start_node = GridBitboard::bit(geometry.grid_bit(start));
      // A goal-locked piece moves in its own restricted graph.
      GridBitboard reach;
      if (locked) {
        reach = jumps[c].flood(start_node, components[c].empty & rules.target_grid(army, c));
      } else if constexpr (kChainLock) {
        const GridBitboard target_nodes = components[c].empty & rules.target_grid(army, c);
        const GridBitboard outside =
            jumps[c].flood(start_node, components[c].empty & ~rules.target_grid(army, c));
        const GridBitboard entries = jumps[c].landings(outside | start_node) & target_nodes;
        reach = outside | entries | jumps[c].flood(entries, target_nodes);
      } else {
        reach = components[c].reach(start_node);
      }
      Destinations destinations;
      destinations.army = army;
      destinations.holes = geometry.neighbour_mask(start) & (empty | swappable) &
                           (locked ? target : rules.stop_allowed(army));
      destinations.grid = reach & rules.stop_allowed_grid(army, c);
      if (capturable.any())
        destinations.grid |=
            jumps[c].landings(reach | start_node) & geometry.to_grid(capturable, c);
      destinations.parity_class = c;
      if (sink(start, destinations)) return;
    }
  }
}

// Calls sink(from, destinations) for every piece of the side to move; stops
// early when the sink returns true.
template <class Sink>
void visit_destinations(const Board& board, Sink&& sink) {
  if (board.is_over()) return;
  switch (board.rules().generator()) {
    case Rules::Generator::kShortJumps:
      visit_short_jump_destinations<false>(board, sink);
      break;
    case Rules::Generator::kShortJumpsChainLock:
      visit_short_jump_destinations<true>(board, sink);
      break;
    case Rules::Generator::kLongJumps:
      visit_long_jump_destinations(board, sink);
      break;
  }
}

}  // namespace

void generate_moves(const Board& board, MoveList& moves) {
  moves.clear();
  const Geometry& geometry = board.geometry();
  visit_destinations(board, [&](Hole from, const Destinations& destinations) {
    for (int to : destinations.holes) moves.add(Move{from, static_cast<Hole>(to)});
    for (int bit : destinations.grid)
      moves.add(Move{from, geometry.grid_hole(destinations.parity_class, bit)});
    return false;
  });
}

void generate_moves(const Board& board, PieceMoveList& pieces) {
  pieces.clear();
  const Geometry& geometry = board.geometry();
  visit_destinations(board, [&](Hole from, const Destinations& destinations) {
    const Bitboard ends =
        destinations.holes | geometry.from_grid(destinations.grid, destinations.parity_class);
    if (ends.any()) pieces.add(from, destinations.army, ends);
    return false;
  });
}

int count_moves(const Board& board) {
  if (board.is_over()) return 0;
  if (board.rules().bulk_count()) return count_short_jump_moves(board);
  int count = 0;
  visit_destinations(board, [&](Hole, const Destinations& destinations) {
    count += destinations.holes.count() + destinations.grid.count();
    return false;
  });
  return count;
}

bool has_legal_move(const Board& board) {
  bool found = false;
  visit_destinations(board, [&](Hole, const Destinations& destinations) {
    found = destinations.holes.any() || destinations.grid.any();
    return found;
  });
  return found;
}

Bitboard single_jump_landings(const Board& board, Hole start, Hole hole) {
  const Geometry& geometry = board.geometry();
  const Bitboard occupied = board.occupied() & ~Bitboard::bit(start);
  if (board.rules().options().long_jumps) return long_jump_landings(geometry, occupied, hole);
  Bitboard landings;
  for (int d = 0; d < kDirections; ++d) {
    const Hole over = geometry.neighbour(hole, d);
    const Hole landing = geometry.beyond(hole, d);
    if (landing != kNoHole && occupied.test(over)) landings.set(landing);
  }
  return landings;
}

}  // namespace tiaoqi
