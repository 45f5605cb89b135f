#include "engine/search/alphabeta.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <unordered_set>

#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

using tiaoqi::testing::build;
using tiaoqi::testing::small_board;
using tiaoqi::testing::start_of;

// Progress difference: enough to test the search mechanics on its own.
int progress_eval(const Position& position, int player) {
  return (position.distance_sum(1 - player) - position.distance_sum(player)) * 100;
}

struct Searcher {
  search::TranspositionTable table{1};
  search::SearchControl control;
  search::AlphaBeta search{table, control, progress_eval};

  search::AlphaBetaReport run(const Position& root, search::AlphaBetaLimits limits,
                              std::optional<std::uint64_t> node_limit = std::nullopt) {
    control.start(search::TimeBudget{}, node_limit, false);
    return search.run(root, limits, [](const search::AlphaBetaReport&) {});
  }
};

TEST(AlphaBeta, FindsTheWinningMoveWithAnExactScore) {
  // d7-d8 fills a's target: a win in one ply.
  const GameSetup setup =
      build(small_board(), {{'a', "c9"}, {'a', "c8"}, {'a', "d7"}, {'d', "e5"}});
  Searcher searcher;
  search::AlphaBetaLimits limits;
  limits.depth = 4;
  const search::AlphaBetaReport report = searcher.run(setup.position, limits);
  ASSERT_FALSE(report.lines.empty());
  EXPECT_EQ(move_ends_text(setup.position.geometry(), report.lines[0].moves[0]), "d7d8");
  EXPECT_EQ(report.lines[0].score, win_in(1));
}

TEST(AlphaBeta, SeesAWinInThreePlies) {
  // a needs two moves (c7-c8 or d7-d8 first, then the other); d cannot
  // finish in one. The search must find a win in 3 plies.
  const GameSetup setup =
      build(small_board(), {{'a', "c9"}, {'a', "c7"}, {'a', "d7"}, {'d', "e5"}});
  Searcher searcher;
  search::AlphaBetaLimits limits;
  limits.depth = 5;
  const search::AlphaBetaReport report = searcher.run(setup.position, limits);
  EXPECT_EQ(report.lines[0].score, win_in(3));
}

TEST(AlphaBeta, SameDepthSameNodeCount) {
  const GameSetup setup = start_of();
  search::AlphaBetaLimits limits;
  limits.depth = 4;
  Searcher first, second;
  const auto a = first.run(setup.position, limits);
  const auto b = second.run(setup.position, limits);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.lines[0].moves, b.lines[0].moves);
  EXPECT_GT(a.nodes, 100u);
}

TEST(AlphaBeta, SearchMovesRestrictTheRoot) {
  const GameSetup setup = start_of();
  search::AlphaBetaLimits limits;
  limits.depth = 3;
  limits.search_moves = {*parse_move(setup.position, "m4m5")};
  Searcher searcher;
  const auto report = searcher.run(setup.position, limits);
  EXPECT_EQ(move_ends_text(setup.position.geometry(), report.lines[0].moves[0]), "m4m5");
}

TEST(AlphaBeta, MultiPvGivesDistinctLinesBestFirst) {
  const GameSetup setup = start_of();
  search::AlphaBetaLimits limits;
  limits.depth = 3;
  limits.multi_pv = 4;
  Searcher searcher;
  const auto report = searcher.run(setup.position, limits);
  ASSERT_EQ(report.lines.size(), 4u);
  for (std::size_t i = 1; i < report.lines.size(); ++i) {
    EXPECT_GE(report.lines[i - 1].score, report.lines[i].score);
    EXPECT_NE(report.lines[i - 1].moves[0], report.lines[i].moves[0]);
  }
}

TEST(AlphaBeta, NodeLimitAndStopFlagEndTheSearch) {
  const GameSetup setup = start_of();
  Searcher searcher;
  const auto report = searcher.run(setup.position, search::AlphaBetaLimits{}, 5000);
  // The limit is read every 1024 nodes, once depth 1 is complete.
  EXPECT_LE(searcher.search.nodes(), 5000u + 1024u);
  EXPECT_FALSE(report.lines.empty());

  // A stop from outside ends even depth 1; the most progressive move is
  // still a legal answer.
  Searcher stopped;
  stopped.control.start(search::TimeBudget{}, std::nullopt, false);
  stopped.control.stop();
  const auto fallback = stopped.search.run(setup.position, search::AlphaBetaLimits{},
                                           [](const search::AlphaBetaReport&) {});
  ASSERT_FALSE(fallback.lines.empty());
  MoveList legal;
  generate_moves(setup.position, legal);
  EXPECT_TRUE(legal.contains(fallback.lines[0].moves[0]));
}

TEST(AlphaBeta, PrincipalVariationIsLegal) {
  const GameSetup setup = start_of();
  search::AlphaBetaLimits limits;
  limits.depth = 5;
  Searcher searcher;
  const auto report = searcher.run(setup.position, limits);
  Position position = setup.position;
  for (const Move& move : report.lines[0].moves) {
    MoveList legal;
    generate_moves(position, legal);
    ASSERT_TRUE(legal.contains(move));
    position.play(move);
  }
  EXPECT_GE(report.lines[0].moves.size(), 3u);
}

}  // namespace
}  // namespace tiaoqi::search
