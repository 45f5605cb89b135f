#pragma once

#include <cstdint>

#include "engine/score.hpp"
#include "engine/search/control.hpp"

namespace tiaoqi::search {

// What the depth-first searches (alpha-beta, paranoid, best-reply, max^n)
// share besides move ordering, repetitions and the principal variation.

inline constexpr int kMaxPly = 128;
inline constexpr int kInfinity = kWinScore + 1000;

// The alpha-beta's parameters (options AspirationWindow, NullMove and
// LateMoveReductions; alphabeta.cpp says what each one does).
struct AlphaBetaConfig {
  // The half-width of the window around the last depth's score, from
  // depth 4 on; it doubles on every fail.
  int aspiration_window = 60;
  bool null_move = true;
  bool late_move_reductions = true;
};

// How often (in nodes) the clock and the node limit are read.
inline constexpr std::uint64_t kPollInterval = 256;

// Whether a search that has completed depth 1 stops at this node: at the
// node limit exactly, on time and on stop when it polls.
inline bool limits_reached(const SearchControl& control, std::uint64_t nodes, bool poll) {
  return poll ? control.should_stop(nodes) : control.node_limit_reached(nodes);
}

// Iterative deepening goes on after completing `depth` with `score`: not
// once a forced result is within the depth (a deeper look cannot change
// it), nor past the soft time limit (`timed`: a helper thread is stopped
// by its main thread instead).
inline bool deepen_further(const SearchControl& control, int depth, int score, bool timed) {
  if (is_win(score < 0 ? -score : score) && plies_to_result(score) < depth) return false;
  return !(timed && control.soft_time_up());
}

// Forced results are stored in the table relative to the node, not the root.
inline int to_table(int score, int ply) {
  if (is_win(score)) return score + ply;
  if (is_loss(score)) return score - ply;
  return score;
}

inline int from_table(int score, int ply) {
  if (is_win(score)) return score - ply;
  if (is_loss(score)) return score + ply;
  return score;
}

}  // namespace tiaoqi::search
