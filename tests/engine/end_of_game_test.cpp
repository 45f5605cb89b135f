#include <gtest/gtest.h>

#include "engine/game.hpp"
#include "tests/support/test_support.hpp"

// End-of-game rules (docs/rules.md, "The end of the game") on the small
// board, where an army has three pieces: arm a is {g1, f2, g2}, arm d is
// {c9, c8, d8}.
namespace tiaoqi {
namespace {

using testing::build;
using Standings = std::vector<std::vector<int>>;

using testing::play;
using testing::small_board;

Game game_of(const RuleOptions& options, const std::vector<std::pair<char, std::string>>& pieces,
             int player_to_move = 1, int move_count = 0) {
  return Game(build(options, pieces, player_to_move, move_count));
}

TEST(EndOfGame, FillingTheTargetWithOwnPiecesWins) {
  Game game =
      game_of(small_board(), {{'a', "c9"}, {'a', "c8"}, {'a', "d7"}, {'d', "e5"}, {'d', "f5"}});
  EXPECT_FALSE(game.position().is_over());
  play(game, "d7d8");
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{0}, {1}}));
  // The finished position names the next player and reads back as finished.
  const std::string text = position_string(game.position());
  EXPECT_EQ(text, "a/aa/7/6/2dd1/6/7/2/1 2 a/d 1");
  const GameSetup again = testing::setup_of(text, small_board());
  ASSERT_TRUE(again.position.is_over());
  EXPECT_EQ(again.position.standings(), (Standings{{0}, {1}}));
}

TEST(EndOfGame, FilledRuleLetsAnotherPlayersMoveCompleteATarget) {
  // Player 2 steps into d8 (its own home): a's target is then full with at
  // least one a piece, so player 1 has arrived and wins on player 2's move.
  const std::vector<std::pair<char, std::string>> pieces = {
      {'a', "c9"}, {'a', "c8"}, {'a', "g5"}, {'d', "e7"}, {'d', "e5"}};
  Game filled = game_of(small_board(), pieces, 2);
  play(filled, "e7d8");
  ASSERT_TRUE(filled.position().is_over());
  EXPECT_EQ(filled.position().standings(), (Standings{{0}, {1}}));

  RuleOptions own = small_board();
  own.goal_rule = GoalRule::kOwn;
  Game owned = game_of(own, pieces, 2);
  play(owned, "e7d8");
  EXPECT_FALSE(owned.position().is_over());
}

TEST(EndOfGame, EqualTurnsLetsTheSecondPlayerDrawLevel) {
  // Both armies are one step from home. Without equal turns player 1's step
  // ends the game; with them player 2 still moves, and if it finishes too
  // both share first place, else player 1 wins at the end of the round.
  const std::vector<std::pair<char, std::string>> pieces = {{'a', "c9"}, {'a', "c8"}, {'a', "d7"},
                                                            {'d', "g1"}, {'d', "f2"}, {'d', "g3"}};
  Game plain = game_of(small_board(), pieces);
  play(plain, "d7d8");
  EXPECT_TRUE(plain.position().is_over());

  RuleOptions equal = small_board();
  equal.equal_turns = true;
  Game draw = game_of(equal, pieces);
  play(draw, "d7d8");
  EXPECT_FALSE(draw.position().is_over());
  play(draw, "g3g2");
  ASSERT_TRUE(draw.position().is_over());
  EXPECT_EQ(draw.position().standings(), (Standings{{0, 1}}));

  Game win = game_of(equal, pieces);
  play(win, "d7d8");
  play(win, "g3g4");
  ASSERT_TRUE(win.position().is_over());
  EXPECT_EQ(win.position().standings(), (Standings{{0}, {1}}));
}

// On the standard board, a's only piece sits on the tip m1, boxed in: l2
// and m2 are occupied and so are the landings k3 and m3 behind them.
TEST(EndOfGame, NoLegalMoveLosesATwoPlayerGame) {
  RuleOptions options;
  options.goal_rule = GoalRule::kOwn;  // d's pieces in a's home do not finish d
  Game game = game_of(options, {{'a', "m1"}, {'d', "l2"}, {'d', "m2"}, {'d', "k3"}, {'d', "m3"}});
  ASSERT_TRUE(game.position().is_over());
  EXPECT_TRUE(game.position().is_eliminated(0));
  EXPECT_EQ(game.position().standings(), (Standings{{1}, {0}}));
}

TEST(EndOfGame, NoLegalMoveEliminatesInAThreePlayerGameWithoutAMove) {
  RuleOptions options;
  options.players = 3;
  Game game = game_of(
      options,
      {{'a', "m1"}, {'c', "l2"}, {'c', "m2"}, {'c', "k3"}, {'c', "m3"}, {'c', "g9"}, {'e', "i9"}},
      1, 7);
  EXPECT_FALSE(game.position().is_over());
  EXPECT_TRUE(game.position().is_eliminated(0));
  EXPECT_EQ(game.position().side_to_move(), 1);
  EXPECT_EQ(game.position().move_count(), 7);
  EXPECT_EQ(position_string(game.position()),
            "1/2/3/4/13/12/11/10/2c1e4/10/11/12/13/4/c1c/cc/a 2 a-/c/e 7");
}

TEST(EndOfGame, LastPlayerLeftWins) {
  // Player 2 (c) is already out; player 1 has no move and is eliminated,
  // which leaves player 3 alone: it wins, then 1 (eliminated last), then 2.
  RuleOptions options;
  options.players = 3;
  Game game(
      testing::setup_of("1/2/3/4/13/12/11/10/4e4/10/11/12/13/4/c1c/cc/a 1 a/c-/e 12", options));
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{2}, {0}, {1}}));
}

TEST(EndOfGame, HomeDeadlineEliminatesPlayersStillAtHome) {
  // HomeDeadline 1 with two players: after move 2 a player with a piece in
  // its home loses. Player 1 has left home, player 2 has not.
  RuleOptions options = small_board();
  options.home_deadline = 1;
  Game game = game_of(options, {{'a', "e5"}, {'a', "d5"}, {'d', "c9"}, {'d', "e6"}}, 2, 1);
  play(game, "e6e7");
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{0}, {1}}));
  EXPECT_TRUE(game.position().is_eliminated(1));

  // Both still at home: a draw.
  Game both = game_of(options, {{'a', "g1"}, {'d', "c9"}, {'d', "e6"}}, 2, 1);
  play(both, "e6e7");
  ASSERT_TRUE(both.position().is_over());
  EXPECT_EQ(both.position().standings(), (Standings{{0, 1}}));
}

TEST(EndOfGame, HomeDeadlineHoldsAfterItsMoveToo) {
  // Past the deadline (move 7 of a two-player game with HomeDeadline 1), a
  // player that steps back into its home is eliminated as well.
  RuleOptions options = small_board();
  options.home_deadline = 1;
  Game game = game_of(options, {{'a', "f3"}, {'a', "d5"}, {'d', "c7"}, {'d', "e6"}}, 1, 7);
  EXPECT_FALSE(game.position().is_over());
  play(game, "f3f2");
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{1}, {0}}));

  // A set-up position past the deadline is judged at once.
  Game setup = game_of(options, {{'a', "g1"}, {'d', "c7"}}, 1, 9);
  ASSERT_TRUE(setup.position().is_over());
  EXPECT_EQ(setup.position().standings(), (Standings{{1}, {0}}));
}

TEST(EndOfGame, HomeDeadlineInAThreePlayerGameLeavesTheOthersPlaying) {
  RuleOptions options = small_board(3);
  options.home_deadline = 2;  // checked when the move count reaches 6
  Game game = game_of(options, {{'a', "g1"}, {'c', "e5"}, {'e', "d5"}}, 3, 5);
  play(game, "d5d6");
  EXPECT_FALSE(game.position().is_over());
  EXPECT_TRUE(game.position().is_eliminated(0));
  EXPECT_EQ(game.position().side_to_move(), 1);
}

TEST(EndOfGame, MoveLimitRanksByDistanceToTheTargetTip) {
  // MaxPlies 10 reached by player 2's move: player 1's pieces are nearer
  // their target tip c9 than player 2's are to g1.
  RuleOptions options = small_board();
  options.max_plies = 10;
  Game game = game_of(options, {{'a', "c8"}, {'a', "d7"}, {'d', "e6"}, {'d', "f6"}}, 2, 9);
  play(game, "e6e5");
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{0}, {1}}));
}

TEST(EndOfGame, MoveLimitWithEqualSumsSharesThePlace) {
  RuleOptions options = small_board();
  options.max_plies = 4;
  // The start is symmetric; after a move and its mirror image the sums match.
  Game game(testing::start_of(options));
  play(game, "g2g3");
  play(game, "c8c7");
  play(game, "g3g4");
  play(game, "c7c6");
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{0, 1}}));
}

TEST(EndOfGame, FinishedGameHasNoMoves) {
  Game game = game_of(small_board(), {{'a', "c9"}, {'a', "c8"}, {'a', "d7"}, {'d', "e5"}});
  play(game, "d7d8");
  MoveList moves;
  generate_moves(game.position(), moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_FALSE(game.play("e5e6"));
}

}  // namespace
}  // namespace tiaoqi
