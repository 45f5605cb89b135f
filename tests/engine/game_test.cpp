// A game's history: moves played and taken back.
#include "engine/game.hpp"

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

TEST(Game, UndoRestoresThePositionAndTheHistory) {
  Game game(testing::start_of());
  const std::uint64_t start = game.position().hash();
  ASSERT_TRUE(game.play("k3k5"));
  const std::uint64_t after_one = game.position().hash();
  ASSERT_TRUE(game.play("e14e13"));
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.position().hash(), after_one);
  EXPECT_EQ(game.moves().size(), 1u);
  EXPECT_EQ(game.history().size(), 2u);
  EXPECT_EQ(game.marks().size(), 1u);
  EXPECT_EQ(game.position().side_to_move(), 1);
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.position().hash(), start);
  EXPECT_EQ(game.position().move_count(), 0);
  // Nothing left to take back: refused, and the game stays at its start.
  EXPECT_FALSE(game.undo());
  EXPECT_EQ(game.history().size(), 1u);
  EXPECT_EQ(game.position().hash(), start);
}

}  // namespace
}  // namespace tiaoqi
