#include "engine/movegen.hpp"

namespace tiaoqi {
namespace {

// Directions whose holes have higher indices (rank order): their nearest
// blocker on a ray is the lowest set bit, for the others the highest.
constexpr bool kRisingDirection[kDirections] = {true, true, true, false, false, false};

// What one piece can reach. Step and long-jump ends are hole indices; short
// jump ends are bits of the piece's parity-class grid.
struct Destinations {
  Bitboard holes;
  Bitboard grid;
  int parity_class = 0;
};

// A compile-time signed shift.
template <int kAmount>
constexpr Bitboard shift(Bitboard board) {
  if constexpr (kAmount >= 0) {
    return board << kAmount;
  } else {
    return board >> -kAmount;
  }
}

// Short jumps of one parity class: for each direction, the grid nodes whose
// jumped-over neighbour is occupied, so a jump is (nodes & pivots) << shift.
struct ClassJumps {
  Bitboard pivots[kDirections];

  // Every landing of one jump from any node of `from` (occupancy not checked).
  Bitboard landings(Bitboard from) const {
    return shift<Geometry::grid_jump_shift(kEast)>(from & pivots[kEast]) |
           shift<Geometry::grid_jump_shift(kNorthEast)>(from & pivots[kNorthEast]) |
           shift<Geometry::grid_jump_shift(kNorthWest)>(from & pivots[kNorthWest]) |
           shift<Geometry::grid_jump_shift(kWest)>(from & pivots[kWest]) |
           shift<Geometry::grid_jump_shift(kSouthWest)>(from & pivots[kSouthWest]) |
           shift<Geometry::grid_jump_shift(kSouthEast)>(from & pivots[kSouthEast]);
  }

  // Every node a chain from `start` reaches through `passable` nodes.
  Bitboard flood(Bitboard start, Bitboard passable) const {
    Bitboard reach;
    Bitboard frontier = start;
    while (frontier) {
      frontier = landings(frontier) & passable & ~reach;
      reach |= frontier;
    }
    return reach & ~start;
  }
};

template <int kClass, int kDirection>
void set_pivots(ClassJumps& jumps, const Position& position) {
  jumps.pivots[kDirection] = shift<Geometry::pivot_shift(kClass, kDirection)>(
      position.grid_occupied(Geometry::pivot_class(kClass, kDirection)));
}

template <int kClass>
ClassJumps class_jumps(const Position& position) {
  ClassJumps jumps;
  set_pivots<kClass, kEast>(jumps, position);
  set_pivots<kClass, kNorthEast>(jumps, position);
  set_pivots<kClass, kNorthWest>(jumps, position);
  set_pivots<kClass, kWest>(jumps, position);
  set_pivots<kClass, kSouthWest>(jumps, position);
  set_pivots<kClass, kSouthEast>(jumps, position);
  return jumps;
}

// Chain ends are shared: two empty nodes joined by a jump are joined both
// ways, so the empty nodes of a class fall into connected components, and a
// piece reaches exactly the components of its first landings. Components
// found for one piece are kept for the other pieces of the same class.
class ComponentCache {
 public:
  Bitboard reach(const ClassJumps& jumps, Bitboard start, Bitboard empty) {
    Bitboard unexplained = jumps.landings(start) & empty;
    Bitboard reach;
    if ((unexplained & covered_).any()) {
      for (int i = 0; i < count_ && unexplained.any(); ++i) {
        const Bitboard component(components_[i]);
        if ((unexplained & component).none()) continue;
        reach |= component;
        unexplained &= ~component;
      }
    }
    while (unexplained) {
      const Bitboard seed = Bitboard::bit(unexplained.lowest());
      const Bitboard component = jumps.flood(seed, empty) | seed;
      if (count_ < kCapacity) {
        components_[count_++] = component.raw();
        covered_ |= component;
      }
      reach |= component;
      unexplained &= ~component;
    }
    return reach;
  }

 private:
  static constexpr int kCapacity = 32;
  // Left uninitialised: only the first count_ entries are ever read.
  Bitboard::Bits components_[kCapacity];
  Bitboard covered_;
  int count_ = 0;
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

Bitboard long_jump_reach(const Geometry& geometry, Bitboard occupied, Hole start, Bitboard passable,
                         Bitboard swappable) {
  Bitboard visited = Bitboard::bit(start);
  Bitboard swap_ends;
  Hole stack[kMaxHoles];
  int depth = 0;
  stack[depth++] = start;
  while (depth) {
    const Hole hole = stack[--depth];
    const Bitboard landings = long_jump_landings(geometry, occupied, hole);
    swap_ends |= landings & swappable;
    for (int landing : landings& passable & ~visited) {
      visited.set(landing);
      stack[depth++] = static_cast<Hole>(landing);
    }
  }
  return (visited & ~Bitboard::bit(start)) | swap_ends;
}

// Calls sink(from, destinations) for every piece of the side to move with at
// least one destination; stops early when the sink returns true.
template <class Sink>
void visit_destinations(const Position& position, Sink&& sink) {
  if (position.is_over()) return;
  const Rules& rules = position.rules();
  const Geometry& geometry = rules.geometry();
  const RuleOptions& options = rules.options();
  const int player = position.side_to_move();
  const Bitboard occupied = position.occupied();
  const Bitboard empty = geometry.all_holes() & ~occupied;
  const Bitboard own = position.pieces_of(player);

  ClassJumps jumps[kParityClasses];
  Bitboard empty_grid[kParityClasses];
  ComponentCache components[kParityClasses];
  if (!options.long_jumps) {
    jumps[0] = class_jumps<0>(position);
    jumps[1] = class_jumps<1>(position);
    jumps[2] = class_jumps<2>(position);
    jumps[3] = class_jumps<3>(position);
    for (int c = 0; c < kParityClasses; ++c)
      empty_grid[c] = geometry.grid_holes_mask(c) & ~position.grid_occupied(c);
  }

  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player) >> army & 1)) continue;
    const Bitboard target = rules.target(army);
    const Bitboard stop_allowed = rules.stop_allowed(army);
    // Swap rule: another player's piece on this army's target may be displaced.
    const Bitboard swappable = options.swap_rule ? target & occupied & ~own : Bitboard();
    Bitboard swappable_grid[kParityClasses];
    if (swappable.any() && !options.long_jumps) {
      for (int c = 0; c < kParityClasses; ++c) swappable_grid[c] = geometry.to_grid(swappable, c);
    }

    for (int from : position.army(army)) {
      const Hole start = static_cast<Hole>(from);
      const bool locked = options.goal_lock && target.test(start);
      const Bitboard stop_mask = locked ? target : stop_allowed;
      Destinations destinations;
      destinations.holes = geometry.neighbour_mask(start) & (empty | swappable) & stop_mask;

      if (options.long_jumps) {
        const Bitboard passable = locked ? empty & target : empty;
        destinations.holes |=
            long_jump_reach(geometry, occupied ^ Bitboard::bit(start), start, passable, swappable) &
            stop_mask;
      } else {
        const int c = geometry.parity_class(start);
        const Bitboard start_bit = Bitboard::bit(geometry.grid_bit(start));
        // A goal-locked piece moves in its own restricted graph.
        const Bitboard reach =
            locked ? jumps[c].flood(start_bit, empty_grid[c] & rules.target_grid(army, c))
                   : components[c].reach(jumps[c], start_bit, empty_grid[c]);
        destinations.grid = reach & rules.stop_allowed_grid(army, c);
        if (swappable_grid[c].any())
          destinations.grid |= jumps[c].landings(reach | start_bit) & swappable_grid[c];
        destinations.parity_class = c;
      }
      if (sink(start, destinations)) return;
    }
  }
}

}  // namespace

void generate_moves(const Position& position, MoveList& moves) {
  moves.clear();
  const Geometry& geometry = position.geometry();
  visit_destinations(position, [&](Hole from, const Destinations& destinations) {
    for (int to : destinations.holes) moves.add(Move{from, static_cast<Hole>(to)});
    for (int bit : destinations.grid)
      moves.add(Move{from, geometry.grid_hole(destinations.parity_class, bit)});
    return false;
  });
}

int count_moves(const Position& position) {
  int count = 0;
  visit_destinations(position, [&](Hole, const Destinations& destinations) {
    count += destinations.holes.count() + destinations.grid.count();
    return false;
  });
  return count;
}

bool has_legal_move(const Position& position) {
  bool found = false;
  visit_destinations(position, [&](Hole, const Destinations& destinations) {
    found = destinations.holes.any() || destinations.grid.any();
    return found;
  });
  return found;
}

Bitboard single_jump_landings(const Position& position, Hole start, Hole hole) {
  const Geometry& geometry = position.geometry();
  const Bitboard occupied = position.occupied() & ~Bitboard::bit(start);
  if (position.rules().options().long_jumps) return long_jump_landings(geometry, occupied, hole);
  Bitboard landings;
  for (int d = 0; d < kDirections; ++d) {
    const Hole over = geometry.neighbour(hole, d);
    const Hole landing = geometry.beyond(hole, d);
    if (landing != kNoHole && occupied.test(over)) landings.set(landing);
  }
  return landings;
}

}  // namespace tiaoqi
