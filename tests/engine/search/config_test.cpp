#include "engine/search/config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/movegen.hpp"
#include "engine/search/movepick.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

const TunableSpec& spec_of(std::string_view name) {
  return tunable_specs()[testing::index_of_parameter(name)];
}

GameSetup three_player_start() {
  RuleOptions rules;
  rules.players = 3;
  return tiaoqi::testing::start_of(rules);
}

TEST(SearchConfig, EveryParameterHasOneName) {
  // (That each has one slot, the build checks: config.cpp, table_of.)
  std::set<std::string_view> names;
  for (const TunableSpec& spec : tunable_specs()) {
    EXPECT_TRUE(names.insert(spec.name).second) << spec.name;
    EXPECT_LE(spec.min, spec.max) << spec.name;
  }
}

TEST(SearchConfig, AutoPlaysWhatTheTableSizePlays) {
  const Tunables none{};
  for (int players : {1, 2, 3, 4, 6}) {
    const SearchConfig config = resolve_config(players, none);
    const mcts::Config expected = mcts::config_for(players);
    EXPECT_EQ(config.mcts.share_scale, expected.share_scale) << players;
    EXPECT_EQ(config.mcts.win_weight, expected.win_weight) << players;
    EXPECT_EQ(config.mcts.finish_moves, expected.finish_moves) << players;
    EXPECT_FALSE(config.mcts.best_reply);
    // Every default lies inside its parameter's range.
    for (const TunableSpec& spec : tunable_specs()) {
      EXPECT_GE(spec.get(config), spec.min) << spec.name;
      EXPECT_LE(spec.get(config), spec.max) << spec.name;
    }
  }
  EXPECT_EQ(resolve_config(2, none).mcts.share_scale, kShareScale);
  EXPECT_EQ(resolve_config(3, none).mcts.share_scale, 250);
  EXPECT_EQ(resolve_config(3, none).mcts.opponent_moves, 0);
  // Six players search the others as racers, over their eight moves of
  // most progress; four search every move of theirs (neither the width
  // nor the racers' share passed the long control there). Six plays the
  // values of three players (the mixed table's did not pass the long
  // control).
  EXPECT_EQ(resolve_config(4, none).mcts.opponent_moves, 0);
  EXPECT_EQ(resolve_config(4, none).mcts.racer_share, 0);
  EXPECT_EQ(resolve_config(6, none).mcts.opponent_moves, 8);
  EXPECT_EQ(resolve_config(6, none).mcts.racer_share, 0);
  EXPECT_EQ(resolve_config(6, none).mcts.share_scale, 250);
  EXPECT_EQ(resolve_config(6, none).mcts.exploration, 0.2);
  EXPECT_TRUE(resolve_config(3, none, true).mcts.best_reply);
}

TEST(SearchConfig, ASetValueWinsOverTheTableSizesDefault) {
  Tunables set{};
  set[testing::index_of_parameter("MctsShareScale")] = 300;
  set[testing::index_of_parameter("MctsBestReply")] = 0;
  set[testing::index_of_parameter("NullMove")] = 0;
  set[testing::index_of_parameter("MovesToGo")] = 40;
  const SearchConfig config = resolve_config(6, set, true);
  EXPECT_EQ(config.mcts.share_scale, 300);
  EXPECT_FALSE(config.mcts.best_reply);
  EXPECT_FALSE(config.alphabeta.null_move);
  EXPECT_EQ(config.moves_to_go, 40);
  EXPECT_EQ(config.mcts.win_weight, 0.5);
}

TEST(SearchConfig, ValuesReadAndWriteAsTheOptionsSpellThem) {
  auto read = [](std::string_view name, std::string_view text) {
    return parse_tunable(spec_of(name), text);
  };
  EXPECT_FALSE(*read("MctsExploration", "AUTO"));
  EXPECT_EQ(*read("MctsExploration", "0.35"), 0.35);
  EXPECT_EQ(*read("MctsFinishNodes", "250000"), 250000);
  EXPECT_EQ(*read("MctsBestReply", "True"), 1);
  EXPECT_EQ(*read("RaceSolver", "false"), 0);
  EXPECT_EQ(tunable_text(spec_of("MctsExploration"), 0.35), "0.35");
  EXPECT_EQ(tunable_text(spec_of("MctsFinishNodes"), 100000), "100000");
  EXPECT_EQ(tunable_text(spec_of("MctsBestReply"), 1), "true");
  EXPECT_EQ(tunable_text(spec_of("MctsBestReply"), std::nullopt), "auto");

  EXPECT_EQ(read("MctsPlayoutPlies", "7.5").error(),
            "MctsPlayoutPlies expects auto or a whole number from 0 to 2000, got '7.5'");
  EXPECT_EQ(read("MctsShareScale", "0").error(),
            "MctsShareScale expects auto or a number from 1 to 100000, got '0'");
  EXPECT_EQ(read("MctsEpsilon", "1.5").error(),
            "MctsEpsilon expects auto or a number from 0 to 1, got '1.5'");
  EXPECT_EQ(read("NullMove", "maybe").error(), "NullMove expects auto, true or false, got 'maybe'");
  for (std::string_view bad : {"", "nan", "inf", "1e3", "+1", " 1", "0x10", "-0.5"})
    EXPECT_FALSE(read("MctsExploration", bad)) << bad;
}

TEST(SearchConfig, AnMctsParameterChangesTheSearchAndItsWork) {
  const GameSetup setup = three_player_start();
  testing::RunOptions options;
  options.search = "mcts";
  options.nodes = 2000;
  const auto plain = testing::run(setup.position, options);
  options.tunables[testing::index_of_parameter("MctsExploration")] = 0.2;
  const auto same = testing::run(setup.position, options);
  options.tunables[testing::index_of_parameter("MctsExploration")] = 1.5;
  const auto wider = testing::run(setup.position, options);
  // Setting the default is the default; another value searches otherwise,
  // with the same iterations.
  EXPECT_EQ(same.result.work, plain.result.work);
  EXPECT_EQ(wider.result.nodes, plain.result.nodes);
  EXPECT_NE(wider.result.work, plain.result.work);
  // The work counts the iterations and more: plies and tree nodes.
  EXPECT_GT(plain.result.work, 2 * plain.result.nodes);
}

}  // namespace
}  // namespace tiaoqi::search

namespace tiaoqi::search {
namespace {

// With MctsOpponentMoves 1 the tree searches only each other player's
// move of most progress: every opponent's move of the principal variation
// gains as much as the best of its moves there.
TEST(SearchConfig, TheOthersAsRacersPlayTheirMovesOfMostProgress) {
  const GameSetup setup = three_player_start();
  testing::RunOptions options;
  options.search = "mcts";
  options.nodes = 3000;
  options.tunables[testing::index_of_parameter("MctsOpponentMoves")] = 1;
  const auto run = testing::run(setup.position, options);
  const std::vector<SearchInfo> lines = testing::search_lines(run);
  ASSERT_FALSE(lines.empty());
  const std::vector<Move>& pv = lines.back().pv;
  ASSERT_GE(pv.size(), 3u);
  Position position = setup.position;
  const int searching = position.side_to_move();
  for (const Move move : pv) {
    if (position.side_to_move() != searching) {
      MoveList moves;
      generate_moves(position, moves);
      int best = -Rules::kMaxTipDistance;
      for (const Move other : moves) best = std::max(best, progress_gain(position, other));
      EXPECT_EQ(progress_gain(position, move), best);
    }
    position.play(move);
  }
}

}  // namespace
}  // namespace tiaoqi::search
