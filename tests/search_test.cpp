#include <gtest/gtest.h>

#include <optional>
#include <unordered_set>

#include "engine/search/alphabeta.hpp"
#include "engine/search/race.hpp"
#include "engine/search/tt.hpp"
#include "tests/test_support.hpp"

namespace tiaoqi::search {
namespace {

using testing::build;
using testing::start_of;

// Progress difference: enough to test the search mechanics on its own.
int progress_eval(const Position& position, int player) {
  return (position.distance_sum(1 - player) - position.distance_sum(player)) * 100;
}

struct Searcher {
  TranspositionTable table{1};
  SearchControl control;
  AlphaBeta search{table, control, progress_eval};

  AlphaBetaReport run(const Position& root, AlphaBetaLimits limits,
                      std::optional<std::uint64_t> node_limit = std::nullopt) {
    control.start(TimeBudget{}, node_limit, false);
    return search.run(root, limits, [](const AlphaBetaReport&) {});
  }
};

RuleOptions small_board() {
  RuleOptions options;
  options.board_size = 2;
  return options;
}

TEST(TranspositionTable, StoresAndFindsEntries) {
  TranspositionTable table(1);
  table.new_search();
  EXPECT_FALSE(table.probe(0x1234).hit);
  table.store(0x1234, Move{3, 7}, -250, 6, Bound::kLower);
  const TtProbe probe = table.probe(0x1234);
  ASSERT_TRUE(probe.hit);
  EXPECT_EQ(probe.move, (Move{3, 7}));
  EXPECT_EQ(probe.score, -250);
  EXPECT_EQ(probe.depth, 6);
  EXPECT_EQ(probe.bound, Bound::kLower);
  // A different key in the same cluster is no hit.
  EXPECT_FALSE(table.probe(0x1235).hit);
  table.clear();
  EXPECT_FALSE(table.probe(0x1234).hit);
}

TEST(TranspositionTable, HashfullCountsThisSearchsEntries) {
  TranspositionTable table(1);
  table.new_search();
  EXPECT_EQ(table.hashfull(), 0);
  for (std::uint64_t i = 0; i < 200000; ++i)
    table.store(i * 0x9e3779b97f4a7c15ULL, Move{}, 0, 1, Bound::kExact);
  EXPECT_GT(table.hashfull(), 900);
  table.new_search();
  EXPECT_EQ(table.hashfull(), 0);
}

TEST(AlphaBeta, FindsTheWinningMoveWithAnExactScore) {
  // d7-d8 fills a's target: a win in one ply.
  const GameSetup setup =
      build(small_board(), {{'a', "c9"}, {'a', "c8"}, {'a', "d7"}, {'d', "e5"}});
  Searcher searcher;
  AlphaBetaLimits limits;
  limits.depth = 4;
  const AlphaBetaReport report = searcher.run(setup.position, limits);
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
  AlphaBetaLimits limits;
  limits.depth = 5;
  const AlphaBetaReport report = searcher.run(setup.position, limits);
  EXPECT_EQ(report.lines[0].score, win_in(3));
}

TEST(AlphaBeta, SameDepthSameNodeCount) {
  const GameSetup setup = start_of();
  AlphaBetaLimits limits;
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
  AlphaBetaLimits limits;
  limits.depth = 3;
  limits.search_moves = {*parse_move(setup.position, "m4m5")};
  Searcher searcher;
  const auto report = searcher.run(setup.position, limits);
  EXPECT_EQ(move_ends_text(setup.position.geometry(), report.lines[0].moves[0]), "m4m5");
}

TEST(AlphaBeta, MultiPvGivesDistinctLinesBestFirst) {
  const GameSetup setup = start_of();
  AlphaBetaLimits limits;
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
  const auto report = searcher.run(setup.position, AlphaBetaLimits{}, 5000);
  // The limit is read every 1024 nodes, once depth 1 is complete.
  EXPECT_LE(searcher.search.nodes(), 5000u + 1024u);
  EXPECT_FALSE(report.lines.empty());

  // A stop from outside ends even depth 1; the most progressive move is
  // still a legal answer.
  Searcher stopped;
  stopped.control.start(TimeBudget{}, std::nullopt, false);
  stopped.control.stop();
  const auto fallback =
      stopped.search.run(setup.position, AlphaBetaLimits{}, [](const AlphaBetaReport&) {});
  ASSERT_FALSE(fallback.lines.empty());
  MoveList legal;
  generate_moves(setup.position, legal);
  EXPECT_TRUE(legal.contains(fallback.lines[0].moves[0]));
}

TEST(AlphaBeta, PrincipalVariationIsLegal) {
  const GameSetup setup = start_of();
  AlphaBetaLimits limits;
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

namespace tiaoqi {
namespace {

// a's pieces: nine home in the north target, one at i9; d's: nine in the
// south target, one at i7, behind every piece of a on a's way north.
GameSetup race_position() {
  std::vector<std::pair<char, std::string>> pieces;
  for (const char* hole : {"e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14"})
    pieces.emplace_back('a', hole);
  pieces.emplace_back('a', "i9");
  for (const char* hole : {"m1", "l2", "m2", "k3", "l3", "m3", "j4", "k4", "l4"})
    pieces.emplace_back('d', hole);
  pieces.emplace_back('d', "i7");
  return testing::build(RuleOptions{}, pieces);
}

TEST(Race, PassedArmiesAreARaceAndTheStartIsNot) {
  EXPECT_FALSE(race_army(testing::start_of().position));
  const GameSetup race = race_position();
  ASSERT_TRUE(race_army(race.position));
  EXPECT_EQ(*race_army(race.position), 0);
  // With d's last piece beside a's, they can still meet.
  std::vector<std::pair<char, std::string>> pieces = {{'a', "i9"}, {'d', "h10"}};
  EXPECT_FALSE(race_army(testing::build(RuleOptions{}, pieces).position));
}

// The fewest moves that bring a's pieces home, a alone on the board, by
// breadth-first search over every legal move.
int fewest_moves_alone(const Position& race) {
  RuleOptions solitaire = race.rules().options();
  solitaire.players = 1;
  std::vector<std::pair<char, std::string>> pieces;
  for (int h : race.army(0)) pieces.emplace_back('a', race.geometry().name(static_cast<Hole>(h)));
  const GameSetup alone = testing::build(solitaire, pieces);
  std::vector<Position> frontier = {alone.position};
  std::unordered_set<std::uint64_t> seen = {alone.position.hash()};
  for (int moves = 0; !frontier.empty(); ++moves) {
    std::vector<Position> next;
    for (const Position& position : frontier) {
      if (position.is_over()) return moves;
      MoveList legal;
      generate_moves(position, legal);
      for (const Move& move : legal) {
        Position child = position;
        child.play(move);
        if (seen.insert(child.hash()).second) next.push_back(child);
      }
    }
    frontier = std::move(next);
  }
  return -1;
}

TEST(Race, TheSolverPlansTheFewestMovesAndPlaysTheFirst) {
  // The small board (three pieces an army): a has one piece home and two
  // behind; d is behind all of them on a's way north. The crossing the
  // solver plans (its length is the info line's depth) is as short as a
  // breadth-first search finds, and its first move is legal here.
  RuleOptions small;
  small.board_size = 2;
  const GameSetup setup = testing::build(
      small, {{'a', "c9"}, {'a', "d6"}, {'a', "f5"}, {'d', "e3"}, {'d', "g1"}, {'d', "f2"}});
  ASSERT_TRUE(race_army(setup.position));
  const int fewest = fewest_moves_alone(setup.position);
  ASSERT_GT(fewest, 1);
  SearchControl control;
  control.start(TimeBudget{}, std::nullopt, false);
  RaceSolver solver;
  int planned = 0;
  const auto result = solver.search(setup.position, SearchLimits{}, control,
                                    [&](const SearchInfo& info) { planned = info.depth; });
  ASSERT_TRUE(result);
  EXPECT_EQ(planned, fewest);
  MoveList legal;
  generate_moves(setup.position, legal);
  EXPECT_TRUE(legal.contains(result->best));
}

}  // namespace
}  // namespace tiaoqi
