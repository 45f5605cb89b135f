#include "engine/search/movepick.hpp"

namespace tiaoqi::search {
namespace {

constexpr int kHistoryLimit = 16384;
constexpr int kTableMoveKey = 1 << 30;
constexpr int kGainWeight = 1 << 16;

void add_history(int& entry, int bonus) {
  // Gravity keeps the entries within +-kHistoryLimit.
  entry += bonus - entry * (bonus < 0 ? -bonus : bonus) / kHistoryLimit;
}

}  // namespace

void MoveOrdering::clear() {
  killers_ = {};
  for (auto& row : history_) row.fill(0);
}

void MoveOrdering::order(const Position& position, MoveList& moves, Move table_move, int ply,
                         MoveKeys& keys) const {
  const int count = moves.size();
  for (int i = 0; i < count; ++i) {
    const Move move = moves[i];
    int key;
    if (move == table_move)
      key = kTableMoveKey;
    else if (move == killers_[ply][0] || move == killers_[ply][1])
      key = kKillerKey + progress_gain(position, move);
    else
      key = progress_gain(position, move) * kGainWeight + history_[move.from][move.to];
    keys[i] = key;
  }
  // Insertion sort: move lists are short and often nearly ordered.
  for (int i = 1; i < count; ++i) {
    const Move move = moves[i];
    const int key = keys[i];
    int j = i - 1;
    while (j >= 0 && keys[j] < key) {
      moves[j + 1] = moves[j];
      keys[j + 1] = keys[j];
      --j;
    }
    moves[j + 1] = move;
    keys[j + 1] = key;
  }
}

void MoveOrdering::reward(const MoveList& moves, int best, int ply, int depth) {
  const Move move = moves[best];
  if (move != killers_[ply][0]) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = move;
  }
  add_history(history_[move.from][move.to], depth * depth);
  // The moves ordered before this one. With several threads some of them
  // may have been put off rather than searched; they lose a little history
  // all the same, which is cheaper than tracking them.
  for (int j = 0; j < best; ++j) add_history(history_[moves[j].from][moves[j].to], -depth * depth);
}

}  // namespace tiaoqi::search
