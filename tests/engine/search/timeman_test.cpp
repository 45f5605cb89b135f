#include "engine/search/timeman.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/search/config.hpp"

namespace tiaoqi::search {
namespace {

// The clock planned as the engine plans it by default.
const int kMovesToGo = SearchConfig{}.moves_to_go;

TEST(TimeManagement, MoveTimeLessOverhead) {
  SearchLimits limits;
  limits.move_time_ms = 1000;
  const TimeBudget budget = plan_time(limits, 0, 30, kMovesToGo);
  EXPECT_EQ(budget.hard_ms, 970);
  EXPECT_EQ(budget.soft_ms, 970);
}

// A movetime is used all but a small reserve: a millisecond and a
// twentieth, never more than Move Overhead.
TEST(TimeManagement, MoveTimeIsUsedAllButASmallReserve) {
  for (auto [given, used] : {std::pair<std::int64_t, std::int64_t>{20, 18}, {50, 47}, {200, 189}}) {
    SearchLimits limits;
    limits.move_time_ms = given;
    EXPECT_EQ(plan_time(limits, 0, 30, kMovesToGo).hard_ms, used) << given;
    EXPECT_EQ(plan_time(limits, 0, 30, kMovesToGo).soft_ms, used) << given;
  }
  SearchLimits limits;
  limits.move_time_ms = 50;
  EXPECT_EQ(plan_time(limits, 0, 0, kMovesToGo).hard_ms, 50);
}

TEST(TimeManagement, ClockIsNeverOverspent) {
  for (std::int64_t time : {0, 1, 10, 31, 100, 1000, 60000, 3600000}) {
    SearchLimits limits;
    limits.time_ms[2] = time;
    limits.increment_ms[2] = 1000;
    const TimeBudget budget = plan_time(limits, 2, 30, kMovesToGo);
    ASSERT_TRUE(budget.hard_ms);
    EXPECT_LE(*budget.hard_ms, std::max<std::int64_t>(0, time - 30)) << time;
    EXPECT_LE(*budget.soft_ms, *budget.hard_ms) << time;
  }
}

TEST(TimeManagement, LivingOnTheIncrementKeepsAReserve) {
  // 400 ms left, 50 ms a move: planning to spend the increment whole would
  // run the clock down to the overhead; the plan stays well below it.
  SearchLimits limits;
  limits.time_ms[0] = 400;
  limits.increment_ms[0] = 50;
  const TimeBudget budget = plan_time(limits, 0, 30, kMovesToGo);
  EXPECT_EQ(budget.soft_ms, 31);   // (400 + 24 x 50 - 27 x 30) / 25, rounded down
  EXPECT_EQ(budget.hard_ms, 124);  // four times the soft limit
}

TEST(TimeManagement, ShortSuddenDeathStillSearches) {
  // 500 ms, no increment: the overheads of 25 moves eat the pool, but a
  // fiftieth of what is left is still spent.
  SearchLimits limits;
  limits.time_ms[1] = 500;
  EXPECT_EQ(plan_time(limits, 1, 30, kMovesToGo).soft_ms, 9);  // (500 - 30) / 50
}

TEST(TimeManagement, InfiniteHasNoDeadline) {
  SearchLimits limits;
  limits.infinite = true;
  limits.time_ms[0] = 1000;
  EXPECT_FALSE(plan_time(limits, 0, 30, kMovesToGo).hard_ms);
}

}  // namespace
}  // namespace tiaoqi::search
