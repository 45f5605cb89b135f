#pragma once

#include <array>
#include <cassert>
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

// A fixed-capacity move list that lives on the stack. Its storage is left
// uninitialised (a list is made at every node of a search or perft, and
// only the first size() entries are ever read).
class MoveList {
 public:
  MoveList() {}
  void add(Move move) {
    assert(size_ < kMaxMoves);
    moves_[size_++] = move;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int index) const {
    assert(index >= 0 && index < size_);
    return moves_[index];
  }
  Move& operator[](int index) {
    assert(index >= 0 && index < size_);
    return moves_[index];
  }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  bool contains(Move move) const {
    for (const Move& m : *this)
      if (m == move) return true;
    return false;
  }

 private:
  union {
    Move moves_[kMaxMoves];
  };
  int size_ = 0;
};

}  // namespace tiaoqi
