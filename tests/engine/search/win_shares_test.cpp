#include "engine/search/win_shares.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "engine/eval.hpp"
#include "engine/score.hpp"
#include "engine/search/mcts/config.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

double sum_of(const WinShares& shares) {
  double sum = 0;
  for (double share : shares) sum += share;
  return sum;
}

// A position points at its rules, so the setup that owns them comes along.
GameSetup middle_game(int players, unsigned seed) {
  RuleOptions options;
  options.players = players;
  GameSetup game = tiaoqi::testing::start_of(options);
  game.position = tiaoqi::testing::random_playout(game.position, seed, 8 * players);
  return game;
}

// Two players: the side to move's share is the tuner's model of a result,
// sigmoid(evaluation / scale).
TEST(WinShares, TwoPlayerSharesAreTheLogisticOfTheEvaluation) {
  const GameSetup game = middle_game(2, 4);
  const Position& position = game.position;
  const WinShares shares = static_shares(position);
  const double expected = 1 / (1 + std::exp(-evaluate(position) / kShareScale));
  EXPECT_NEAR(shares[position.side_to_move()], expected, 1e-12);
  EXPECT_NEAR(sum_of(shares), 1, 1e-12);
}

TEST(WinShares, SharesSumToOneAndLeaveEliminatedPlayersOut) {
  GameSetup game = middle_game(6, 5);
  Position& position = game.position;
  position.set_eliminated(3);
  const WinShares shares = static_shares(position);
  EXPECT_EQ(shares[3], 0);
  EXPECT_NEAR(sum_of(shares), 1, 1e-12);
  for (double share : shares) EXPECT_GE(share, 0);
}

// The scale divides every log-share alike: a third of it triples each
// log-odds between two players, and the leader's share grows.
TEST(WinShares, ASmallerScaleSharpensTheSharesInProportion) {
  const GameSetup game = middle_game(6, 7);
  const Position& position = game.position;
  const WinShares fitted = static_shares(position);
  const WinShares sharp = static_shares(position, kShareScale / 3);
  const auto leader = std::max_element(fitted.begin(), fitted.end()) - fitted.begin();
  EXPECT_GT(sharp[leader], fitted[leader]);
  for (int p = 0; p < 6; ++p) {
    if (p == leader) continue;
    EXPECT_NEAR(std::log(sharp[leader] / sharp[p]), 3 * std::log(fitted[leader] / fitted[p]), 1e-9);
  }
  EXPECT_NEAR(sum_of(sharp), 1, 1e-12);
}

// A search score and the shares it stands for convert into each other.
TEST(WinShares, ScoresAndSharesConvertBothWays) {
  for (int players : {2, 3, 6}) {
    const GameSetup game = middle_game(players, 6);
    const Position& root = game.position;
    for (int score : {-800, -130, 0, 45, 700}) {
      const WinShares shares = shares_of_score(root, {}, score);
      EXPECT_NEAR(sum_of(shares), 1, 1e-12);
      EXPECT_NEAR(score_of_shares(root, shares, root.side_to_move()), score, 1) << players;
    }
    const WinShares won = shares_of_score(root, {}, win_in(3));
    EXPECT_EQ(won[root.side_to_move()], 1);
    const WinShares lost = shares_of_score(root, {}, loss_in(2));
    EXPECT_EQ(lost[root.side_to_move()], 0);
    EXPECT_NEAR(sum_of(lost), 1, 1e-12);
  }
}

// The share of the win goes to the winner alone; the ahead reward follows
// the places: the winner is ahead of both others, the second of one, the
// last of none.
TEST(WinShares, AFinishedGameGoesToItsWinner) {
  GameSetup game = middle_game(3, 7);
  Position& position = game.position;
  position.set_eliminated(0);
  position.set_eliminated(2);
  position.conclude_setup();
  ASSERT_TRUE(position.is_over());
  const WinShares shares = final_shares(position);
  EXPECT_EQ(shares[1], 1);
  EXPECT_EQ(shares[0] + shares[2], 0);
  const Outcome outcome = final_outcome(position);
  EXPECT_EQ(outcome.win, shares);
  EXPECT_EQ(outcome.ahead[1], 1);
  EXPECT_NE(position.place_of(0), position.place_of(2));
  for (int p : {0, 2}) EXPECT_EQ(outcome.ahead[p], position.place_of(p) == 1 ? 0.5 : 0) << p;
  EXPECT_EQ(static_outcome(position, 250).ahead, outcome.ahead);

  // MCTS learns both readings, weighed: half of each from three players on.
  const int second = position.place_of(0) == 1 ? 0 : 2;
  const int last = 2 - second;
  EXPECT_EQ(learned_reward(outcome, 1), outcome.win);
  EXPECT_EQ(learned_reward(outcome, 0), outcome.ahead);
  const WinShares half = learned_reward(outcome, mcts::config_for(3).win_weight);
  EXPECT_DOUBLE_EQ(half[1], 1);
  EXPECT_DOUBLE_EQ(half[second], 0.25);
  EXPECT_DOUBLE_EQ(half[last], 0);
}

// The ahead reward: p is ahead of q with the chance w_p / (w_p + w_q) of
// their shares of the win (the two-player model on their log-shares), so
// the rewards of n players still in sum to n / 2, and they rank the
// players as the shares do.
TEST(WinShares, TheAheadRewardReadsTheRacePairwise) {
  for (int players : {3, 6}) {
    const GameSetup game = middle_game(players, 9);
    const Position& position = game.position;
    const Outcome outcome = static_outcome(position, 250);
    const WinShares win = static_shares(position, 250);
    for (int p = 0; p < players; ++p) {
      EXPECT_NEAR(outcome.win[p], win[p], 1e-12);
      double ahead = 0;
      for (int q = 0; q < players; ++q)
        if (q != p) ahead += win[p] / (win[p] + win[q]);
      EXPECT_NEAR(outcome.ahead[p], ahead / (players - 1), 1e-12) << players << " " << p;
      for (int q = 0; q < players; ++q) {
        if (win[p] > win[q]) {
          EXPECT_GT(outcome.ahead[p], outcome.ahead[q]);
        }
      }
    }
    EXPECT_NEAR(sum_of(outcome.ahead), players / 2.0, 1e-12);
  }
}

TEST(WinShares, TheAheadRewardOfTwoPlayersIsTheirShare) {
  const GameSetup game = middle_game(2, 4);
  const Outcome outcome = static_outcome(game.position, kShareScale);
  for (int p = 0; p < 2; ++p) EXPECT_NEAR(outcome.ahead[p], outcome.win[p], 1e-12);
}

// A player out is behind everyone still in: five players in of six share
// (10 pairs among them + 5 wins over the one out) / 5 = 3.
TEST(WinShares, APlayerOutIsBehindEveryoneStillIn) {
  GameSetup game = middle_game(6, 5);
  Position& position = game.position;
  position.set_eliminated(3);
  const Outcome outcome = static_outcome(position, 250);
  EXPECT_EQ(outcome.ahead[3], 0);
  EXPECT_NEAR(sum_of(outcome.ahead), 3, 1e-12);
  for (int p = 0; p < 6; ++p) {
    if (p != 3) {
      EXPECT_GE(outcome.ahead[p], 0.2);
    }
  }
}

}  // namespace
}  // namespace tiaoqi::search
