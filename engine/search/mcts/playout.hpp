#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/move.hpp"
#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/search/win_shares.hpp"
#include "engine/util/random.hpp"

namespace tiaoqi::search::mcts {

// The moves of one simulation, in the tree and the playout, for
// progressive history.
struct PlayedMove {
  int player;
  Move move;
};
using Trace = std::vector<PlayedMove>;

// Imperfect information (the dragons variant): what a search over worlds
// adds to the search of one position.
struct Worlds {
  // Places what the root's player cannot see (the hidden dragons) on a
  // copy of the root, drawn for one iteration. Empty: every iteration
  // plays the root as it is.
  std::function<void(Position& world, util::Random& random)> draw;
  // Plays on from where the tree ends and scores it, adding the moves to
  // the trace, as play_out() does. Empty: play_out().
  std::function<WinShares(Position& world, util::Random& random, Trace& trace)> simulate;
};

// The playout policy (epsilon-greedy): with probability `epsilon` any
// legal move, otherwise one of the moves that bring their piece nearest
// its target tip, each with the same chance. It reads the moves by piece:
// only the ends that can match the best gain so far are looked at.
Move playout_move(const Position& position, const PieceMoveList& moves, double epsilon,
                  util::Random& random);

// Plays at most `plies` plies from `position`, each move chosen by
// `choose(position, moves, random)` from the legal moves listed as a
// `Moves` (MoveList or PieceMoveList; a player without a legal move is
// taken out as the rules say, eliminate_side_to_move), adds them to
// `trace`, and returns `score(position)` where it stopped (in a finished
// game or not). Every simulation loop is this one; the searches differ in
// their move choice and their score.
template <class Moves, class Choose, class Score>
auto play_out_with(Position& position, int plies, util::Random& random, Trace& trace,
                   const Choose& choose, const Score& score) {
  Moves moves;
  for (int ply = 0; ply < plies && !position.is_over(); ++ply) {
    generate_moves(position, moves);
    if (moves.empty()) {
      position.eliminate_side_to_move();
      continue;
    }
    const Move move = choose(position, moves, random);
    trace.push_back({position.side_to_move(), move});
    position.play(move);
  }
  return score(position);
}

// The playout of the standard game: the policy above, scored by the
// result of a finished game or, where it is cut off, by the evaluation at
// `share_scale` (static_outcome()).
Outcome play_out(Position& position, int plies, double epsilon, double share_scale,
                 util::Random& random, Trace& trace);

}  // namespace tiaoqi::search::mcts
