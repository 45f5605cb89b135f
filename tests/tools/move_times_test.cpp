// The milliseconds an engine used a move: taken from a game's record (the
// engines' moves only, not the opening's book moves), added up exactly over
// games, and shown in the table as the mean and the longest, with the moves
// over the movetime.
#include "tools/match/move_times.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "tools/match/results.hpp"
#include "tools/match/table.hpp"

namespace tiaoqi::match {
namespace {

using tools::RecordEvent;

RecordEvent move(int player, long long millis) {
  return {RecordEvent::Kind::kMove, player, "a1a2", millis, "+0.10/3 0.00s"};
}

RecordEvent book(int player) {
  return {RecordEvent::Kind::kMove, player, "a1a2", 0, std::string(RecordEvent::kBookComment)};
}

TEST(MoveTimes, FromARecordWithoutTheBookMoves) {
  tools::GameRecord record;
  record.events = {book(1),
                   book(2),
                   move(1, 120),
                   move(2, 7),
                   move(1, 95),
                   move(2, 300),
                   move(1, 100),
                   move(2, 0),
                   {RecordEvent::Kind::kElimination, 1, "lost on time: 900 ms", 0, ""}};
  // Player 1 had a movetime of 100 ms: 120 is over it, 100 is not.
  // Player 2 had none, so no move of it is over.
  const auto times = player_move_times(record, {100, 0});
  ASSERT_EQ(times.size(), 2u);
  EXPECT_EQ(times[0], (MoveTimes{3, 315, 120, 1}));
  EXPECT_EQ(times[1], (MoveTimes{3, 307, 300, 0}));
  EXPECT_DOUBLE_EQ(times[0].mean_ms(), 105.0);
  // Three players, one of whom never moved.
  record.events = {book(3), move(1, 40), move(2, 50)};
  EXPECT_EQ(player_move_times(record, {30, 30, 30}),
            (std::vector<MoveTimes>{{1, 40, 40, 1}, {1, 50, 50, 1}, {}}));
}

TEST(MoveTimes, AddUpAsSumsCountsAndTheLongest) {
  MoveTimes times{3, 315, 120, 1};
  times += MoveTimes{2, 40, 30, 0};
  times += MoveTimes{};
  EXPECT_EQ(times, (MoveTimes{5, 355, 120, 1}));
  EXPECT_DOUBLE_EQ(times.mean_ms(), 71.0);
  EXPECT_EQ(MoveTimes{}.mean_ms(), 0.0);
  // Figures read from files may be any size: sums stop at the largest.
  constexpr long long kMax = std::numeric_limits<long long>::max();
  MoveTimes huge{kMax, kMax, kMax, kMax};
  huge += MoveTimes{1, 1, 1, 1};
  EXPECT_EQ(huge, (MoveTimes{kMax, kMax, kMax, kMax}));
  huge.add_move(5, 1);
  EXPECT_EQ(huge, (MoveTimes{kMax, kMax, kMax, kMax}));
}

// Each engine's moves over every seat it held in every game: sums of the
// games' figures, never an average of averages.
TEST(MoveTimes, TheTableAddsEverySeatOfEveryGame) {
  std::vector<GameSummary> games = {
      {1, 0, 0, {0, 1}, {{0}, {1}}, "t", {}, {{10, 400, 70, 0}, {10, 1000, 130, 3}}},
      {2, 0, 1, {1, 0}, {{1}, {0}}, "t", {}, {{2, 100, 60, 0}, {30, 1010, 50, 0}}},
      // An older summary's game: no times at all.
      {3, 1, 0, {0, 1}, {{0}, {1}}, "t", {}},
  };
  const MatchResults results = compute_results({"new", "old"}, 2, games, std::nullopt);
  EXPECT_EQ(results.rows[0].move_times, (MoveTimes{40, 1410, 70, 0}));
  EXPECT_EQ(results.rows[1].move_times, (MoveTimes{12, 1100, 130, 3}));
  const std::string table = results_table(results);
  EXPECT_EQ(table.substr(0, table.find("Elo")),
            "Engine  Games   Wins  Draws Losses   Points   Score   Time Faults   ms/move  Over\n"
            "new         3      3      0      0      3.0  100.0%      0      0     35/70     0\n"
            "old         3      0      0      3      0.0    0.0%      0      0    92/130     3\n");
  const tools::Json rows = results_json(results)["engines"];
  EXPECT_EQ(rows[1]["moves"], 12);
  EXPECT_EQ(rows[1]["move_ms_total"], 1100);
  EXPECT_DOUBLE_EQ(rows[1]["move_ms_mean"].get<double>(), 1100.0 / 12);
  EXPECT_EQ(rows[1]["move_ms_max"], 130);
  EXPECT_EQ(rows[1]["moves_over_movetime"], 3);
}

}  // namespace
}  // namespace tiaoqi::match
