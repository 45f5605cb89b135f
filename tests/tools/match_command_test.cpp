// tiaoqi-match as a user runs it: every mistake of the command line or of
// an engine's options is caught before the first game with a clear message
// and exit status 2 or 3; signals leave the table and the JSON of the
// finished games; results that cannot be trusted exit 1; progress is
// plain lines when standard error is no terminal; compliance output is
// not held back in a buffer; merge warns of missing shards. Each test waits
// on events (a line, a file, a mark of the test double), never on time.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/tools/timeless.hpp"
#include "tests/tools/tool_runs.hpp"
#include "tools/common/json.hpp"
#include "tools/common/record.hpp"
#include "tools/match/openings.hpp"

namespace tiaoqi::tools {
namespace {

std::string double_engine(const std::string& arguments = "") {
  return "cmd=" + double_command(arguments);
}

int count_lines(const std::string& path, const std::string& word) {
  std::ifstream in(path);
  int count = 0;
  for (std::string line; std::getline(in, line);) count += line == word;
  return count;
}

// The usual tiny match between two doubles, plus `more`.
std::vector<std::string> tiny_match(const std::string& mark, std::vector<std::string> more) {
  std::vector<std::string> arguments = {"-engine",       double_engine("--mark " + mark),
                                        "name=a",        "-engine",
                                        double_engine(), "name=b",
                                        "--max-plies",   "8"};
  if (std::find(more.begin(), more.end(), "--openings") == more.end())
    more.insert(more.end(), {"--openings", "1"});
  arguments.insert(arguments.end(), more.begin(), more.end());
  return arguments;
}

struct RefusedCase {
  std::vector<std::string> arguments;
  std::string message;
};

// Issue cases 1, 2 and 9: no limit that ends a search, limits and counts
// out of range, an output file that cannot be written or would be
// overwritten. Nothing starts: no engine searches.
TEST(MatchCommand, BadArgumentsAreRefusedBeforeAnyGame) {
  const std::string existing = temp_path("existing.txt");
  ASSERT_TRUE(write_text_file(existing, "[Event \"x\"]\n"));
  const std::vector<RefusedCase> cases = {
      {{}, "no limit for engine 'a': give --tc, --movetime, --nodes or --depth"},
      {{"--movetime", "0"}, "--movetime expects a number from 1 to 1000000000000, got '0'"},
      {{"--nodes", "0"}, "--nodes expects a number from 1 to 1000000000000000000, got '0'"},
      {{"--movetime", "-5"}, "--movetime expects a number from 1 to 1000000000000, got '-5'"},
      {{"--depth", "0"}, "--depth expects a number from 1 to 255, got '0'"},
      {{"--depth", "300"}, "--depth expects a number from 1 to 255, got '300'"},
      {{"--depth", "1", "--concurrency", "0"}, "--concurrency expects a number from 1 to 1024"},
      {{"--depth", "1", "--concurrency", "-1"}, "--concurrency expects a number from 1 to 1024"},
      {{"--depth", "1", "--openings", "0"}, "--openings expects a number from 1 to 1000000000"},
      {{"--depth", "1", "--json", "/no/such/folder/x.json"},
       "--json '/no/such/folder/x.json': the folder '/no/such/folder' does not exist"},
      {{"--depth", "1", "--record", existing},
       "exists; give --overwrite to replace it or --resume to continue its match"},
      {{"--depth", "1", "--resume"}, "--resume needs the --record or --json file"},
      {{"--depth", "1", "--resign", "moves=3", "--players", "3"},
       "--resign and --draw adjudicate games of two players"},
      {{"--depth", "1", "--tournament", "swiss"}, "expected round-robin or gauntlet"},
      {{"--depth", "1", "--openings-start", "2"}, "--openings-start applies to the lines of"},
      // A stray word would change nothing without a word: "--tc 1 +0.5"
      // would play 1+0.
      {{"--tc", "1", "+0.5"},
       "unexpected argument '+0.5' (every value belongs to the flag before it)"},
      {{"--depth", "1", "--openings", "1", "2"}, "unexpected argument '2'"},
      {{"--depth", "1", "trailing"}, "unexpected argument 'trailing'"},
      // A rule given twice with two values: neither may silently win.
      {{"--depth", "1", "--players", "2", "--rule", "Players=3"},
       "Players is given twice with two values: 3 by --rule Players=3, 2 by --players"},
      {{"--depth", "1", "--players", "3", "--rule", "Players=2"},
       "Players is given twice with two values: 2 by --rule Players=2, 3 by --players"},
      {{"--depth", "1", "--armies", "2", "--rule", "ArmiesPerPlayer=1"},
       "ArmiesPerPlayer is given twice with two values: 1 by --rule ArmiesPerPlayer=1, 2 by "
       "--armies"},
      {{"--depth", "1", "--rule", "LongJumps=true", "--rule", "longjumps=false"},
       "LongJumps is given twice with two values: true by --rule LongJumps=true, false by --rule "
       "longjumps=false"},
      {{"--depth", "1", "-engine", double_engine(), "nodes=0"},
       "engine 'tiaoqi_test_engine': nodes= expects a number from 1 to 1000000000000000000, got "
       "'0'"},
  };
  const std::string mark = temp_path("refused_marks");
  for (const auto& refused : cases) {
    std::filesystem::remove(mark);
    const ToolRun ran = run_match(tiny_match(mark, refused.arguments));
    EXPECT_EQ(ran.status, 2) << refused.message << "\n" << ran.err;
    EXPECT_NE(ran.err.find(refused.message), std::string::npos) << ran.err;
    EXPECT_EQ(count_lines(mark, "go"), 0) << refused.message;
  }
  std::filesystem::remove(existing);
}

// Issue cases 3 and 4: options the engine refuses or does not have, and an
// engine that cannot start, stop the run with exit status 3 before the
// first game, in the engine's own words where it gave some.
TEST(MatchCommand, EnginesAreCheckedBeforeAnyGame) {
  const std::string mark = temp_path("engine_marks");
  const std::vector<RefusedCase> cases = {
      {{"Threds=2"},
       "engine 'a' ('" + std::string(TIAOQI_TEST_ENGINE) + " --mark " + mark +
           "'): it refused 'Threds=2', answering: setoption: unknown option "
           "'Threds'"},
      {{"Hash=999999999"},
       "it refused 'Hash=999999999', answering: setoption: Hash expects a number from 1 to "
       "65536, got '999999999'"},
      {{"-each", "Foo=3"}, "it refused 'Foo=3', answering: setoption: unknown option 'Foo'"},
  };
  for (const auto& refused : cases) {
    std::filesystem::remove(mark);
    std::vector<std::string> arguments = {"-engine", double_engine("--mark " + mark), "name=a"};
    arguments.insert(arguments.end(), refused.arguments.begin(), refused.arguments.end());
    for (const std::string& word : {std::string("-engine"), double_engine(), std::string("name=b"),
                                    std::string("--depth"), std::string("1")})
      arguments.push_back(word);
    const ToolRun ran = run_match(arguments);
    EXPECT_EQ(ran.status, 3) << ran.err;
    EXPECT_NE(ran.err.find(refused.message), std::string::npos) << ran.err;
    EXPECT_EQ(count_lines(mark, "go"), 0);
  }
  // An engine that ignores what it does not know: the options it lists.
  ToolRun lenient = run_match({"-engine", double_engine("--mode lenient"), "Threds=2", "-engine",
                               double_engine(), "--depth", "1"});
  EXPECT_EQ(lenient.status, 3);
  EXPECT_NE(lenient.err.find("it has no option 'Threds'; its options are Variant, Players"),
            std::string::npos)
      << lenient.err;
  // A command that does not run.
  ToolRun missing =
      run_match({"-engine", "cmd=/no/such/engine", "-engine", double_engine(), "--depth", "1"});
  EXPECT_EQ(missing.status, 3);
  EXPECT_NE(missing.err.find("engine 'engine' ('/no/such/engine'): handshake: the process exited "
                             "while waiting for uciok (exit status 127); it wrote: "),
            std::string::npos)
      << missing.err;
  EXPECT_NE(missing.err.find("/no/such/engine: not found"), std::string::npos) << missing.err;
}

// An engine written before the newer rule options (the double's mode
// older) plays a match that leaves them at their defaults: it is sent only
// the rule options it declares, and the match's own. A match that needs
// one of the newer rules stops before the first game, naming the engine
// and every rule option it lacks; so does a match under the rating list's
// rules, which a CCP engine brings.
TEST(MatchCommand, AnEngineIsSentOnlyTheRuleOptionsItDeclares) {
  const std::string mark = temp_path("older_marks");
  std::filesystem::remove(mark);
  const std::string older = double_engine("--mode older --mark " + mark);
  const ToolRun played =
      run_match({"-engine", older, "name=old", "-engine", double_engine(), "name=new", "--depth",
                 "1", "--openings", "1", "--max-plies", "40", "--quiet"});
  EXPECT_EQ(played.status, 0) << played.err;
  // The check before the first game, then the two games.
  EXPECT_EQ(count_lines(mark, "newgame"), 3) << played.err;
  EXPECT_GT(count_lines(mark, "go"), 0);

  std::filesystem::remove(mark);
  const ToolRun refused = run_match({"-engine", older, "name=old", "-engine", double_engine(),
                                     "name=new", "--depth", "1", "--rule", "GoalLock=true",
                                     "--rule", "GoalLockInChain=true", "--rule", "Repetitions=3"});
  EXPECT_EQ(refused.status, 3) << refused.err;
  EXPECT_NE(refused.err.find("engine 'old' ('" + std::string(TIAOQI_TEST_ENGINE) +
                             " --mode older --mark " + mark +
                             "'): the match sets the rule options GoalLockInChain=true and "
                             "Repetitions=3, which it does not declare"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(count_lines(mark, "go"), 0);

  const std::string engine = real_engine();
  if (engine.empty()) GTEST_SKIP() << "tiaoqi is not built";
  const ToolRun ccp = run_match({"-engine", "cmd=" + engine + " --protocol ccp", "proto=ccp",
                                 "name=ccp", "-engine", older, "name=old", "--depth", "1"});
  EXPECT_EQ(ccp.status, 3) << ccp.err;
  EXPECT_NE(ccp.err.find("the match sets the rule options GoalLockInChain=true, "
                         "EqualTurnsAtOnce=true, MoveLimitDraw=true and Repetitions=3, which it "
                         "does not declare"),
            std::string::npos)
      << ccp.err;
  EXPECT_EQ(count_lines(mark, "go"), 0);
}

// Waits until `done` holds, reading nothing; the hang guard only.
bool wait_until(const std::function<bool()>& done) {
  const auto guard = std::chrono::steady_clock::now() + kHangGuard;
  while (std::chrono::steady_clock::now() < guard) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// The number of "go" lines after the n-th "newgame" of a mark file.
int searches_in_game(const std::string& path, int game) {
  std::ifstream in(path);
  int games = 0, searches = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == "newgame") ++games;
    if (line == "go" && games == game) ++searches;
  }
  return searches;
}

struct SignalCase {
  int signal;
  int times;
  int status;
  const char* name;
};

// Issue case 5: a signal to the whole process group, once or twice in a
// row (as `timeout -s INT` sends it), stops the match cleanly: the table,
// the record and the JSON of the finished games are written and the exit
// status is 128 + the signal.
TEST(MatchCommand, SignalsLeaveTheTableAndTheJsonOfTheFinishedGames) {
  for (const SignalCase& sent :
       {SignalCase{SIGINT, 2, 130, "SIGINT"}, SignalCase{SIGINT, 1, 130, "SIGINT"},
        SignalCase{SIGTERM, 2, 143, "SIGTERM"}}) {
    const std::string mark = temp_path("signal_marks");
    const std::string json = temp_path("signal.json");
    const std::string record = temp_path("signal.txt");
    for (const auto& path : {mark, json, record}) std::filesystem::remove(path);
    // Engine a plays its first game soundly, then hangs in its first
    // search of the second: game 1 is finished, game 2 never. (Its first
    // ucinewgame in the mark file is the check before the first game, in
    // a process of its own.)
    ChildProcess process;
    ASSERT_TRUE(
        process
            .start_argv({TIAOQI_MATCH_BINARY, "-engine",
                         double_engine("--mode hang --games 1 --mark " + mark), "name=a", "-engine",
                         double_engine(), "name=b", "--depth", "1", "--max-plies", "8",
                         "--openings", "3", "--json", json, "--record", record, "--quiet"})
            .ok());
    ASSERT_TRUE(wait_until([&]() { return searches_in_game(mark, 3) >= 1; }));
    // The runner is the leader of its own process group.
    for (int i = 0; i < sent.times; ++i) ASSERT_EQ(::kill(-process.pid(), sent.signal), 0);
    std::string out;
    while (auto line = process.next_line(kHangGuard)) out += *line + "\n";
    EXPECT_EQ(process.wait_exit(kHangGuard), sent.status) << out;
    EXPECT_NE(out.find("Interrupted by " + std::string(sent.name) + ": 1 of 6 games finished"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("\na           1 "), std::string::npos) << out;
    auto summary = read_json_file(json);
    ASSERT_TRUE(summary.ok()) << summary.error();
    EXPECT_EQ((*summary)["match"]["interrupted"], true);
    EXPECT_EQ((*summary)["games"].size(), 1u);
    EXPECT_EQ((*summary)["games"][0]["game"], 1);
    auto text = read_text_file(record, "record");
    ASSERT_TRUE(text.ok());
    EXPECT_NE(text->find("[Game \"1\"]"), std::string::npos);
    EXPECT_EQ(text->find("[Game \"2\"]"), std::string::npos);
    // The engines were told to quit: a's check before the first game, and
    // its process of the match.
    EXPECT_EQ(count_lines(mark, "quit"), 2);
    for (const auto& path : {mark, json, record}) std::filesystem::remove(path);
  }
}

// A run whose result cannot be trusted exits 1: every game of an engine
// ended in its fault, or an engine refused the runner's go.
TEST(MatchCommand, UntrustworthyResultsExitWithOne) {
  const ToolRun crashed =
      run_match({"-engine", double_engine("--mode crash"), "name=c", "-engine", double_engine(),
                 "name=d", "--depth", "1", "--openings", "1", "--quiet"});
  EXPECT_EQ(crashed.status, 1) << crashed.out << crashed.err;
  EXPECT_NE(crashed.err.find("every game of 'c' ended in its fault or loss on time"),
            std::string::npos)
      << crashed.err;
  // The table counts the faults per engine, apart from losses on time;
  // an engine that crashed at its first move has no move times.
  EXPECT_NE(crashed.out.find("\nc           2      0      0      2      0.0    0.0%      0      2 "
                             "      0/0     0\n"),
            std::string::npos)
      << crashed.out;
  const ToolRun refused =
      run_match({"-engine", double_engine("--mode refuse --after 1"), "name=r", "-engine",
                 double_engine(), "--depth", "1", "--openings", "1", "--quiet"});
  EXPECT_EQ(refused.status, 1) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("2 games ended because an engine refused the runner's position or go"),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("refused the position or go: info string error: go: this double "
                             "refuses to search"),
            std::string::npos)
      << refused.err;
}

// Progress on standard error as plain lines when it is no terminal: a line
// per game started and finished, the table every N games with the time.
TEST(MatchCommand, ProgressIsPlainLinesOffATerminal) {
  const std::string mark = temp_path("progress_marks");
  const ToolRun ran =
      run_match(tiny_match(mark, {"--depth", "1", "--openings", "2", "--report-every", "2"}));
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_EQ(ran.err.find('\r'), std::string::npos);
  EXPECT_EQ(ran.err.find('\x1b'), std::string::npos);
  EXPECT_NE(ran.err.find("Started game 1 (a vs b)\n"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("Finished game 1 (a vs b): "), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("Finished game 2 (b vs a): "), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("{adjudicated: move limit of 8 plies, placed by distance}\n"),
            std::string::npos)
      << ran.err;
  EXPECT_NE(ran.err.find("After 2/4 games, "), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find(" elapsed, about "), std::string::npos) << ran.err;
  EXPECT_NE(ran.out.find("Engine  Games"), std::string::npos) << ran.out;
  std::filesystem::remove(mark);
}

// Issue case 8: each compliance line is written as it is decided, so a job
// killed halfway shows how far it got. The double hangs at its first go,
// with a timeout far beyond the guard: the first lines arrive while it
// still runs.
TEST(MatchCommand, ComplianceLinesAreNotHeldBack) {
  ChildProcess process;
  ASSERT_TRUE(process
                  .start_argv({TIAOQI_MATCH_BINARY, "compliance", "-engine",
                               double_engine("--mode hang"), "--timeout", "600000"})
                  .ok());
  const auto first = process.next_line(kHangGuard);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(*first, "PASS uci answers uciok");
  EXPECT_FALSE(process.exited());
  process.kill();
  // Options of the engine that it refuses fail the check, exit 1.
  const ToolRun refused = run_match({"compliance", "-engine", double_engine(), "Threds=2"});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.out.find("FAIL setoption of the engine's options given is accepted: refused "
                             "'Threds=2', answering: setoption: unknown option 'Threds'"),
            std::string::npos)
      << refused.out;
}

// Issue case 9: a record that exists is replaced only with --overwrite;
// --replay of a file without games fails.
TEST(MatchCommand, RecordsAreNotOverwrittenUnasked) {
  const std::string record = temp_path("overwrite.txt");
  ASSERT_TRUE(write_text_file(record, "old\n"));
  const std::string mark = temp_path("overwrite_marks");
  const ToolRun kept = run_match(tiny_match(mark, {"--depth", "1", "--record", record, "--quiet"}));
  EXPECT_EQ(kept.status, 2);
  auto kept_text = read_text_file(record, "record");
  ASSERT_TRUE(kept_text.ok());
  EXPECT_EQ(*kept_text, "old\n");
  const ToolRun replaced =
      run_match(tiny_match(mark, {"--depth", "1", "--record", record, "--overwrite", "--quiet"}));
  EXPECT_EQ(replaced.status, 0) << replaced.err;
  const ToolRun replay = run_match({"--replay", record});
  EXPECT_EQ(replay.status, 0) << replay.out;
  EXPECT_NE(replay.out.find("2 games, 0 with errors"), std::string::npos) << replay.out;
  const std::string empty = temp_path("empty.txt");
  ASSERT_TRUE(write_text_file(empty, ""));
  const ToolRun empty_replay = run_match({"--replay", empty});
  EXPECT_EQ(empty_replay.status, 1);
  EXPECT_NE(empty_replay.err.find("holds no game"), std::string::npos) << empty_replay.err;
  // A file that cannot be read is a bad command line, not the check's verdict.
  const ToolRun missing_replay = run_match({"--replay", empty + ".missing"});
  EXPECT_EQ(missing_replay.status, 2);
  EXPECT_NE(missing_replay.err.find("--replay: cannot read record file"), std::string::npos)
      << missing_replay.err;
  for (const auto& path : {record, mark, empty}) std::filesystem::remove(path);
}

// Greedy beats random in every game at depth 1: every pair is a sweep, with
// no variance between pairs but the prior's, and the SPRT accepts H1 at the
// third pair (LLR 3.067 > ln 9, docs/match.md) instead of playing on
// undecided.
TEST(MatchCommand, SprtDecidesAMatchOfSweeps) {
  const std::string engine = real_engine();
  if (engine.empty()) GTEST_SKIP() << "tiaoqi is not built";
  const ToolRun ran = run_match({"-engine",     "cmd=" + engine,
                                 "name=greedy", "Search=greedy",
                                 "-engine",     "cmd=" + engine,
                                 "name=random", "Search=random",
                                 "--depth",     "1",
                                 "--openings",  "25",
                                 "--seed",      "9",
                                 "--sprt",      "elo0=0",
                                 "elo1=50",     "alpha=0.1",
                                 "beta=0.1",    "--quiet"});
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_NE(ran.out.find("Pentanomial [0, 1/4, 1/2, 3/4, 1]: [0, 0, 0, 0, 3]"), std::string::npos)
      << ran.out;
  EXPECT_NE(ran.out.find("SPRT elo0=0 elo1=50 alpha=0.1 beta=0.1: LLR 3.067 [-2.197, 2.197] H1 "
                         "accepted"),
            std::string::npos)
      << ran.out;
}

// A match resumed from its record plays the missing games and ends like
// the run that was never stopped.
TEST(MatchCommand, ResumeCompletesAnInterruptedMatch) {
  const std::string record = temp_path("resume.txt");
  const std::string json = temp_path("resume.json");
  const std::string mark = temp_path("resume_marks");
  for (const auto& path : {record, json}) std::filesystem::remove(path);
  const std::vector<std::string> match = {"--depth", "1",      "--openings", "2",      "--record",
                                          record,    "--json", json,         "--quiet"};
  const ToolRun whole = run_match(tiny_match(mark, match));
  ASSERT_EQ(whole.status, 0) << whole.err;
  // Keep the first game only, as if the run had been stopped after it.
  auto text = read_text_file(record, "record");
  ASSERT_TRUE(text.ok());
  ASSERT_TRUE(write_text_file(record, text->substr(0, text->find("[Event", 1))));
  std::filesystem::remove(json);
  std::vector<std::string> resume = match;
  resume.push_back("--resume");
  const ToolRun resumed = run_match(tiny_match(mark, resume));
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("Resumed: 1 game of the earlier run, 3 games played now, 4 "
                             "scheduled."),
            std::string::npos)
      << resumed.out;
  // The table is the whole run's, but for the milliseconds measured.
  EXPECT_EQ(tools::without_times(resumed.out.substr(0, resumed.out.find("Resumed"))),
            tools::without_times(whole.out));
  auto summary = read_json_file(json);
  ASSERT_TRUE(summary.ok()) << summary.error();
  EXPECT_EQ((*summary)["games"].size(), 4u);
  EXPECT_EQ((*summary)["match"]["resumed_games"], 1);
  for (const auto& path : {record, json, mark}) std::filesystem::remove(path);
}

// The openings a match saves with --save-openings, given back with
// --openings-file, start the same games from the same book moves.
TEST(MatchCommand, SavedOpeningsPlayTheSameOpeningsAgain) {
  const std::string saved = temp_path("saved_openings.txt");
  const std::string first = temp_path("saved_first.txt");
  const std::string second = temp_path("saved_second.txt");
  const std::string mark = temp_path("saved_marks");
  for (const auto& path : {saved, first, second}) std::filesystem::remove(path);
  const ToolRun random =
      run_match(tiny_match(mark, {"--depth", "1", "--openings", "3", "--seed", "11",
                                  "--save-openings", saved, "--record", first, "--quiet"}));
  ASSERT_EQ(random.status, 0) << random.err;
  auto lines = match::read_openings_file(saved);
  ASSERT_TRUE(lines.ok()) << lines.error();
  EXPECT_EQ(lines->size(), 3u);
  const ToolRun again =
      run_match(tiny_match(mark, {"--depth", "1", "--openings", "3", "--openings-file", saved,
                                  "--record", second, "--quiet"}));
  ASSERT_EQ(again.status, 0) << again.err;
  auto played = read_record_file(first);
  auto replayed = read_record_file(second);
  ASSERT_TRUE(played.ok() && replayed.ok());
  ASSERT_EQ(played->size(), 6u);
  ASSERT_EQ(replayed->size(), 6u);
  for (std::size_t i = 0; i < played->size(); ++i) {
    EXPECT_EQ((*replayed)[i].opening, (*played)[i].opening);
    std::vector<std::string> book, book_again;
    for (const auto& event : (*played)[i].events)
      if (event.is_book()) book.push_back(event.text);
    for (const auto& event : (*replayed)[i].events)
      if (event.is_book()) book_again.push_back(event.text);
    EXPECT_EQ(book.size(), 4u);
    EXPECT_EQ(book_again, book);
  }
  for (const auto& path : {saved, first, second, mark}) std::filesystem::remove(path);
}

// Engines from a configuration file, cutechess style.
TEST(MatchCommand, EnginesFromAConfigurationFile) {
  const std::string file = temp_path("engines.json");
  ASSERT_TRUE(write_text_file(
      file, "[{\"name\": \"first\", \"command\": \"" + std::string(TIAOQI_TEST_ENGINE) +
                "\", \"protocol\": \"uci\", \"options\": {\"Seed\": 3}},\n"
                " {\"name\": \"second\", \"command\": \"" +
                std::string(TIAOQI_TEST_ENGINE) +
                "\", \"options\": [{\"name\": \"Seed\", \"value\": 4}]}]\n"));
  const ToolRun ran =
      run_match({"-engine", "conf=first", "-engine", "conf=second", "--engines-file", file,
                 "--depth", "1", "--openings", "1", "--max-plies", "6", "--quiet"});
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_NE(ran.out.find("\nfirst "), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("\nsecond "), std::string::npos) << ran.out;
  const ToolRun unknown = run_match(
      {"-engine", "conf=third", "-engine", "conf=second", "--engines-file", file, "--depth", "1"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("conf='third' names no engine of the engines file (it lists first, "
                             "second)"),
            std::string::npos)
      << unknown.err;
  std::filesystem::remove(file);
}

// Issue case 7: merging some of the shards warns and exits 1, unless
// --partial accepts it.
TEST(MatchCommand, MergeOfAnIncompleteSetWarns) {
  const std::string shard = temp_path("shard1.json");
  const std::string mark = temp_path("shard_marks");
  const ToolRun played = run_match(tiny_match(
      mark, {"--depth", "1", "--openings", "4", "--shard", "1/2", "--json", shard, "--quiet"}));
  ASSERT_EQ(played.status, 0) << played.err;
  const ToolRun merged = run_match({"merge", shard});
  EXPECT_EQ(merged.status, 1);
  EXPECT_NE(merged.err.find("tiaoqi-match merge: warning: 1 shard of 2 missing: 2/2"),
            std::string::npos)
      << merged.err;
  EXPECT_NE(merged.out.find("Engine  Games"), std::string::npos);
  EXPECT_EQ(run_match({"merge", shard, "--partial"}).status, 0);
  for (const auto& path : {shard, mark}) std::filesystem::remove(path);
}

// merge's outputs follow a match's rule: an existing --json or --record is
// refused, and left as it was, unless --overwrite replaces it.
TEST(MatchCommand, MergeReplacesAnExistingOutputOnlyWithOverwrite) {
  const std::string shard = temp_path("merge_shard.json");
  const std::string shard_record = temp_path("merge_shard.txt");
  const std::string mark = temp_path("merge_marks");
  const ToolRun played = run_match(
      tiny_match(mark, {"--depth", "1", "--json", shard, "--record", shard_record, "--quiet"}));
  ASSERT_EQ(played.status, 0) << played.err;
  const std::string json = temp_path("merged.json");
  const std::string record = temp_path("merged.txt");
  for (const auto& [flag, path] : {std::pair{"--json", json}, std::pair{"--record", record}}) {
    ASSERT_TRUE(write_text_file(path, "old\n"));
    const ToolRun kept = run_match({"merge", shard, "--records", shard_record, flag, path});
    EXPECT_EQ(kept.status, 2) << kept.err;
    EXPECT_NE(
        kept.err.find(std::string(flag) + " '" + path + "' exists; give --overwrite to replace it"),
        std::string::npos)
        << kept.err;
    EXPECT_EQ(*read_text_file(path, "output"), "old\n");
    const ToolRun replaced =
        run_match({"merge", shard, "--records", shard_record, flag, path, "--overwrite"});
    EXPECT_EQ(replaced.status, 0) << replaced.err;
    EXPECT_NE(*read_text_file(path, "output"), "old\n");
  }
  // The merged outputs are the shard's own: its summary, its two games.
  auto merged = read_json_file(json);
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_EQ((*merged)["results"]["games"], 2);
  auto games = read_record_file(record);
  ASSERT_TRUE(games.ok()) << games.error();
  EXPECT_EQ(games->size(), 2u);
  // A shard's record that cannot be read is a bad command line: nothing is
  // written.
  std::filesystem::remove(record);
  const ToolRun unread = run_match({"merge", shard, "--records", shard_record + ".missing",
                                    "--record", record, "--json", json, "--overwrite"});
  EXPECT_EQ(unread.status, 2) << unread.err;
  EXPECT_FALSE(std::filesystem::exists(record));
  for (const auto& path : {shard, shard_record, mark, json, record}) std::filesystem::remove(path);
}

// Issue case 10: the help names every engine word, what --openings takes
// by default, and the exit statuses.
TEST(MatchCommand, HelpIsComplete) {
  ToolRun help = run_match({"--help"});
  EXPECT_EQ(help.status, 0);
  help.out = single_spaced(help.out);
  for (const char* words :
       {"-each takes the same words",
        "option.Name=Value",
        "conf=NAME",
        "dir=FOLDER",
        "tc=CLOCK",
        "cmd=COMMAND",
        "name=NAME",
        "(default: every line of --openings-file from --openings-start on, or 10 random ones)",
        "Exit status: 0",
        "--resume",
        "--overwrite",
        "--tournament",
        "--resign",
        "--draw",
        "--save-openings",
        "--report-every",
        "--engines-file",
        "--openings-order",
        "--openings-repeat",
        "--version"})
    EXPECT_NE(help.out.find(words), std::string::npos) << words << "\n" << help.out;
  for (const char* command : {"merge", "compliance"}) {
    const ToolRun sub = run_match({command, "--help"});
    EXPECT_EQ(sub.status, 0);
    EXPECT_NE(sub.out.find("Exit status: 0 "), std::string::npos) << sub.out;
  }
}

}  // namespace
}  // namespace tiaoqi::tools
