#include "engine/eval.hpp"

#include <gtest/gtest.h>

#include "engine/game.hpp"
#include "engine/position_string.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

TEST(Eval, StartIsBalancedAndProgressCounts) {
  auto setup = start_setup(RuleOptions{});
  ASSERT_TRUE(setup);
  Game game(std::move(*setup));
  // Equal armies: only the tempo of the player to move counts.
  EXPECT_EQ(evaluate(game.position()), kEvalWeights.tempo);
  game.play(std::string_view("l3l5"));
  // Player 2 to move; player 1 went two steps forward and one piece left
  // its home (l3 to l5; the forward jumps stay 6 a side).
  const int gained = 2 * kEvalWeights.feature[kDistance] + kEvalWeights.feature[kInHome];
  EXPECT_EQ(gained, 169);
  EXPECT_EQ(evaluate(game.position()), -gained + kEvalWeights.tempo);
  EXPECT_EQ(evaluate(game.position(), 0), gained - kEvalWeights.tempo);
}

}  // namespace
}  // namespace tiaoqi

namespace tiaoqi {
namespace {

// The forward jumps counted all at once agree with the count piece by piece
// on random games of every seating.
TEST(Eval, ForwardJumpsAgreeWithTheCountPieceByPiece) {
  for (int players : {2, 3, 4, 6}) {
    RuleOptions options;
    options.players = players;
    const GameSetup setup = testing::start_of(options);
    for (unsigned seed = 1; seed <= 8; ++seed) {
      for (int plies : {0, 10, 30, 70}) {
        const Position position = testing::random_playout(setup.position, seed, plies);
        for (int army = 0; army < kArmies; ++army) {
          if (!(position.rules().seated_armies() >> army & 1)) continue;
          EXPECT_EQ(forward_jumps(position, army), forward_jumps_scalar(position, army))
              << players << " players, seed " << seed << ", plies " << plies;
        }
      }
    }
  }
}

}  // namespace
}  // namespace tiaoqi
