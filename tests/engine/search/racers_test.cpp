#include "engine/search/mcts/racers.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/movepick.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search::mcts {
namespace {

// A two-player game where player 0 always makes the most progress and
// player 1 the least it can.
Game racer_and_dawdler(int rounds) {
  RuleOptions rules;
  rules.players = 2;
  Game game(tiaoqi::testing::start_of(rules));
  for (int ply = 0; ply < 2 * rounds; ++ply) {
    MoveList moves;
    generate_moves(game.position(), moves);
    const bool racer = game.position().side_to_move() == 0;
    Move chosen = moves[0];
    for (const Move move : moves) {
      const int gain = progress_gain(game.position(), move);
      const int best = progress_gain(game.position(), chosen);
      if (racer ? gain > best : gain < best) chosen = move;
    }
    game.play(chosen);
  }
  return game;
}

TEST(Racers, TheTallyCountsTheMovesThatWouldHaveGainedMore) {
  const Game game = racer_and_dawdler(10);
  const RacerTally tally = tally_racers(game.history(), game.moves(), kRacerWindow);
  EXPECT_EQ(tally.moves[0], 10);
  EXPECT_EQ(tally.moves[1], 10);
  // The racer never had a better move; the dawdler always had some.
  EXPECT_EQ(tally.better[0][0], 10);
  EXPECT_EQ(tally.better[1][0], 0);
}

TEST(Racers, TheTallyReadsTheLastRoundsOnly) {
  const Game game = racer_and_dawdler(10);
  const RacerTally tally = tally_racers(game.history(), game.moves(), 3);
  EXPECT_EQ(tally.moves[0], 3);
  EXPECT_EQ(tally.moves[1], 3);
}

TEST(Racers, AWidthCoversTheShareOfAPlayersMoves) {
  RacerTally tally;
  // Player 1: 6 moves of most progress, 3 with two better moves, one far
  // down the order (40 better).
  tally.moves[1] = 10;
  tally.better[1][0] = 6;
  tally.better[1][2] = 3;
  tally.better[1][40] = 1;
  // Player 2: too few moves to tell.
  tally.moves[2] = kRacerEvidence - 1;
  tally.better[2][RacerTally::kBins - 1] = kRacerEvidence - 1;
  // Player 3: every move beyond the last bin's reach.
  tally.moves[3] = 10;
  tally.better[3][RacerTally::kBins - 1] = 10;

  const auto at_90 = opponent_widths(tally, 8, 0.9);
  EXPECT_EQ(at_90[1], 3);
  EXPECT_EQ(at_90[2], 8);
  EXPECT_EQ(at_90[3], 0);
  EXPECT_EQ(opponent_widths(tally, 8, 0.6)[1], 1);
  EXPECT_EQ(opponent_widths(tally, 8, 1.0)[1], 41);
  // Share 0: the one width for everyone.
  const auto fixed = opponent_widths(tally, 8, 0);
  EXPECT_TRUE(std::all_of(fixed.begin(), fixed.end(), [](int width) { return width == 8; }));
}

}  // namespace
}  // namespace tiaoqi::search::mcts
