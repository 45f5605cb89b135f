#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/win_shares.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi::search::mcts {

// The playouts' generator (SplitMix64): fast, and the same numbers for the
// same seed, so that one thread replays a search exactly.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return util::splitmix64_next(state_); }
  // Uniform in [0, bound).
  int below(int bound) {
    return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(bound)) >> 32);
  }
  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

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
  std::function<void(Position& world, Random& random)> draw;
  // Plays on from where the tree ends and scores it, adding the moves to
  // the trace, as play_out() does. Empty: play_out().
  std::function<WinShares(Position& world, Random& random, Trace& trace)> simulate;
};

// The playout policy (epsilon-greedy): with probability `epsilon` any
// legal move, otherwise one of the moves that bring their piece nearest
// its target tip.
Move playout_move(const Position& position, const MoveList& moves, double epsilon, Random& random);

// Plays at most `plies` plies of the playout policy from `position`
// (players without a legal move are eliminated on the way), adds them to
// `trace`, and scores where it stopped: the final shares of a finished
// game, the evaluation's otherwise.
WinShares play_out(Position& position, int plies, double epsilon, Random& random, Trace& trace);

}  // namespace tiaoqi::search::mcts
