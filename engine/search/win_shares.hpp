#pragma once

#include <array>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi::search {

// Each player's expected share of the win, by seat: in [0, 1], 0 for the
// players out of the game, summing to 1. The searches of three or more
// players report them (`info ... values`); max^n and MCTS search with them.
using WinShares = std::array<double, kMaxPlayers>;

// Centi-steps of evaluation per unit of log-odds: the scale bench/tune
// fitted between the evaluation and two-player results (a lead of 461
// centi-steps wins 73% of games). Shares of more players extend the same
// model as a softmax.
inline constexpr double kShareScale = 461;

// A finished game: the first place (or the players sharing it) takes all.
WinShares final_shares(const Position& over);

// Whether a finished game has `player` first, alone.
bool wins_alone(const Position& over, int player);

// The static evaluation as shares: a softmax over the players still in
// the game of -(cost) / scale, the side to move's cost lowered by the
// tempo bonus (evaluate()'s terms). With two players and kShareScale the
// side to move gets sigmoid(evaluate() / kShareScale), the tuner's model
// of a result. A smaller scale makes the same lead count for more (MCTS
// at six players, mcts/config.hpp).
WinShares static_shares(const Position& position, double scale = kShareScale);

// What a simulation of MCTS scores, two ways. `win`: the shares of the win
// above, what the searches report. `ahead`: each player's expected share
// of the other players it finishes ahead of (a tie counts half), the same
// race read pairwise. In a finished game it follows the places. At a
// cut-off, player p is ahead of q with the two-player model's chance,
// sigmoid((q's cost - p's cost) / scale), and ahead of every player out of
// the game, who gets 0. With two players the two agree.
struct Outcome {
  WinShares win{};
  WinShares ahead{};
};

// What MCTS's tree learns from an outcome: `win_weight` times each
// player's share of the win plus the rest times its ahead share.
WinShares learned_reward(const Outcome& outcome, double win_weight);

Outcome final_outcome(const Position& over);
// Both readings of log-shares of the win by seat (a learned value's): the
// softmax over the players still in the game, and the pairwise chances
// it implies.
Outcome outcome_of_log_shares(const Position& position,
                              const std::array<double, kMaxPlayers>& log_shares);
// Both readings of the static evaluation, from one evaluation.
Outcome static_outcome(const Position& position, double scale);

// The shares a score of a depth-first search (alpha-beta, paranoid,
// best-reply, greedy) stands for, from the side to move's view at `root`
// after the line `pv`: at the line's end the other players keep their
// static (or final) shares relative to each other, and the root player's
// log-share is the best other's plus score / kShareScale, so that its
// score against the strongest opponent is the search's. A forced win
// gives the root player everything, a forced loss nothing.
WinShares shares_of_score(const Position& root, const std::vector<Move>& pv, int score);

// The inverse for shares found otherwise (max^n, MCTS): the score, on the
// evaluation's scale, of `player` against the best other player still in
// the game; clamped below the forced-result scores. `scale` is the one the
// shares were made with (static_shares()).
int score_of_shares(const Position& position, const WinShares& shares, int player,
                    double scale = kShareScale);

}  // namespace tiaoqi::search
