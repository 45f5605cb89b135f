#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/rules.hpp"

namespace tiaoqi {

// What the move generator reads of a position: the pieces on the holes
// under their rules, whose turn it is and whether the game has ended.
// Position (position.hpp) is a Board with the rest of a game's state and
// the rules of play on top. The generator takes a Board so that playing a
// move can ask it for moves (EqualTurnsAtOnce) while the generator knows
// nothing of playing them.
class Board {
 public:
  const Rules& rules() const { return *rules_; }
  const Geometry& geometry() const { return rules_->geometry(); }

  Bitboard army(int army_index) const { return armies_[army_index]; }
  Bitboard occupied() const { return occupied_; }
  Bitboard pieces_of(int player) const;
  const GridBitboard& grid_occupied(int parity_class) const { return grid_occupied_[parity_class]; }
  // The army on a hole, or -1 when the hole is empty. Only seated armies
  // have pieces, so only they are looked at.
  int army_at(Hole h) const {
    if (!occupied_.test(h)) return -1;
    for (unsigned armies = rules_->seated_armies(); armies; armies &= armies - 1) {
      const int army = std::countr_zero(armies);
      if (armies_[army].test(h)) return army;
    }
    return -1;
  }

  int side_to_move() const { return side_; }
  bool is_over() const { return over_; }

 protected:
  explicit Board(const Rules& rules) : rules_(&rules) {}

  // Position keeps these in step with its hash and its end-of-game rules.
  const Rules* rules_;
  std::array<Bitboard, kArmies> armies_{};
  Bitboard occupied_;
  std::array<GridBitboard, kParityClasses> grid_occupied_{};
  std::uint8_t side_ = 0;
  bool over_ = false;
};

}  // namespace tiaoqi
