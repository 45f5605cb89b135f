#include "engine/search/win_shares.hpp"

#include <algorithm>
#include <cmath>

#include "engine/eval.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/score.hpp"

namespace tiaoqi::search {
namespace {

// Normalises exp(log_share) over the players with a log-share; the others
// (-infinity) get 0.
WinShares softmax(const std::array<double, kMaxPlayers>& log_shares, int players) {
  const double top = *std::max_element(log_shares.begin(), log_shares.begin() + players);
  WinShares shares{};
  double sum = 0;
  for (int p = 0; p < players; ++p) {
    shares[p] = std::isinf(log_shares[p]) ? 0.0 : std::exp(log_shares[p] - top);
    sum += shares[p];
  }
  for (int p = 0; p < players; ++p) shares[p] /= sum;
  return shares;
}

constexpr double kNoShare = -INFINITY;

// Each player's cost as the shares read it, in centi-steps, the side to
// move's already lowered by its tempo; players out of the game are not
// read.
using PlayerCosts = std::array<int, kMaxPlayers>;

}  // namespace

WinShares final_shares(const Position& over) {
  const int players = over.rules().player_count();
  int first = 0;
  for (int p = 0; p < players; ++p) first += over.place_of(p) == 0;
  WinShares shares{};
  for (int p = 0; p < players; ++p)
    if (over.place_of(p) == 0) shares[p] = 1.0 / first;
  return shares;
}

bool wins_alone(const Position& over, int player) {
  if (!over.is_over() || over.place_of(player) != 0) return false;
  for (int p = 0; p < over.rules().player_count(); ++p)
    if (p != player && over.place_of(p) == 0) return false;
  return true;
}

namespace {

WinShares shares_of_costs(const Position& position, const PlayerCosts& costs, double scale) {
  const int players = position.rules().player_count();
  std::array<double, kMaxPlayers> log_shares{};
  for (int p = 0; p < players; ++p)
    log_shares[p] = position.is_eliminated(p) ? kNoShare : -costs[p] / scale;
  return softmax(log_shares, players);
}

// The outcome from its shares of the win.
Outcome outcome_of_shares(const WinShares& win, int players) {
  Outcome outcome;
  outcome.win = win;
  if (players == 1) {
    outcome.ahead = outcome.win;
    return outcome;
  }
  // The two-player model on two log-shares, sigmoid(l_p - l_q), is
  // w_p / (w_p + w_q) of their shares: no exponential more. A player out
  // (share 0) is behind everyone; shares of players still in are never 0,
  // since costs stay far inside the range of exp().
  for (int p = 0; p < players; ++p) {
    const double share = outcome.win[p];
    if (share == 0) continue;
    double ahead = 0;
    for (int q = 0; q < players; ++q)
      if (q != p) ahead += share / (share + outcome.win[q]);
    outcome.ahead[p] = ahead / (players - 1);
  }
  return outcome;
}

}  // namespace

WinShares static_shares(const Position& position, double scale) {
  if (position.is_over()) return final_shares(position);
  const int side = position.side_to_move();
  const EvalTerms terms = evaluate_terms(position, side);
  PlayerCosts costs{};
  for (int p = 0; p < terms.players; ++p)
    costs[p] = terms.player[p].cost - (p == side ? kEvalWeights.tempo : 0);
  return shares_of_costs(position, costs, scale);
}

WinShares learned_reward(const Outcome& outcome, double win_weight) {
  WinShares reward;
  for (std::size_t p = 0; p < reward.size(); ++p)
    reward[p] = win_weight * outcome.win[p] + (1 - win_weight) * outcome.ahead[p];
  return reward;
}

Outcome final_outcome(const Position& over) {
  const int players = over.rules().player_count();
  Outcome outcome;
  outcome.win = final_shares(over);
  if (players == 1) {
    outcome.ahead = outcome.win;
    return outcome;
  }
  for (int p = 0; p < players; ++p) {
    double ahead = 0;
    for (int q = 0; q < players; ++q) {
      if (q == p) continue;
      const int mine = over.place_of(p), theirs = over.place_of(q);
      ahead += mine < theirs ? 1.0 : mine == theirs ? 0.5 : 0.0;
    }
    outcome.ahead[p] = ahead / (players - 1);
  }
  return outcome;
}

Outcome outcome_of_log_shares(const Position& position,
                              const std::array<double, kMaxPlayers>& log_shares) {
  const int players = position.rules().player_count();
  std::array<double, kMaxPlayers> in_game{};
  for (int p = 0; p < players; ++p)
    in_game[p] = position.is_eliminated(p) ? kNoShare : log_shares[p];
  return outcome_of_shares(softmax(in_game, players), players);
}

Outcome static_outcome(const Position& position, double scale) {
  if (position.is_over()) return final_outcome(position);
  return outcome_of_shares(static_shares(position, scale), position.rules().player_count());
}

WinShares shares_of_score(const Position& root, const std::vector<Move>& pv, int score) {
  const int players = root.rules().player_count();
  const int player = root.side_to_move();
  Position end = root;
  for (const Move& move : pv) {
    MoveList legal;
    if (!end.is_over()) generate_moves(end, legal);
    if (!legal.contains(move)) break;
    end.play(move);
    settle(end);
  }
  const WinShares at_end = static_shares(end);
  std::array<double, kMaxPlayers> log_shares{};
  double best_other = kNoShare;
  for (int p = 0; p < players; ++p) {
    const bool counts = p != player && !root.is_eliminated(p) && at_end[p] > 0;
    log_shares[p] = counts ? std::log(at_end[p]) : kNoShare;
    best_other = std::max(best_other, log_shares[p]);
  }
  WinShares shares{};
  if (is_win(score) || std::isinf(best_other)) {
    shares[player] = 1;
    return shares;
  }
  if (is_loss(score)) return softmax(log_shares, players);
  log_shares[player] = best_other + score / kShareScale;
  return softmax(log_shares, players);
}

int score_of_shares(const Position& position, const WinShares& shares, int player, double scale) {
  // Shares this small stand for a result the scale cannot tell apart.
  constexpr double kFloor = 1e-9;
  double best_other = 0;
  for (int p = 0; p < position.rules().player_count(); ++p)
    if (p != player && !position.is_eliminated(p)) best_other = std::max(best_other, shares[p]);
  const double log_odds =
      std::log(std::max(shares[player], kFloor)) - std::log(std::max(best_other, kFloor));
  const double score = std::clamp(log_odds * scale, -double{kMaxEvalScore}, double{kMaxEvalScore});
  return static_cast<int>(std::lround(score));
}

}  // namespace tiaoqi::search
