#include "engine/search/maxn.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/registry.hpp"
#include "engine/search/win_shares.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

// Max^n without pruning, ordering or table: each node's value is the
// child value best for its mover (the first of equals), the leaves the
// evaluation's shares.
WinShares plain_maxn(const Position& position, int depth) {
  if (position.is_over()) return final_shares(position);
  if (depth == 0) return static_shares(position);
  MoveList moves;
  generate_moves(position, moves);
  if (moves.empty()) {
    Position child = position;
    child.eliminate_side_to_move();
    return plain_maxn(child, depth);
  }
  const int player = position.side_to_move();
  WinShares best{};
  best[player] = -1;
  for (const Move& move : moves) {
    Position child = position;
    child.play(move);
    const WinShares values = plain_maxn(child, depth - 1);
    if (values[player] > best[player]) best = values;
  }
  return best;
}

// Shallow pruning never changes what the root player gets: the pruned
// search's root share is the plain search's (up to the units' rounding).
TEST(MaxN, ShallowPruningKeepsTheRootValue) {
  for (int players : {3, 4}) {
    RuleOptions options;
    options.players = players;
    options.board_size = 3;
    const GameSetup start = tiaoqi::testing::start_of(options);
    for (unsigned seed : {1u, 2u, 3u}) {
      const Position root = tiaoqi::testing::random_playout(start.position, seed, 10 + seed);
      const int depth = 3;
      TranspositionTable table(1);
      SearchControl control;
      control.start(TimeBudget{}, std::nullopt, false);
      MaxN maxn(table, control);
      MoveList legal;
      generate_moves(root, legal);
      const std::vector<std::uint64_t> no_history;
      const MaxNReport report =
          maxn.run(root, depth, 1, std::vector<Move>(legal.begin(), legal.end()), no_history,
                   [](const MaxNReport&) {});
      ASSERT_EQ(report.depth, depth);
      ASSERT_EQ(report.lines.size(), 1u);
      const ShareUnits& values = report.lines[0].values;
      const double pruned = static_cast<double>(values[root.side_to_move()]) / kShareUnits;
      EXPECT_NEAR(pruned, plain_maxn(root, depth)[root.side_to_move()], 1e-5)
          << players << " players, seed " << seed;
      int sum = 0;
      for (int p = 0; p < players; ++p) sum += values[p];
      EXPECT_EQ(sum, kShareUnits);
    }
  }
}

// MultiPV k: the k lines are k different root moves, best first, and each
// carries its move's exact value (the plain search's one ply down): the
// k best values of all root moves.
TEST(MaxN, MultiPvGivesTheBestMovesWithTheirExactValues) {
  RuleOptions options;
  options.players = 3;
  options.board_size = 3;
  const GameSetup start = tiaoqi::testing::start_of(options);
  for (unsigned seed : {4u, 5u}) {
    const Position root = tiaoqi::testing::random_playout(start.position, seed, 12);
    const int player = root.side_to_move();
    const int depth = 3;
    MoveList legal;
    generate_moves(root, legal);
    std::vector<double> plain;
    for (const Move& move : legal) {
      Position child = root;
      child.play(move);
      plain.push_back(plain_maxn(child, depth - 1)[player]);
    }
    std::sort(plain.rbegin(), plain.rend());

    TranspositionTable table(1);
    SearchControl control;
    control.start(TimeBudget{}, std::nullopt, false);
    MaxN maxn(table, control);
    const std::vector<std::uint64_t> no_history;
    const MaxNReport report =
        maxn.run(root, depth, 3, std::vector<Move>(legal.begin(), legal.end()), no_history,
                 [](const MaxNReport&) {});
    ASSERT_EQ(report.lines.size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) {
      const double share = static_cast<double>(report.lines[k].values[player]) / kShareUnits;
      EXPECT_NEAR(share, plain[k], 1e-5) << "seed " << seed << ", line " << k + 1;
      for (std::size_t j = 0; j < k; ++j) EXPECT_NE(report.lines[k].pv[0], report.lines[j].pv[0]);
    }
  }
}

TEST(MaxN, ReportsAValueForEverySeatAndALegalLine) {
  RuleOptions options;
  options.players = 6;
  const GameSetup start = tiaoqi::testing::start_of(options);
  SearchParams params;
  SearchLimits limits;
  limits.depth = 3;
  SearchControl control;
  control.start(TimeBudget{}, std::nullopt, false);
  SearchState state(1);
  std::vector<SearchInfo> lines;
  const InfoSink info = [&](const SearchInfo& line) { lines.push_back(line); };
  const Game game(start);
  const SearchResult result =
      maxn_search({game, params, limits, plan_search(game.position(), params, limits, 0), control,
                   info, state});
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines.back().depth, 3);
  EXPECT_EQ(lines.back().values.size(), 6u);
  EXPECT_EQ(lines.back().pv.front(), result.best);
  Position position = start.position;
  for (const Move& move : lines.back().pv) {
    MoveList legal;
    generate_moves(position, legal);
    ASSERT_TRUE(legal.contains(move));
    position.play(move);
  }
}

}  // namespace
}  // namespace tiaoqi::search
