#include "engine/search/brs.hpp"

#include <gtest/gtest.h>

#include <set>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

RuleOptions players(int count) {
  RuleOptions options;
  options.players = count;
  return options;
}

TEST(BestReply, RepliesAreEveryOpponentsMoves) {
  const GameSetup setup = tiaoqi::testing::start_of(players(4));
  const Position position = tiaoqi::testing::random_playout(setup.position, 11, 9);
  const int root = (position.side_to_move() + 3) % 4;
  std::set<std::pair<int, int>> expected;
  for (int player = 0; player < 4; ++player) {
    if (player == root) continue;
    Position turn = position;
    turn.set_side_to_move(player);
    MoveList moves;
    generate_moves(turn, moves);
    for (const Move& move : moves) expected.emplace(move.from, move.to);
  }
  MoveList replies;
  generate_best_replies(position, root, replies);
  std::set<std::pair<int, int>> found;
  for (const Move& move : replies) found.emplace(move.from, move.to);
  EXPECT_EQ(found, expected);
  EXPECT_EQ(static_cast<std::size_t>(replies.size()), expected.size());
}

TEST(BestReply, AReplyHandsTheTurnBackToTheRootPlayer) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  Position position = setup.position;
  position.play(*parse_move(position, "k3k5"));
  // Player 3 (e) replies, out of turn.
  Position turn = position;
  turn.set_side_to_move(2);
  MoveList moves;
  generate_moves(turn, moves);
  Position after = position;
  play_best_reply(after, moves[0], 0);
  EXPECT_EQ(after.side_to_move(), 0);
  EXPECT_EQ(after.army_at(moves[0].to), 4);
  EXPECT_EQ(after.hash(), after.compute_hash());
}

TEST(BestReply, LinesAreCutWhereTheyLeaveTheTurnOrder) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  const Position& root = setup.position;
  Position after = root;
  const Move first = *parse_move(after, "k3k5");
  after.play(first);
  const Move second = *parse_move(after, "c11e11");  // player 2, in turn
  Position later = after;
  later.play(second);
  const Move third = *parse_move(later, "m11m9");  // player 3, in turn
  // Player 1 again, out of turn after player 2's reply.
  std::vector<Move> line = {first, second, *parse_move(root, "l3l5")};
  keep_turn_order(root, line);
  EXPECT_EQ(line, (std::vector<Move>{first, second}));
  // A line in turn order is kept whole.
  std::vector<Move> in_turn = {first, second, third};
  keep_turn_order(root, in_turn);
  EXPECT_EQ(in_turn.size(), 3u);
  // A reply by player 3 first is no move of the game.
  std::vector<Move> skipping = {first, third};
  keep_turn_order(root, skipping);
  EXPECT_EQ(skipping, (std::vector<Move>{first}));
}

// Best-reply sees every opponent's win at its next move, also the win of
// the player after next.
TEST(BestReply, BlocksTheWinOfAnyOpponent) {
  for (int threat : {2, 3}) {
    const GameSetup setup = testing::jump_threat(threat);
    ASSERT_TRUE(testing::can_win_at_once(setup.position, threat - 1));
    testing::RunOptions options;
    options.search = "brs";
    options.depth = 2;
    const auto run = testing::run(setup.position, options);
    const Position after = testing::after_best(setup.position, run);
    EXPECT_FALSE(testing::can_win_at_once(after, threat - 1)) << threat;
  }
}

}  // namespace
}  // namespace tiaoqi::search
