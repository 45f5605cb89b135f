// Resuming an interrupted match from its record or its JSON summary: the
// finished games are counted and not played again, the rest are played,
// the record ends up whole and in game order, and files of another match
// are refused.
#include "tools/match/resume.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "tests/support/hang_guard.hpp"
#include "tests/tools/timeless.hpp"
#include "tools/common/text_file.hpp"
#include "tools/match/match.hpp"
#include "tools/match/summary.hpp"

namespace tiaoqi::match {
namespace {

MatchConfig config_for(std::uint64_t seed) {
  MatchConfig config;
  for (const char* name : {"alpha", "beta"}) {
    config.engines.push_back({name,
                              std::string(TIAOQI_TEST_ENGINE),
                              "",
                              {{"Seed", name[0] == 'a' ? "1" : "2"}},
                              "",
                              {}});
    config.referee.engine_names.push_back(name);
  }
  config.referee.rules.max_plies = 20;
  config.referee.time.hang_ms = kHangGuardMs;
  config.schedule.rules = config.referee.rules;
  config.schedule.openings.count = 3;
  config.schedule.openings.random_plies = 2;
  config.schedule.openings.seed = seed;
  config.startup_ms = kHangGuardMs;
  config.log = [](const std::string&) {};
  return config;
}

// Game records and summaries with the date and times left out, which
// differ from run to run.
std::vector<tools::GameRecord> stripped(std::vector<tools::GameRecord> records) {
  for (auto& record : records) {
    record.date.clear();
    for (auto& event : record.events) {
      event.millis = 0;
      event.comment = event.is_book() ? event.comment : "";
    }
  }
  return records;
}

struct Files {
  std::string record;
  std::string whole;
};

// A whole run written to `whole`; the games of openings 1 and 3 (not 2)
// written to `record`, as an interrupted run with two threads leaves them.
Files interrupted_run(const std::string& name, MatchRun& full) {
  Files files{::testing::TempDir() + "/" + name + "_part.txt",
              ::testing::TempDir() + "/" + name + "_whole.txt"};
  MatchConfig config = config_for(7);
  config.record_path = files.whole;
  auto run = run_match(config, nullptr);
  EXPECT_TRUE(run.ok()) << run.error();
  full = *run;
  std::string part;
  for (const auto& record : run->records)
    if (record.opening_index != 1) part += tools::format_record(record) + "\n";
  EXPECT_TRUE(tools::write_text_file(files.record, part));
  return files;
}

// Every carried game is the game the run played: seats, result, faults
// and each player's move times.
void expect_as_played(const std::vector<GameSummary>& carried, const MatchRun& full) {
  for (const auto& game : carried) {
    const auto played = std::find_if(full.games.begin(), full.games.end(),
                                     [&](const GameSummary& g) { return g.game == game.game; });
    ASSERT_NE(played, full.games.end());
    EXPECT_EQ(game, *played);
    ASSERT_EQ(game.move_times.size(), 2u);
    EXPECT_GT(game.move_times[0].moves, 0);
  }
}

TEST(Resume, FromTheRecordPlaysOnlyWhatIsMissing) {
  MatchRun full;
  const Files files = interrupted_run("resume_record", full);
  MatchConfig config = config_for(7);
  auto schedule = build_schedule(config.schedule);
  ASSERT_TRUE(schedule.ok());
  auto carried = resume_from_record(files.record, *schedule, config.referee);
  ASSERT_TRUE(carried.ok()) << carried.error();
  ASSERT_EQ(carried->size(), 4u);
  // Each carried game as the run counted it, its move times read back from
  // the record's milliseconds.
  expect_as_played(*carried, full);
  config.carried = *carried;
  config.record_path = files.record;
  config.append_record = true;
  auto resumed = run_match(config, nullptr);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_EQ(resumed->carried, 4);
  EXPECT_EQ(resumed->records.size(), 2u);  // only opening 2's games were played
  EXPECT_EQ(resumed->games.size(), 6u);
  // The same statistics as the run that was never interrupted, and the
  // same record, in game order.
  EXPECT_EQ(tools::without_times(results_json(resumed->results)),
            tools::without_times(results_json(full.results)));
  auto whole = tools::read_record_file(files.whole);
  auto completed = tools::read_record_file(files.record);
  ASSERT_TRUE(whole.ok() && completed.ok());
  EXPECT_EQ(stripped(*completed), stripped(*whole));
}

TEST(Resume, FromTheJsonSummary) {
  MatchRun full;
  interrupted_run("resume_json", full);
  MatchConfig config = config_for(7);
  MatchRun part = full;
  part.games.erase(part.games.begin() + 2, part.games.begin() + 4);  // opening 2
  part.interrupted = true;
  const std::string path = ::testing::TempDir() + "/resume_part.json";
  const tools::Json info = match_info_json(config, part, "");
  ASSERT_TRUE(
      tools::write_text_file(path, tools::dump_json(summary_json(info, part.results, part.games))));
  auto schedule = build_schedule(config.schedule);
  auto carried = resume_from_json(path, match_info_json(config, MatchRun{}, ""), *schedule, 2, 2);
  ASSERT_TRUE(carried.ok()) << carried.error();
  ASSERT_EQ(carried->size(), 4u);
  expect_as_played(*carried, full);
  config.carried = *carried;
  auto resumed = run_match(config, nullptr);
  ASSERT_TRUE(resumed.ok()) << resumed.error();
  EXPECT_EQ(resumed->records.size(), 2u);
  EXPECT_EQ(tools::without_times(results_json(resumed->results)),
            tools::without_times(results_json(full.results)));
}

TEST(Resume, RefusesTheFilesOfAnotherMatch) {
  MatchRun full;
  const Files files = interrupted_run("resume_other", full);
  // Another seed gives other openings.
  MatchConfig other = config_for(8);
  auto schedule = build_schedule(other.schedule);
  auto from_record = resume_from_record(files.record, *schedule, other.referee);
  ASSERT_FALSE(from_record.ok());
  EXPECT_NE(from_record.error().find("game 1: its opening is not the one this match gives it"),
            std::string::npos)
      << from_record.error();
  // Other engines.
  RefereeConfig renamed_engines = other.referee;
  renamed_engines.engine_names = {"alpha", "gamma"};
  auto renamed = resume_from_record(files.record, *schedule, renamed_engines);
  ASSERT_FALSE(renamed.ok());
  EXPECT_NE(renamed.error().find("its engines 'alpha; beta' are not this match's"),
            std::string::npos)
      << renamed.error();
  // A summary of seed 7 for a match of seed 8.
  const std::string path = ::testing::TempDir() + "/resume_other.json";
  MatchConfig seven = config_for(7);
  ASSERT_TRUE(tools::write_text_file(
      path,
      tools::dump_json(summary_json(match_info_json(seven, full, ""), full.results, full.games))));
  auto from_json = resume_from_json(path, match_info_json(other, MatchRun{}, ""), *schedule, 2, 2);
  ASSERT_FALSE(from_json.ok());
  EXPECT_NE(from_json.error().find("comes from another match: its \"seed\" is '7', this "
                                   "match's '8'"),
            std::string::npos)
      << from_json.error();
}

}  // namespace
}  // namespace tiaoqi::match
