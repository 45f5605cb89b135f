#include "engine/board.hpp"

namespace tiaoqi {

Bitboard Board::pieces_of(int player) const {
  Bitboard pieces;
  for (int army = 0; army < kArmies; ++army)
    if (rules_->armies_of(player) >> army & 1) pieces |= armies_[army];
  return pieces;
}

}  // namespace tiaoqi
