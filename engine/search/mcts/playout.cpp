#include "engine/search/mcts/playout.hpp"

#include <bit>

#include "engine/movegen.hpp"
#include "engine/search/movepick.hpp"

namespace tiaoqi::search::mcts {

Move playout_move(const Position& position, const MoveList& moves, double epsilon,
                  util::Random& random) {
  if (random.unit() < epsilon) return moves[random.below(moves.size())];
  // A player of one army needs no look-up of the army that moves.
  const Rules& rules = position.rules();
  const std::uint8_t armies = rules.armies_of(position.side_to_move());
  const int only_army = std::has_single_bit(armies) ? std::countr_zero(armies) : -1;
  int best_gain = -1000;
  int ties = 0;
  Move best;
  for (const Move& move : moves) {
    const int gain =
        progress_gain(rules, only_army >= 0 ? only_army : position.army_at(move.from), move);
    if (gain < best_gain) continue;
    if (gain > best_gain) {
      best_gain = gain;
      ties = 0;
    }
    // Reservoir sampling: each of the equal best moves has the same chance.
    if (random.below(++ties) == 0) best = move;
  }
  return best;
}

WinShares play_out(Position& position, int plies, double epsilon, double share_scale,
                   util::Random& random, Trace& trace) {
  return play_out_with(
      position, plies, random, trace,
      [epsilon](const Position& at, const MoveList& moves, util::Random& draw) {
        return playout_move(at, moves, epsilon, draw);
      },
      [share_scale](const Position& at) { return static_shares(at, share_scale); });
}

}  // namespace tiaoqi::search::mcts
