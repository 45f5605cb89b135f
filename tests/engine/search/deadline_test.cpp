// Hard deadlines: the clock runs from the request's arrival, and a search
// with no time left answers at once from one ply, with a legal move.
#include <gtest/gtest.h>

#include <chrono>

#include "engine/movegen.hpp"
#include "engine/search/config.hpp"
#include "engine/search/control.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/registry.hpp"
#include "engine/search/search_state.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

TEST(Deadline, TheClockRunsFromTheRequestsArrival) {
  TimeBudget budget;
  budget.soft_ms = budget.hard_ms = 50;
  SearchControl control;
  // A request that waited an hour in the input has no time left at all.
  control.start(budget, std::nullopt, false, SearchControl::Clock::now() - std::chrono::hours(1));
  EXPECT_TRUE(control.emergency());
  EXPECT_TRUE(control.should_stop(0));
  EXPECT_GE(control.elapsed_ms(), 3600 * 1000);

  SearchControl fresh;
  budget.soft_ms = budget.hard_ms = 60 * 60 * 1000;
  fresh.start(budget, std::nullopt, false);
  EXPECT_FALSE(fresh.emergency());
  // Pondering has no deadline yet.
  SearchControl pondering;
  pondering.start(budget, std::nullopt, true, SearchControl::Clock::now() - std::chrono::hours(2));
  EXPECT_FALSE(pondering.emergency());
}

// Work ahead of a search (MCTS's fastest finish) stops at a share of the
// soft limit; the margins are minutes, so no machine is too slow for it.
TEST(Deadline, AShareOfTheSoftLimit) {
  TimeBudget budget;
  budget.soft_ms = 60 * 60 * 1000;
  budget.hard_ms = 2 * budget.soft_ms.value();
  SearchControl control;
  control.start(budget, std::nullopt, false,
                SearchControl::Clock::now() - std::chrono::minutes(40));
  EXPECT_TRUE(control.soft_time_share_up(25));
  EXPECT_TRUE(control.soft_time_share_up(50));
  EXPECT_FALSE(control.soft_time_share_up(75));
  EXPECT_FALSE(control.soft_time_up());
  // No time limit, or pondering: never.
  SearchControl unlimited;
  unlimited.start(TimeBudget{}, std::nullopt, false,
                  SearchControl::Clock::now() - std::chrono::minutes(40));
  EXPECT_FALSE(unlimited.soft_time_share_up(0));
  SearchControl pondering;
  pondering.start(budget, std::nullopt, true,
                  SearchControl::Clock::now() - std::chrono::minutes(40));
  EXPECT_FALSE(pondering.soft_time_share_up(25));
}

TEST(Deadline, AnEmptyClockGetsTheOnePlyMoveAtOnce) {
  // A race (every piece past the other army): the race solver would plan a
  // crossing; with no time left the answer is the one-ply choice instead.
  const GameSetup setup = tiaoqi::testing::setup_of(
      "1/2/3/4/4aaa6/3aaa6/2aaaa5/10/9/10/5dddd2/6ddd3/6ddd4/4/3/2/1 1 a/d 60");
  SearchLimits limits;
  limits.time_ms[0] = 0;
  limits.increment_ms[0] = 0;
  SearchParams params;
  SearchControl control;
  control.start(plan_time(limits, 0, 30, SearchConfig{}.moves_to_go), std::nullopt, false);
  ASSERT_TRUE(control.emergency());
  SearchState state(1);
  const Game game(setup);
  const SearchPlan plan = plan_search(game.position(), params, limits, 30);
  const SearchResult result = run_search({game, params, limits, plan, control, {}, state});
  MoveList legal;
  generate_moves(setup.position, legal);
  ASSERT_TRUE(legal.contains(result.best));
  // Every legal move had its look, and no more.
  EXPECT_EQ(result.nodes, static_cast<std::uint64_t>(legal.size()));

  SearchControl untimed;
  untimed.start(TimeBudget{}, std::nullopt, false);
  const SearchLimits no_limits;
  EXPECT_EQ(greedy_search({game,
                           params,
                           no_limits,
                           plan_search(game.position(), params, no_limits, 0),
                           untimed,
                           {},
                           state})
                .best,
            result.best);
}

}  // namespace
}  // namespace tiaoqi::search
