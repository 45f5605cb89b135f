// End-to-end tests of the match runner against test-double engines
// (tests/tools/doubles): a full match, every fault, shards, SPRT stopping,
// Ctrl-C, and a short match with the real engine when it has been built.
//
// No test depends on the machine's speed: time limits that decide a fault
// are paired with doubles that sleep or hang far past them, and every other
// limit is a generous guard against hangs that a sound engine never meets.
#include "tools/match/match.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "tests/support/hang_guard.hpp"
#include "tests/tools/timeless.hpp"
#include "tools/common/replay.hpp"
#include "tools/match/merge.hpp"
#include "tools/match/referee.hpp"
#include "tools/match/summary.hpp"

namespace tiaoqi::match {
namespace {

// Only a guard against a hung engine: a sound double answers at once.
constexpr long long kHangGuardMs = 60000;

std::string double_in_mode(const std::string& mode = "random", int after = 0, int delay = 0) {
  return std::string(TIAOQI_TEST_ENGINE) + " --mode " + mode + " --after " + std::to_string(after) +
         " --delay " + std::to_string(delay);
}

EngineSpec engine(const std::string& name, const std::string& command, int seed = 0) {
  return {name, command, "", {{"Seed", std::to_string(seed)}}, "", {}};
}

MatchConfig config_for(std::vector<EngineSpec> engines, int players, int openings, int max_plies) {
  MatchConfig config;
  config.engines = std::move(engines);
  config.referee.rules.players = players;
  config.referee.rules.max_plies = max_plies;
  for (const auto& e : config.engines) config.referee.engine_names.push_back(e.name);
  config.referee.time.hang_ms = kHangGuardMs;
  config.schedule.engine_count = static_cast<int>(config.engines.size());
  config.schedule.rules = config.referee.rules;
  config.schedule.openings.count = openings;
  config.schedule.openings.random_plies = 2;
  config.schedule.openings.seed = 42;
  config.startup_ms = kHangGuardMs;
  config.log = [](const std::string&) {};
  return config;
}

void expect_records_replay(const MatchRun& run) {
  for (const auto& record : run.records) {
    auto replay = tools::replay_record(record);
    EXPECT_TRUE(replay.ok()) << replay.error();
  }
}

TEST(Match, TwoEnginesPlayToTheEndWithAConsistentTable) {
  MatchConfig config = config_for(
      {engine("alpha", double_in_mode(), 1), engine("beta", double_in_mode(), 2)}, 2, 3, 40);
  config.concurrency = 2;
  const std::string path = ::testing::TempDir() + "/match_records.txt";
  config.record_path = path;
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_EQ(run->scheduled, 6);
  ASSERT_EQ(run->games.size(), 6u);
  const auto& rows = run->results.rows;
  EXPECT_EQ(rows[0].games, 6);
  EXPECT_EQ(rows[1].games, 6);
  EXPECT_EQ(rows[0].wins, rows[1].losses);
  EXPECT_EQ(rows[0].draws, rows[1].draws);
  EXPECT_EQ(rows[0].wins + rows[0].draws + rows[0].losses, 6);
  EXPECT_NEAR(rows[0].points + rows[1].points, 6.0, 1e-9);
  ASSERT_NE(run->results.head_to_head(), nullptr);
  EXPECT_EQ(run->results.head_to_head()->samples.size(), 3u);
  int pairs = 0;
  for (int count : run->results.head_to_head()->pentanomial) pairs += count;
  EXPECT_EQ(pairs, 3);
  // The record file holds every game, and every game replays legally.
  auto records = tools::read_record_file(path);
  ASSERT_TRUE(records.ok()) << records.error();
  EXPECT_EQ(records->size(), 6u);
  expect_records_replay(*run);
  for (const auto& record : *records) {
    EXPECT_EQ(record.engines, (std::vector<std::string>{"alpha", "beta"}));
    EXPECT_FALSE(record.termination.empty());
    EXPECT_FALSE(record.events.empty());
  }
}

// Under Repetitions the referee ends a game the moment a position comes
// for the N-th time, as the engines' own games do: two doubles that move
// their last piece back repeat the position after the opening every four
// plies, so the third time is four engine moves later still; the record
// says so and its replay agrees.
TEST(Match, TheRefereeDrawsARepeatedGame) {
  MatchConfig config = config_for(
      {engine("alpha", double_in_mode("shuffle"), 1), engine("beta", double_in_mode("shuffle"), 2)},
      2, 1, 200);
  config.referee.rules.repetitions = 3;
  config.schedule.rules = config.referee.rules;
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->records.size(), 2u);
  for (const auto& record : run->records) {
    EXPECT_EQ(record.termination, "draw by repetition: a position came 3 times");
    EXPECT_EQ(record.result, "1=2");
    int engine_moves = 0;
    for (const auto& event : record.events)
      engine_moves += event.comment != tools::RecordEvent::kBookComment;
    EXPECT_EQ(engine_moves, 8);
  }
  expect_records_replay(*run);
}

struct FaultCase {
  const char* name;
  std::string command;
  const char* termination;
  // The faulty engine's own limit where the fault is a matter of time: a
  // double that hangs, or sleeps 400 ms, against 300 ms without a clock
  // or a movetime of 50 + 50 ms. The sound engine keeps the guard.
  TimeControl time;
};

TimeControl hang_limit(long long hang_ms) {
  TimeControl time;
  time.hang_ms = hang_ms;
  return time;
}

TimeControl movetime_limit(long long movetime_ms, long long margin_ms) {
  TimeControl time = hang_limit(kHangGuardMs);
  time.movetime_ms = movetime_ms;
  time.margin_ms = margin_ms;
  return time;
}

void PrintTo(const FaultCase& fault, std::ostream* out) { *out << fault.name; }

class Faults : public ::testing::TestWithParam<FaultCase> {};

TEST_P(Faults, TheFaultyEngineLosesEveryGameAndIsRestarted) {
  const FaultCase& fault = GetParam();
  MatchConfig config =
      config_for({engine("faulty", fault.command), engine("sound", double_in_mode(), 3)}, 2, 1, 60);
  config.referee.engine_times = {fault.time, config.referee.time};
  std::vector<std::string> logged;
  config.log = [&](const std::string& message) { logged.push_back(message); };
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 2u);
  EXPECT_EQ(run->results.rows[0].losses, 2);
  EXPECT_EQ(run->results.rows[1].wins, 2);
  for (const auto& record : run->records)
    EXPECT_NE(record.termination.find(fault.termination), std::string::npos) << record.termination;
  // The table counts each fault once, time losses apart.
  const bool on_time = std::string(fault.termination) == "lost on time";
  EXPECT_EQ(run->results.rows[0].time_losses, on_time ? 2 : 0);
  EXPECT_EQ(run->results.rows[0].faults, on_time ? 0 : 2);
  EXPECT_EQ(run->results.rows[1].faults + run->results.rows[1].time_losses, 0);
  // A refused go is the runner's and the engine's disagreement.
  EXPECT_EQ(run->results.refused_games, std::string(fault.termination) == "refused" ? 2 : 0);
  // Logged twice (once per game) with the engine's last lines.
  ASSERT_EQ(logged.size(), 2u);
  EXPECT_NE(logged[0].find("its last lines"), std::string::npos);
  EXPECT_NE(logged[0].find("\n    > "), std::string::npos);
  expect_records_replay(*run);
}

INSTANTIATE_TEST_SUITE_P(
    Doubles, Faults,
    ::testing::Values(
        FaultCase{"crash", double_in_mode("crash", 2), "crashed", hang_limit(kHangGuardMs)},
        FaultCase{"hang", double_in_mode("hang", 0), "hung", hang_limit(300)},
        FaultCase{"illegal", double_in_mode("illegal", 2), "illegal move",
                  hang_limit(kHangGuardMs)},
        FaultCase{"garbage", double_in_mode("garbage", 2), "garbage", hang_limit(kHangGuardMs)},
        // The engine's error ends the search at once: a refusal, not a
        // hang after the guard.
        FaultCase{"refused_go", double_in_mode("refuse", 1), "refused", hang_limit(kHangGuardMs)},
        FaultCase{"slow", double_in_mode("slow", 0, 400), "lost on time", movetime_limit(50, 50)},
        FaultCase{"crash_on_start", std::string(TIAOQI_DOUBLES_DIR) + "/crash_on_start.sh",
                  "did not start", hang_limit(kHangGuardMs)},
        FaultCase{"garbage_script", std::string(TIAOQI_DOUBLES_DIR) + "/garbage_engine.sh",
                  "garbage", hang_limit(kHangGuardMs)}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Match, AFaultInAThreePlayerGameEliminatesAndPlayGoesOn) {
  MatchConfig config =
      config_for({engine("faulty", double_in_mode("illegal", 1)), engine("b", double_in_mode(), 1),
                  engine("c", double_in_mode(), 2)},
                 3, 1, 45);
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 3u);
  EXPECT_EQ(run->results.rows[0].losses, 3);
  for (const auto& record : run->records) {
    // Moves follow the elimination: the other two played on.
    std::size_t eliminated_at = record.events.size();
    for (std::size_t i = 0; i < record.events.size(); ++i)
      if (record.events[i].kind == tools::RecordEvent::Kind::kElimination) eliminated_at = i;
    EXPECT_LT(eliminated_at + 5, record.events.size());
    // The result tag places the faulty engine's player last.
    const auto faulty = std::find(record.seating.begin(), record.seating.end(), "faulty");
    ASSERT_NE(faulty, record.seating.end());
    EXPECT_EQ(record.result.back(), static_cast<char>('1' + (faulty - record.seating.begin())))
        << record.result;
  }
  for (const auto& game : run->games) {
    // The faulty engine is last in every game.
    const int faulty_seat =
        static_cast<int>(std::find(game.seat_engines.begin(), game.seat_engines.end(), 0) -
                         game.seat_engines.begin());
    EXPECT_EQ(game.standings.back(), std::vector<int>{faulty_seat});
  }
  EXPECT_EQ(run->results.ratings.size(), 3u);
  EXPECT_LT(run->results.ratings[0], run->results.ratings[1]);
  expect_records_replay(*run);
}

TEST(Match, OneAgainstCopiesAtFourSeats) {
  MatchConfig config = config_for(
      {engine("one", double_in_mode(), 5), engine("copy", double_in_mode(), 6)}, 4, 2, 24);
  config.concurrency = 2;
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 8u);
  EXPECT_EQ(run->results.rows[0].games, 8);
  EXPECT_EQ(run->results.rows[1].games, 24);
  ASSERT_NE(run->results.head_to_head(), nullptr);
  EXPECT_EQ(run->results.head_to_head()->samples.size(), 2u);
  EXPECT_TRUE(run->results.head_to_head()->elo.defined);
}

// The milliseconds of each engine's moves as the runner measured them, the
// same as the record's: a double that sleeps 40 ms a move against its
// movetime of 20 ms (with a margin far beyond, so that it never loses on
// time) is over it at every move, and its moves take 40 ms or more. Book
// moves count for no one, and without a movetime no move is over. (Bounds
// from below only: a busy machine makes moves slower, never faster.)
TEST(Match, MeasuresTheMillisecondsOfEveryMove) {
  MatchConfig config = config_for(
      {engine("slow", double_in_mode("slow", 0, 40), 1), engine("quick", double_in_mode(), 2)}, 2,
      1, 12);
  config.referee.engine_times = {movetime_limit(20, kHangGuardMs), config.referee.time};
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 2u);
  // What the records say of each engine's moves.
  std::vector<MoveTimes> recorded(2);
  for (const auto& record : run->records)
    for (const auto& event : record.events) {
      if (event.is_book()) continue;
      const std::string& name = record.seating[static_cast<std::size_t>(event.player - 1)];
      recorded[name == "slow" ? 0 : 1].add_move(event.millis, name == "slow" ? 20 : 0);
    }
  const MoveTimes& slow = run->results.rows[0].move_times;
  const MoveTimes& quick = run->results.rows[1].move_times;
  // 12 plies a game, 2 of them the opening's: 5 moves each per game.
  EXPECT_EQ(slow.moves, 10);
  EXPECT_EQ(quick.moves, 10);
  EXPECT_EQ(slow, recorded[0]);
  EXPECT_EQ(quick, recorded[1]);
  EXPECT_EQ(slow.over_movetime, 10);
  EXPECT_GE(slow.mean_ms(), 40.0);
  EXPECT_GE(slow.max_ms, 40);
  EXPECT_EQ(quick.over_movetime, 0);
  EXPECT_EQ(run->results.rows[0].time_losses, 0);
  const tools::Json row = results_json(run->results)["engines"][0];
  EXPECT_EQ(row["moves"], 10);
  EXPECT_EQ(row["moves_over_movetime"], 10);
  EXPECT_EQ(row["move_ms_total"], slow.total_ms);
  EXPECT_EQ(row["move_ms_max"], slow.max_ms);
}

TEST(Match, TwoShardsMergedEqualOneRun) {
  const auto make = [](int shard, int shards) {
    MatchConfig config = config_for(
        {engine("alpha", double_in_mode(), 1), engine("beta", double_in_mode(), 9)}, 2, 4, 30);
    config.schedule.shard = shard;
    config.schedule.shard_count = shards;
    config.concurrency = 2;
    return config;
  };
  auto whole = run_match(make(0, 1), nullptr);
  auto first = run_match(make(0, 2), nullptr);
  auto second = run_match(make(1, 2), nullptr);
  ASSERT_TRUE(whole.ok() && first.ok() && second.ok());
  EXPECT_EQ(first->games.size() + second->games.size(), whole->games.size());
  const tools::Json one =
      summary_json(match_info_json(make(0, 1), *whole, ""), whole->results, whole->games);
  // Through text, as the files travel between machines.
  const auto reread = [](const tools::Json& json) {
    return *tools::parse_json(tools::dump_json(json));
  };
  auto merged = merge_summaries(
      {reread(summary_json(match_info_json(make(0, 2), *first, ""), first->results, first->games)),
       reread(summary_json(match_info_json(make(1, 2), *second, ""), second->results,
                           second->games))});
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_EQ(tools::without_times(merged->summary["results"]), tools::without_times(one["results"]));
  EXPECT_EQ(tools::without_times(merged->summary["games"]), tools::without_times(one["games"]));
  EXPECT_EQ(merged->summary["match"]["scheduled"], one["match"]["scheduled"]);
  // The same games move for move (times aside).
  auto strip = [](std::vector<tools::GameRecord> records) {
    std::sort(records.begin(), records.end(),
              [](const auto& a, const auto& b) { return a.game < b.game; });
    for (auto& record : records) {
      record.date.clear();
      for (auto& event : record.events) {
        // The time taken differs from run to run; the score and depth not.
        event.millis = 0;
        const auto time_at = event.comment.rfind(' ');
        if (!event.is_book())
          event.comment = time_at == std::string::npos ? "" : event.comment.substr(0, time_at);
      }
    }
    return records;
  };
  auto parts = first->records;
  parts.insert(parts.end(), second->records.begin(), second->records.end());
  EXPECT_EQ(strip(parts), strip(whole->records));
  // A summary cannot be merged with itself.
  EXPECT_FALSE(merge_summaries({one, one}).ok());
}

TEST(Match, SprtStopsAsSoonAsItIsDecided) {
  // "sound" plays random moves; "flaky" answers an illegal move in about
  // three positions of four. Games stop at 4 plies (2 of them opening), so
  // a game is a loss for the flaky engine or a random adjudication: about
  // 7/8 for "sound", far past elo1 = 100 (64%).
  MatchConfig config = config_for(
      {engine("sound", double_in_mode(), 4), engine("flaky", double_in_mode("flaky"), 4)}, 2, 60,
      4);
  config.sprt = SprtConfig{0, 100, 0.1, 0.1};
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_TRUE(run->sprt_stopped);
  EXPECT_LT(static_cast<int>(run->games.size()), run->scheduled);
  EXPECT_EQ(run->results.sprt.decision, SprtDecision::kAcceptH1);
  EXPECT_GE(run->results.sprt.llr, run->results.sprt.upper);
  // A shard's samples are a part of the test's: it plays its whole block,
  // and merge --sequential cuts the merged games where the test decides.
  config.schedule.shard_count = 2;
  auto shard = run_match(config, nullptr);
  ASSERT_TRUE(shard.ok()) << shard.error();
  EXPECT_FALSE(shard->sprt_stopped);
  EXPECT_EQ(static_cast<int>(shard->games.size()), shard->scheduled);
  EXPECT_EQ(shard->scheduled, 60);
}

// Counts the lines of a --mark file that equal `word`.
int marks(const std::string& path, const std::string& word) {
  std::ifstream in(path);
  int count = 0;
  for (std::string line; std::getline(in, line);) count += line == word;
  return count;
}

// Waits (with the hang guard) until a --mark file holds `count` lines of
// `word`.
bool wait_for_marks(const std::string& path, const std::string& word, int count) {
  const auto guard = std::chrono::steady_clock::now() + std::chrono::milliseconds(kHangGuardMs);
  while (std::chrono::steady_clock::now() < guard) {
    if (marks(path, word) >= count) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST(Match, InterruptEndsAMatchPromptly) {
  // Engines that never answer a search: no game can end on its own, so the
  // interrupt, sent once both engines are searching, is what ends the run.
  const std::string mark = ::testing::TempDir() + "/interrupt_marks_" + std::to_string(::getpid());
  std::filesystem::remove(mark);
  const std::string hang = double_in_mode("hang", 0) + " --mark " + mark;
  MatchConfig config = config_for({engine("a", hang), engine("b", hang)}, 2, 50, 400);
  config.concurrency = 2;
  std::atomic<int> interrupt{0};
  std::thread pressing([&]() {
    // A search has begun in each of the two games: every engine hangs at
    // its first go, so each game writes one "go" (and a "newgame" before
    // it, which says nothing of the search).
    wait_for_marks(mark, "go", 2);
    interrupt = static_cast<int>(StopRequest::kStop);
  });
  const auto began = std::chrono::steady_clock::now();
  auto run = run_match(config, &interrupt);
  pressing.join();
  ASSERT_TRUE(run.ok());
  EXPECT_TRUE(run->interrupted);
  EXPECT_TRUE(run->games.empty());
  EXPECT_EQ(run->scheduled, 100);
  // Far sooner than the engines' hang timeout, which alone would end a game.
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::milliseconds(kHangGuardMs));
  std::filesystem::remove(mark);
}

// An interrupt that comes while an engine is still starting cuts the game
// short: the engine is not at fault and the game is not counted (a win for
// the other player, who never moved).
TEST(Match, AnInterruptDuringAnEnginesStartIsNoFault) {
  const std::string mark = ::testing::TempDir() + "/start_marks_" + std::to_string(::getpid());
  std::filesystem::remove(mark);
  // Starts, then reads on without ever answering the handshake (its
  // output stays open: no exit is seen).
  const std::string silent = "echo started >> '" + mark + "'; while read -r line; do :; done";
  MatchConfig config =
      config_for({engine("silent", silent), engine("b", double_in_mode())}, 2, 1, 40);
  std::vector<std::string> logged;
  config.log = [&](const std::string& message) { logged.push_back(message); };
  std::atomic<int> interrupt{0};
  std::thread pressing([&]() {
    wait_for_marks(mark, "started", 1);
    interrupt = static_cast<int>(StopRequest::kStop);
  });
  auto run = run_match(config, &interrupt);
  pressing.join();
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_TRUE(run->interrupted);
  EXPECT_TRUE(run->games.empty());
  EXPECT_TRUE(run->records.empty());
  EXPECT_TRUE(logged.empty()) << logged.front();
  std::filesystem::remove(mark);
}

TEST(Match, SignalsStopThenAbortAfterTheGracePeriod) {
  constexpr long long kSecond = 1'000'000'000;
  EXPECT_EQ(signal_action(StopRequest::kNone, 0), SignalAction::kStop);
  // The same signal twice in a row from a process group: nothing more.
  EXPECT_EQ(signal_action(StopRequest::kStop, 1000), SignalAction::kNothing);
  EXPECT_EQ(signal_action(StopRequest::kStop, kSignalGraceNs - 1), SignalAction::kNothing);
  EXPECT_EQ(kSignalGraceNs, kSecond);
  // A second one after the grace period, and a third.
  EXPECT_EQ(signal_action(StopRequest::kStop, kSignalGraceNs), SignalAction::kAbort);
  EXPECT_EQ(signal_action(StopRequest::kAbort, 5 * kSecond), SignalAction::kDefault);
  EXPECT_EQ(signal_action(StopRequest::kAbort, 10), SignalAction::kNothing);
}

// A stop request tells the engines to quit; an abort (a second signal
// after the grace period) ends them without waiting for that.
TEST(Match, AStopQuitsTheEnginesAndAnAbortKillsThem) {
  for (const StopRequest request : {StopRequest::kStop, StopRequest::kAbort}) {
    const std::string mark = ::testing::TempDir() + "/stop_marks_" + std::to_string(::getpid()) +
                             "_" + std::to_string(static_cast<int>(request));
    std::filesystem::remove(mark);
    const std::string hang = double_in_mode("hang", 0) + " --mark " + mark;
    MatchConfig config = config_for({engine("a", hang), engine("b", hang)}, 2, 4, 400);
    std::atomic<int> stop{0};
    std::thread pressing([&]() {
      wait_for_marks(mark, "go", 1);
      stop = static_cast<int>(request);
    });
    auto run = run_match(config, &stop);
    pressing.join();
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->interrupted);
    // Only engine a, to move first, was started: a stop tells it to quit,
    // an abort does not wait for that.
    EXPECT_EQ(marks(mark, "newgame"), 1);
    EXPECT_EQ(marks(mark, "quit"), request == StopRequest::kStop ? 1 : 0);
    std::filesystem::remove(mark);
  }
}

TEST(Match, RecordsKeepTheOpeningMovesNumberOnAndCarryScores) {
  MatchConfig config = config_for({engine("a", double_in_mode() + " --score 35", 1),
                                   engine("b", double_in_mode() + " --score -20", 2)},
                                  2, 2, 30);
  config.concurrency = 2;
  const std::string path = ::testing::TempDir() + "/ordered_records.txt";
  config.record_path = path;
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  auto records = tools::read_record_file(path);
  ASSERT_TRUE(records.ok()) << records.error();
  ASSERT_EQ(records->size(), 4u);
  for (std::size_t i = 0; i < records->size(); ++i) {
    const tools::GameRecord& record = (*records)[i];
    // In game order, whichever thread finished first.
    EXPECT_EQ(record.game, static_cast<int>(i) + 1);
    // A random opening starts at the start: its two plies are book moves.
    EXPECT_EQ(tools::first_ply_number(record), 1);
    ASSERT_GE(record.events.size(), 3u);
    EXPECT_TRUE(record.events[0].is_book());
    EXPECT_TRUE(record.events[1].is_book());
    EXPECT_FALSE(record.events[2].is_book());
    // The mover's score and depth from its last info line, and the time.
    const std::string expected = record.seating[0] == "a" ? "+0.35/1 " : "-0.20/1 ";
    EXPECT_EQ(record.events[2].comment.rfind(expected, 0), 0u) << record.events[2].comment;
    EXPECT_TRUE(record.events[2].comment.ends_with("s")) << record.events[2].comment;
  }
  // The text numbers the moves on from the opening position's move count.
  const std::string text = tools::format_record((*records)[0]);
  EXPECT_NE(text.find("\n1. p1 "), std::string::npos) << text;
  EXPECT_NE(text.find(" {book}\n3. p1 "), std::string::npos) << text;
  expect_records_replay(*run);
}

TEST(Match, ScoreAdjudicationResignsAndDraws) {
  // "sure" always scores itself +20.00, "doomed" -20.00: after three moves
  // each, doomed resigns when it is to move.
  MatchConfig resign = config_for({engine("sure", double_in_mode() + " --score 2000", 1),
                                   engine("doomed", double_in_mode() + " --score -2000", 2)},
                                  2, 1, 200);
  resign.referee.adjudication.resign = ResignRule{3, 1000};
  auto resigned = run_match(resign, nullptr);
  ASSERT_TRUE(resigned.ok()) << resigned.error();
  ASSERT_EQ(resigned->games.size(), 2u);
  EXPECT_EQ(resigned->results.rows[0].wins, 2);
  for (const auto& record : resigned->records) {
    const int doomed = record.seating[0] == "doomed" ? 1 : 2;
    EXPECT_EQ(record.termination.rfind("adjudicated: p" + std::to_string(doomed) + " resigned", 0),
              0u)
        << record.termination;
    // Two book plies, three moves of each (and one more of p1 when doomed
    // is p2), then the resignation at doomed's turn.
    EXPECT_EQ(record.events.size(), doomed == 1 ? 9u : 10u) << tools::format_record(record);
    EXPECT_EQ(record.events.back().kind, tools::RecordEvent::Kind::kElimination);
    EXPECT_EQ(record.events.back().player, doomed);
  }
  expect_records_replay(*resigned);

  // Both level: a draw once 10 game plies are played and each engine has
  // scored within 0.50 four times.
  MatchConfig draw = config_for({engine("x", double_in_mode() + " --score 10", 1),
                                 engine("y", double_in_mode() + " --score -10", 2)},
                                2, 1, 200);
  draw.referee.adjudication.draw = DrawRule{4, 50, 10};
  auto drawn = run_match(draw, nullptr);
  ASSERT_TRUE(drawn.ok()) << drawn.error();
  EXPECT_EQ(drawn->results.rows[0].draws, 2);
  for (const auto& record : drawn->records) {
    EXPECT_EQ(record.result, "1=2");
    EXPECT_TRUE(record.termination.starts_with(tools::kDrawAdjudication)) << record.termination;
    EXPECT_EQ(record.events.size(), 12u);  // two book plies and ten game plies
  }
  expect_records_replay(*drawn);
}

TEST(Match, ShortMatchWithTheRealEngine) {
  // The engine of this build first: another build's may be older than the
  // rule options this runner sends.
  std::string binary;
  for (const std::string& candidate :
       {std::string(TIAOQI_REAL_ENGINE), std::string(TIAOQI_SOURCE_DIR) + "/build/protocol/tiaoqi"})
    if (binary.empty() && !candidate.empty() && access(candidate.c_str(), X_OK) == 0)
      binary = candidate;
  if (binary.empty()) GTEST_SKIP() << "the tiaoqi engine has not been built";
  MatchConfig config =
      config_for({EngineSpec{"random", binary, "", {{"Search", "random"}, {"Seed", "1"}}, "", {}},
                  EngineSpec{"greedy", binary, "", {{"Search", "greedy"}}, "", {}}},
                 2, 1, 40);
  // A node count, not a clock, so a busy machine plays the same games.
  config.referee.time.nodes = 1000;
  std::vector<std::string> logged;
  config.log = [&](const std::string& message) { logged.push_back(message); };
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_EQ(run->games.size(), 2u);
  expect_records_replay(*run);
  // Played to the end without a fault (the engine's greeting before uciok
  // is no fault).
  EXPECT_TRUE(logged.empty()) << logged.front();
  for (const auto& record : run->records) {
    EXPECT_TRUE(record.termination.ends_with("reached its target") ||
                record.termination.starts_with("adjudicated: move limit"))
        << record.termination;
    for (const auto& event : record.events) {
      EXPECT_EQ(event.kind, tools::RecordEvent::Kind::kMove) << event.text;
      // The engine's score and depth: "{+0.35/3 0.01s}", or "book".
      if (!event.is_book()) {
        EXPECT_NE(event.comment.find('/'), std::string::npos) << event.comment;
      }
    }
  }
}

// A game the rules draw says why it is a draw: under EqualTurnsAtOnce
// (the rating list's rules) player 1's finish is drawn when player 2
// could fill its own target with its next move; under MoveLimitDraw the
// move limit draws.
TEST(Referee, ADrawNamesWhyItIsADraw) {
  RuleOptions at_once;
  at_once.equal_turns_at_once = true;
  auto setup = parse_position_string(
      "a/aa/aaa/aaa1/7a5/12/11/10/9/10/11/12/5d7/1ddd/ddd/dd/d 1 a/d 2", at_once);
  ASSERT_TRUE(setup.ok()) << setup.error();
  Position position = setup->position;
  auto move = parse_move(position, "h13h14");
  ASSERT_TRUE(move.ok()) << move.error();
  position.play(*move);
  ASSERT_TRUE(position.is_over());
  EXPECT_EQ(rules_termination(position),
            "p1 reached its target and p2 could reach its own with the next move: a draw");

  RuleOptions limited;
  limited.max_plies = 2;
  limited.move_limit_draw = true;
  auto start = start_setup(limited);
  ASSERT_TRUE(start.ok()) << start.error();
  Position game = start->position;
  for (int ply = 0; ply < 2; ++ply) {
    MoveList moves;
    generate_moves(game, moves);
    game.play(moves[0]);
  }
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(rules_termination(game), "move limit of 2 plies: a draw");
}

}  // namespace
}  // namespace tiaoqi::match
