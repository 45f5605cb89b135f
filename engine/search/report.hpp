#pragma once

#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi {

// Scores inside the search are centi-steps from the mover's view; a forced
// result is kWinScore minus the plies to it (negated for a loss). The scale
// fits the transposition table's 16-bit scores; static evaluations are
// clamped below kWinThreshold so that they never read as forced results.
inline constexpr int kWinScore = 30'000;
inline constexpr int kWinThreshold = kWinScore - 1'000;
inline constexpr int kMaxEvalScore = kWinThreshold - 1;

inline int win_in(int plies) { return kWinScore - plies; }
inline int loss_in(int plies) { return -(kWinScore - plies); }
inline bool is_win(int score) { return score >= kWinThreshold; }
inline bool is_loss(int score) { return score <= -kWinThreshold; }
inline int plies_to_result(int score) { return kWinScore - (score < 0 ? -score : score); }

// One line of search progress, for the `info` output.
struct SearchInfo {
  const Position* root = nullptr;
  int depth = 0;
  int seldepth = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nodes = 0;
  int multipv = 1;
  int score = 0;
  // Permille of the transposition table in use; -1 when the search has none.
  int hashfull = -1;
  std::vector<Move> pv;
};

struct SearchResult {
  Move best;
  // The reply expected after `best`, in the position after it.
  Move ponder;
  int score = 0;
  std::uint64_t nodes = 0;
};

}  // namespace tiaoqi
