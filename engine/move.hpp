#pragma once

#include <array>
#include <cstddef>

#include "engine/geometry.hpp"

namespace tiaoqi {

// A move is identified by its start and end holes (docs/rules.md, "Moves"):
// the path a chain takes is display detail, found again by shortest_path().
struct Move {
  Hole from = kNoHole;
  Hole to = kNoHole;

  constexpr bool is_none() const { return from == kNoHole; }
  constexpr bool operator==(const Move&) const = default;
};

// Every player owns at most 30 pieces, each with at most 120 destinations,
// so no position has more moves than this.
inline constexpr int kMaxMoves = 4096;

// A fixed-capacity move list that lives on the stack.
class MoveList {
 public:
  void add(Move move) { moves_[size_++] = move; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int index) const { return moves_[index]; }
  Move& operator[](int index) { return moves_[index]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move move) const {
    for (const Move& m : *this)
      if (m == move) return true;
    return false;
  }

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_ = 0;
};

}  // namespace tiaoqi
