#pragma once

#include <cassert>

#include "engine/bitboard.hpp"
#include "engine/board.hpp"
#include "engine/geometry.hpp"

namespace tiaoqi {

// Short jumps of one parity class on its 64-bit grid: for each direction,
// the nodes whose jumped-over neighbour is occupied, so that the landings
// of a set of nodes are (nodes & pivots) shifted, six times.
struct ClassJumps {
  GridBitboard pivots[kDirections];

  // Every landing of one jump from any node of `from` (occupancy not checked).
  GridBitboard landings(GridBitboard from) const {
    return (from & pivots[kEast]).shifted<Geometry::grid_jump_shift(kEast)>() |
           (from & pivots[kNorthEast]).shifted<Geometry::grid_jump_shift(kNorthEast)>() |
           (from & pivots[kNorthWest]).shifted<Geometry::grid_jump_shift(kNorthWest)>() |
           (from & pivots[kWest]).shifted<Geometry::grid_jump_shift(kWest)>() |
           (from & pivots[kSouthWest]).shifted<Geometry::grid_jump_shift(kSouthWest)>() |
           (from & pivots[kSouthEast]).shifted<Geometry::grid_jump_shift(kSouthEast)>();
  }

  // Every node a chain from `start` reaches through `passable` nodes.
  GridBitboard flood(GridBitboard start, GridBitboard passable) const {
    GridBitboard reach;
    GridBitboard frontier = start;
    while (frontier) {
      frontier = landings(frontier) & passable & ~reach;
      reach |= frontier;
    }
    return reach & ~start;
  }
};

template <int kClass, int kDirection>
GridBitboard class_pivots(const Board& board) {
  return board.grid_occupied(Geometry::pivot_class(kClass, kDirection))
      .template shifted<Geometry::pivot_shift(kClass, kDirection)>();
}

template <int kClass>
ClassJumps class_jumps(const Board& board) {
  return ClassJumps{{class_pivots<kClass, kEast>(board), class_pivots<kClass, kNorthEast>(board),
                     class_pivots<kClass, kNorthWest>(board), class_pivots<kClass, kWest>(board),
                     class_pivots<kClass, kSouthWest>(board),
                     class_pivots<kClass, kSouthEast>(board)}};
}

inline ClassJumps class_jumps(const Board& board, int parity_class) {
  switch (parity_class) {
    case 0:
      return class_jumps<0>(board);
    case 1:
      return class_jumps<1>(board);
    case 2:
      return class_jumps<2>(board);
    default:
      return class_jumps<3>(board);
  }
}

// Chain ends are shared: two empty nodes joined by a jump are joined both
// ways (the same pivot serves), so the empty nodes of a class fall into
// connected components, and a piece's chains end exactly on the components
// it can jump into. For the same reason the pieces that jump into a
// component C are landings(C) & pieces. Components are found once per
// class for all of a player's pieces.
struct ClassComponents {
  // A class has at most 37 holes, so at most 37 components.
  static constexpr int kCapacity = 40;
  ClassComponents() {}
  int count = 0;
  GridBitboard empty;
  // Left uninitialised (one is made per class at every perft leaf): only
  // the first `count` entries are ever read.
  union {
    GridBitboard nodes[kCapacity];
  };
  // The nodes one jump away from the component (its pieces among them).
  union {
    GridBitboard jumpers[kCapacity];
  };

  // Finds the components of `empty` that a jump from `pieces` lands on.
  void find(const ClassJumps& jumps, GridBitboard pieces, GridBitboard empty_nodes) {
    empty = empty_nodes;
    count = 0;
    GridBitboard unexplained = jumps.landings(pieces) & empty;
    while (unexplained) {
      GridBitboard component = unexplained.lowest_bit();
      GridBitboard frontier = component;
      GridBitboard around;
      while (frontier) {
        const GridBitboard landings = jumps.landings(frontier);
        around |= landings;
        frontier = landings & empty & ~component;
        component |= frontier;
      }
      assert(count < kCapacity);
      nodes[count] = component;
      jumpers[count++] = around;
      unexplained &= ~component;
    }
  }

  // Where the chains of the piece on grid node `piece` end.
  GridBitboard reach(GridBitboard piece) const {
    GridBitboard reach;
    for (int i = 0; i < count; ++i)
      if ((jumpers[i] & piece).any()) reach |= nodes[i];
    return reach;
  }
};

}  // namespace tiaoqi
