#pragma once

#include <array>

#include "engine/search/movepick.hpp"

namespace tiaoqi::search {

// The principal variation of every ply, triangular: the line below a ply
// is copied up when its move becomes the best.
class PvTable {
 public:
  void clear(int ply) { length_[ply] = 0; }
  // `move` is the new best at `ply`, followed by the line of ply + 1.
  void update(int ply, Move move) {
    moves_[ply][0] = move;
    for (int i = 0; i < length_[ply + 1]; ++i) moves_[ply][i + 1] = moves_[ply + 1][i];
    length_[ply] = length_[ply + 1] + 1;
  }
  int length(int ply) const { return length_[ply]; }
  const Move* line(int ply) const { return moves_[ply].data(); }

 private:
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> moves_{};
  std::array<int, kMaxPly + 1> length_{};
};

}  // namespace tiaoqi::search
