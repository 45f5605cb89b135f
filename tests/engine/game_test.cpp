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

// A position taken back is no longer counted by the Repetitions rule: the
// start, seen twice, then a move and its answer taken back and played
// again, is seen twice still, not three times.
TEST(Game, UndoTakesBackTheRepetitionCount) {
  RuleOptions options;
  options.repetitions = 3;
  Game game(testing::start_of(options));
  for (const char* move : {"k3k5", "e14e13", "k5k3", "e13e14"}) ASSERT_TRUE(game.play(move));
  ASSERT_TRUE(game.undo());
  ASSERT_TRUE(game.undo());
  for (const char* move : {"k5k3", "e13e14"}) ASSERT_TRUE(game.play(move));
  EXPECT_FALSE(game.position().is_over());
  ASSERT_TRUE(game.play("k3k5"));
  ASSERT_TRUE(game.play("e14e13"));
  ASSERT_TRUE(game.play("k5k3"));
  ASSERT_TRUE(game.play("e13e14"));
  // Now the start has come the third time.
  EXPECT_TRUE(game.position().is_over());
}

}  // namespace
}  // namespace tiaoqi
