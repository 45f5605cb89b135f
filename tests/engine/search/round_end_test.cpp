// A result that the round's end decides under EqualTurns is proven alike
// by every search that looks ahead, MCTS included.
#include "engine/search/round_end.hpp"

#include <gtest/gtest.h>

#include "engine/game.hpp"
#include "engine/score.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

using testing::RunOptions;

// Three players, EqualTurns: army a fills its target but for one hole,
// which i13h14 fills; c and e stand at home.
constexpr const char* kOneFromFinish =
    "a/aa/aaa/aaa1/cccc4aeeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/4/3/2/1 1 a/c/e 0";

RuleOptions equal_turns() {
  RuleOptions options;
  options.players = 3;
  options.equal_turns = true;
  return options;
}

// The game after `moves` from kOneFromFinish.
Game game_after(const GameSetup& setup, std::initializer_list<const char*> moves) {
  Game game = game_at(setup.position);
  for (const char* move : moves) tiaoqi::testing::play(game, move);
  return game;
}

// Every search a user names that looks beyond one ply.
std::vector<std::string_view> searches_ahead() {
  std::vector<std::string_view> ahead;
  for (std::string_view search : testing::requestable_searches())
    if (search != "greedy" && search != "random") ahead.push_back(search);
  return ahead;
}

void expect_proven(const Game& game, int score, int values_first) {
  for (std::string_view search : searches_ahead()) {
    RunOptions options;
    options.search = search;
    options.nodes = 3000;
    const testing::SearchRun run = testing::run(game, options);
    const std::vector<SearchInfo> lines = testing::search_lines(run);
    ASSERT_FALSE(lines.empty()) << search;
    EXPECT_EQ(run.result.score, score) << search;
    EXPECT_EQ(lines.back().score, score) << search;
    ASSERT_EQ(lines.back().values.size(), 3u) << search;
    EXPECT_DOUBLE_EQ(lines.back().values[static_cast<std::size_t>(values_first)], 1.0) << search;
    EXPECT_EQ(lines.back().pv.size(), static_cast<std::size_t>(plies_to_result(score))) << search;
  }
}

TEST(RoundEnd, PlayerOneFinishedIsALossForTheOthersInEverySearch) {
  const GameSetup setup = tiaoqi::testing::setup_of(kOneFromFinish, equal_turns());
  // Player 2 and player 3 still move in the round; neither can finish.
  expect_proven(game_after(setup, {"i13h14"}), loss_in(2), 0);
  expect_proven(game_after(setup, {"i13h14", "c11e9"}), loss_in(1), 0);
}

TEST(RoundEnd, AFinishThatNobodyCanMatchIsAWinInEverySearch) {
  const GameSetup setup = tiaoqi::testing::setup_of(kOneFromFinish, equal_turns());
  expect_proven(game_after(setup, {}), win_in(3), 0);
}

TEST(RoundEnd, OnlyARoundThatCanEndIsProven) {
  const GameSetup setup = tiaoqi::testing::setup_of(kOneFromFinish, equal_turns());
  EXPECT_TRUE(round_may_end(setup.position));
  // Without EqualTurns the game ends with the move itself, which every
  // search sees.
  RuleOptions at_once = equal_turns();
  at_once.equal_turns = false;
  EXPECT_FALSE(round_may_end(tiaoqi::testing::setup_of(kOneFromFinish, at_once).position));
  // Nobody has finished or can finish with one move.
  EXPECT_FALSE(round_may_end(tiaoqi::testing::start_of(equal_turns()).position));
}

}  // namespace
}  // namespace tiaoqi::search
