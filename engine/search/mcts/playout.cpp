#include "engine/search/mcts/playout.hpp"

#include "engine/movegen.hpp"

namespace tiaoqi::search::mcts {

Move playout_move(const Position& position, const PieceMoveList& moves, double epsilon,
                  util::Random& random) {
  if (random.unit() < epsilon) return moves.move(random.below(moves.move_count()));
  const Rules& rules = position.rules();
  int best_gain = -Rules::kMaxTipDistance - 1;
  int ties = 0;
  Move best;
  for (const PieceMoves& piece : moves) {
    const int from_distance = rules.tip_distance(piece.army, piece.from);
    // The ends whose gain can equal the best so far: no farther from the
    // tip than this (the others are never read).
    const int farthest = from_distance - best_gain;
    if (farthest < 0) continue;
    const Bitboard candidates =
        farthest >= Rules::kMaxTipDistance
            ? piece.to
            : piece.to & ~rules.tip_distance_at_least(piece.army, farthest + 1);
    for (int to : candidates) {
      const int gain = from_distance - rules.tip_distance(piece.army, static_cast<Hole>(to));
      if (gain < best_gain) continue;
      if (gain > best_gain) {
        best_gain = gain;
        ties = 0;
      }
      // Reservoir sampling: each of the equal best moves has the same chance.
      if (random.below(++ties) == 0) best = {piece.from, static_cast<Hole>(to)};
    }
  }
  return best;
}

Outcome play_out(Position& position, int plies, double epsilon, double share_scale,
                 util::Random& random, Trace& trace) {
  return play_out_with<PieceMoveList>(
      position, plies, random, trace,
      [epsilon](const Position& at, const PieceMoveList& moves, util::Random& draw) {
        return playout_move(at, moves, epsilon, draw);
      },
      [share_scale](const Position& at) { return static_outcome(at, share_scale); });
}

}  // namespace tiaoqi::search::mcts
