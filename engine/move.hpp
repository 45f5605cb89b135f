#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

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
inline constexpr int kMaxPiecesOfPlayer = 30;
inline constexpr int kMaxMoves = 4096;
static_assert(kMaxMoves >= kMaxPiecesOfPlayer * (kMaxHoles - 1));

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

// The legal moves of one piece: where it starts, its army, and every hole
// it may end on.
struct PieceMoves {
  Hole from = kNoHole;
  std::uint8_t army = 0;
  Bitboard to;
};

// The legal moves grouped by piece, for a choice that looks at whole sets
// of ends at once (the MCTS playouts) rather than at each move. Only
// pieces that can move are listed.
class PieceMoveList {
 public:
  PieceMoveList() {}
  void add(Hole from, int army, Bitboard to) {
    assert(size_ < kMaxPiecesOfPlayer);
    pieces_[size_++] = {from, static_cast<std::uint8_t>(army), to};
    move_count_ += to.count();
  }
  void clear() {
    size_ = 0;
    move_count_ = 0;
  }
  bool empty() const { return size_ == 0; }
  int move_count() const { return move_count_; }
  // The moves in order: piece by piece, each piece's ends by hole index.
  Move move(int index) const {
    assert(index >= 0 && index < move_count_);
    for (const PieceMoves& piece : *this) {
      const int ends = piece.to.count();
      if (index >= ends) {
        index -= ends;
        continue;
      }
      for (int to : piece.to)
        if (index-- == 0) return {piece.from, static_cast<Hole>(to)};
    }
    return {};
  }
  const PieceMoves* begin() const { return pieces_; }
  const PieceMoves* end() const { return pieces_ + size_; }

 private:
  union {
    PieceMoves pieces_[kMaxPiecesOfPlayer];
  };
  int size_ = 0;
  int move_count_ = 0;
};

}  // namespace tiaoqi
