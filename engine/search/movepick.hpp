#pragma once

#include <array>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/depth_first.hpp"

namespace tiaoqi::search {

// How much closer a move brings its piece to its army's target tip, in
// steps (negative for a move away).
inline int progress_gain(const Rules& rules, int army, Move move) {
  return rules.tip_distance(army, move.from) - rules.tip_distance(army, move.to);
}
inline int progress_gain(const Position& position, Move move) {
  return progress_gain(position.rules(), position.army_at(move.from), move);
}

// Sort keys of one node's moves, parallel to its MoveList.
using MoveKeys = std::array<int, kMaxMoves>;

// The move order the depth-first searches share (alpha-beta, paranoid,
// best-reply, max^n): the table's move, then the two killers of the ply,
// then the others by progress, ties by butterfly history. Each search
// thread has its own.
class MoveOrdering {
 public:
  // Keys at and above this belong to the table's move and the killers;
  // the searches use it to tell quiet late moves apart.
  static constexpr int kKillerKey = 1 << 28;

  void clear();
  // Sorts `moves` best first and leaves their keys in `keys`.
  void order(const Position& position, MoveList& moves, Move table_move, int ply,
             MoveKeys& keys) const;
  // moves[best] was best at this node (a cutoff, or max^n's choice): it
  // becomes a killer and gains history; the moves tried before it lose some.
  void reward(const MoveList& moves, int best, int ply, int depth);

 private:
  std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
  std::array<std::array<int, kMaxHoles>, kMaxHoles> history_{};
};

}  // namespace tiaoqi::search
