#include "engine/search/alphabeta_threads.hpp"

#include <gtest/gtest.h>

#include "engine/eval.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/search/alphabeta.hpp"
#include "engine/search/moves_in_progress.hpp"
#include "engine/search/registry.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

using tiaoqi::testing::build;
using tiaoqi::testing::small_board;
using tiaoqi::testing::start_of;

TEST(MovesInProgress, MarksAndForgetsOneMoveOfOnePosition) {
  const GameSetup setup = start_of();
  MoveList moves;
  generate_moves(setup.position, moves);
  const std::uint64_t hash = setup.position.hash();
  const std::uint64_t first = search::MovesInProgress::key(hash, moves[0]);
  const std::uint64_t second = search::MovesInProgress::key(hash, moves[1]);
  EXPECT_NE(first, second);
  EXPECT_NE(first, search::MovesInProgress::key(hash ^ 1, moves[0]));

  auto table = std::make_unique<search::MovesInProgress>();
  EXPECT_FALSE(table->busy(first));
  table->start(first);
  EXPECT_TRUE(table->busy(first));
  EXPECT_FALSE(table->busy(second));
  // Finishing a key that lost its slot leaves the newer one alone.
  const std::uint64_t same_slot = first ^ 1;
  table->finish(same_slot);
  EXPECT_TRUE(table->busy(first));
  table->finish(first);
  EXPECT_FALSE(table->busy(first));
}

struct Visits {
  std::vector<int> order;
  // Whether the move was marked as in progress while it was searched.
  std::vector<bool> marked;
};

// Runs search_in_turn over the start position's moves with moves 1 and 2
// marked as searched by another thread; cut_at: the visit that cuts off.
Visits visit(int depth, int cut_at = -1) {
  const GameSetup setup = start_of();
  MoveList moves;
  generate_moves(setup.position, moves);
  const std::uint64_t hash = setup.position.hash();
  auto in_progress = std::make_unique<search::MovesInProgress>();
  in_progress->start(search::MovesInProgress::key(hash, moves[1]));
  in_progress->start(search::MovesInProgress::key(hash, moves[2]));
  Visits visits;
  const bool aborted = false;
  search_in_turn(in_progress.get(), hash, moves, depth, aborted, [&](int i) {
    visits.order.push_back(i);
    visits.marked.push_back(in_progress->busy(search::MovesInProgress::key(hash, moves[i])));
    return static_cast<int>(visits.order.size()) - 1 == cut_at;
  });
  // Marks of this thread are gone afterwards; the other thread's stay.
  for (int i = 0; i < moves.size(); ++i)
    EXPECT_EQ(in_progress->busy(search::MovesInProgress::key(hash, moves[i])), i == 1 || i == 2)
        << i;
  return visits;
}

TEST(MovesInProgress, MovesOtherThreadsAreInComeLast) {
  const Visits visits = visit(search::MovesInProgress::kMinDepth);
  const std::vector<int> expected = {0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2};
  EXPECT_EQ(visits.order, expected);
  // The put-off moves were still marked by the other thread.
  EXPECT_EQ(visits.marked, std::vector<bool>(14, true));
}

TEST(MovesInProgress, ShallowNodesSearchInOrderAndACutoffEndsTheLoop) {
  const Visits shallow = visit(search::MovesInProgress::kMinDepth - 1);
  std::vector<int> in_order(14);
  for (int i = 0; i < 14; ++i) in_order[i] = i;
  EXPECT_EQ(shallow.order, in_order);

  const Visits cut = visit(search::MovesInProgress::kMinDepth, 2);
  EXPECT_EQ(cut.order, (std::vector<int>{0, 3, 4}));
}

struct ParallelRun {
  search::SearchResult result;
  int last_depth = 0;
};

ParallelRun run_parallel(const Position& root, int threads, search::SearchLimits limits) {
  search::SearchParams params;
  params.threads = threads;
  search::SearchState state(4);
  search::SearchControl control;
  control.start(search::TimeBudget{}, limits.nodes, false);
  ParallelRun run;
  const search::InfoSink info = [&](const search::SearchInfo& line) {
    run.last_depth = std::max(run.last_depth, line.depth);
  };
  const Game game = game_at(root);
  const search::SearchPlan plan = search::plan_search(root, params, limits, 0);
  run.result = search::alphabeta_search({game, params, limits, plan, control, info, state});
  return run;
}

TEST(ParallelSearch, TwoThreadsFindTheForcedWinAndItsExactScore) {
  const GameSetup setup =
      build(small_board(), {{'a', "c9"}, {'a', "c7"}, {'a', "d7"}, {'d', "e5"}});
  search::SearchLimits limits;
  limits.depth = 6;
  const ParallelRun run = run_parallel(setup.position, 2, limits);
  EXPECT_EQ(run.result.score, win_in(3));
  const std::string best = move_ends_text(setup.position.geometry(), run.result.best);
  EXPECT_TRUE(best == "c7c8" || best == "d7d8") << best;
}

TEST(ParallelSearch, ThreeThreadsReachTheDepthAndPlayALegalMove) {
  const GameSetup setup = start_of();
  search::SearchLimits limits;
  limits.depth = 6;
  const ParallelRun run = run_parallel(setup.position, 3, limits);
  EXPECT_EQ(run.last_depth, 6);
  MoveList legal;
  generate_moves(setup.position, legal);
  EXPECT_TRUE(legal.contains(run.result.best));
  EXPECT_GT(run.result.nodes, 1000u);
}

TEST(ParallelSearch, TheNodeLimitCountsEveryThread) {
  // The main thread of a parallel search adds the other threads' nodes, as
  // its node counter reports them at its polls, to its own: with 15000
  // nodes elsewhere it stops on its own 5000th node of a 20000 limit. A
  // fixed count stands in for the helpers, whose progress between two
  // polls depends on the scheduler.
  const GameSetup setup = start_of();
  search::TranspositionTable table(4);
  search::SearchControl control;
  control.start(search::TimeBudget{}, 20000, false);
  search::AlphaBeta main_search(table, control, evaluate);
  main_search.set_node_counter([&main_search] { return main_search.nodes() + 15000; });
  table.new_search();
  const search::AlphaBetaReport report =
      main_search.run(setup.position, search::AlphaBetaLimits{}, [](const auto&) {});
  EXPECT_EQ(report.nodes, 5000u);
  EXPECT_GE(report.depth, 2);
  MoveList legal;
  generate_moves(setup.position, legal);
  ASSERT_FALSE(report.lines.empty());
  EXPECT_TRUE(legal.contains(report.lines[0].moves[0]));
}

TEST(ParallelSearch, TwoThreadsStopAtTheNodeLimitWithALegalMove) {
  const GameSetup setup = start_of();
  search::SearchLimits limits;
  limits.nodes = 20000;
  const ParallelRun run = run_parallel(setup.position, 2, limits);
  // The total counts both threads; how far past the limit they get depends
  // on when the main thread polls (every 1024 of its nodes) and on when
  // the helper sees the stop, that is on the scheduler, so only the limit
  // itself is a bound here.
  EXPECT_GE(run.result.nodes, 20000u);
  MoveList legal;
  generate_moves(setup.position, legal);
  EXPECT_TRUE(legal.contains(run.result.best));
}

}  // namespace
}  // namespace tiaoqi::search
