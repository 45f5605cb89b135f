#pragma once

namespace tiaoqi {

// The one score scale of the engine: centi-steps from the mover's view
// (100 = one step of progress); a forced result is kWinScore minus the
// plies to it (negated for a loss). The scale fits the transposition
// table's 16-bit scores; static evaluations are clamped below
// kWinThreshold so that they never read as forced results.
inline constexpr int kWinScore = 30'000;
inline constexpr int kWinThreshold = kWinScore - 1'000;
inline constexpr int kMaxEvalScore = kWinThreshold - 1;

constexpr int win_in(int plies) { return kWinScore - plies; }
constexpr int loss_in(int plies) { return -(kWinScore - plies); }
constexpr bool is_win(int score) { return score >= kWinThreshold; }
constexpr bool is_loss(int score) { return score <= -kWinThreshold; }
constexpr int plies_to_result(int score) { return kWinScore - (score < 0 ? -score : score); }

}  // namespace tiaoqi
