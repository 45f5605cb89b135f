#include "engine/eval.hpp"

#include <gtest/gtest.h>

#include "engine/game.hpp"
#include "engine/position_string.hpp"

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
