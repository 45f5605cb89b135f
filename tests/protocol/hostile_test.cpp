// Bad input through the real binary: every malformed line of the committed
// fixture (and a few generated ones: megabyte lines, binary bytes) gets
// exactly one error line, and the game is unchanged afterwards.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "engine/util/text.hpp"
#include "tests/support/hang_guard.hpp"
#include "tools/common/process.hpp"

namespace tiaoqi::testing {
namespace {

using tools::ChildProcess;

constexpr const char* kSetup = "position startpos moves l3l5 h14h13";
// The real binary with pipes on its standard input, output and error.
class Engine {
 public:
  // An `environment` ("NAME=value ...") is set for it through the shell;
  // with `with_errors` its standard error is read with its output.
  explicit Engine(const std::vector<std::string>& arguments = {},
                  const std::string& environment = "", bool with_errors = false) {
    std::vector<std::string> argv{TIAOQI_BINARY};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    std::string command = environment + " exec";
    for (const auto& word : argv) command += " '" + word + "'";
    if (with_errors) command += " 2>&1";
    const auto started =
        environment.empty() && !with_errors ? process_.start_argv(argv) : process_.start(command);
    EXPECT_TRUE(started.ok()) << started.error();
  }
  void write(std::string_view bytes) { process_.write(bytes); }
  void send(std::string_view line) { process_.write_line(line); }
  void close_input() { process_.close_input(); }
  void close_output() { process_.close_output(); }
  std::optional<std::string> read_line() { return process_.next_line(kHangGuard); }
  std::optional<int> wait(std::chrono::milliseconds timeout = kHangGuard) {
    return process_.wait_exit(timeout);
  }

 private:
  ChildProcess process_;
};

// In protocol mode the engine greets before the first command.
void expect_greeting(Engine& engine) {
  const auto line = engine.read_line();
  ASSERT_TRUE(line);
  EXPECT_EQ(line->rfind("Tiaoqi ", 0), 0u) << *line;
}

// Sends a line, then isready; returns every line answered before readyok.
std::vector<std::string> answers_to(Engine& engine, const std::string& line) {
  engine.write(line + "\n");
  engine.send("isready");
  std::vector<std::string> answers;
  while (auto answer = engine.read_line()) {
    if (*answer == "readyok") return answers;
    answers.push_back(*answer);
  }
  answers.push_back("<no readyok>");
  return answers;
}

std::vector<std::string> state(Engine& engine) {
  auto lines = answers_to(engine, "d");
  auto legal = answers_to(engine, "legal");
  lines.insert(lines.end(), legal.begin(), legal.end());
  return lines;
}

// One error line; a refused `go` then ends as every `go` does, with
// `bestmove none`.
void expect_one_error(Engine& engine, const std::string& line, const std::string& shown) {
  const auto answers = answers_to(engine, line);
  const auto words = util::tokenize(line);
  const bool go = !words.empty() && words[0] == "go";
  ASSERT_EQ(answers.size(), go ? 2u : 1u) << "line: " << shown;
  if (go) {
    EXPECT_EQ(answers[1], "bestmove none") << "line: " << shown;
  }
  EXPECT_EQ(answers[0].rfind("info string error: ", 0), 0u) << "line: " << shown;
  EXPECT_LE(answers[0].size(), 65535u);
  // User text is echoed escaped: no control byte ever reaches the GUI.
  for (unsigned char c : answers[0])
    EXPECT_TRUE(c >= 0x20 && c != 0x7f) << "raw byte " << int{c} << " in reply to: " << shown;
}

TEST(Hostile, EveryFixtureLineGetsOneErrorAndChangesNothing) {
  std::ifstream fixture(TIAOQI_HOSTILE_INPUT, std::ios::binary);
  ASSERT_TRUE(fixture);
  Engine engine;
  expect_greeting(engine);
  ASSERT_TRUE(answers_to(engine, kSetup).empty());
  const auto before = state(engine);
  int count = 0;
  for (std::string line; std::getline(fixture, line);) {
    expect_one_error(engine, line, line);
    ++count;
  }
  EXPECT_GT(count, 100);
  EXPECT_EQ(state(engine), before);
}

TEST(Hostile, HugeAndBinaryLinesGetOneErrorEach) {
  Engine engine;
  expect_greeting(engine);
  ASSERT_TRUE(answers_to(engine, kSetup).empty());
  const auto before = state(engine);
  expect_one_error(engine, std::string(3 * 1024 * 1024, 'x'), "3 MiB of x");
  std::string moves = "position startpos moves";
  while (moves.size() < 2 * 1024 * 1024) moves += " l3l5 h14h13";
  expect_one_error(engine, moves, "2 MiB position line");
  std::string binary;
  for (int i = 0; i < 256; ++i)
    if (i != '\n' && i != ' ' && i != '\t') binary += static_cast<char>(i);
  expect_one_error(engine, binary, "every byte");
  expect_one_error(engine, std::string("go\0depth 1", 10), "go NUL depth 1");
  expect_one_error(engine, std::string(100000, '\x01'), "control bytes");
  expect_one_error(engine, "position startpos moves " + std::string(200000, '9'), "digits");
  // Terminal escape sequences inside moves, options, position strings.
  expect_one_error(engine, "position startpos moves zz\x01\x1b[31mk5", "escape in a move");
  expect_one_error(engine, "position startpos moves k3\x1b[0mk5", "escape between holes");
  expect_one_error(engine,
                   "setoption name Hash value 1\x1b"
                   "2",
                   "escape in a value");
  expect_one_error(engine, "setoption name Hash\x1b[2J value 2", "escape in a name");
  expect_one_error(engine,
                   "position fen d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/\x1b 1 a/d 0",
                   "escape in a board field");
  expect_one_error(engine, "position fen 1/2/3 1 a/\x7f 0", "delete in a seating field");
  expect_one_error(engine, "go depth 3\x1b[1m", "escape in go");
  expect_one_error(engine, "perft \x1b", "escape in perft");
  EXPECT_EQ(state(engine), before);
}

TEST(Hostile, CrlfLinesWork) {
  Engine engine;
  expect_greeting(engine);
  engine.write("isready\r\nposition startpos moves l3l5\r\nlegal\r\n");
  EXPECT_EQ(engine.read_line(), "readyok");
  const auto legal = engine.read_line();
  ASSERT_TRUE(legal);
  EXPECT_EQ(legal->rfind("legal e14e13 ", 0), 0u);
}

TEST(Hostile, EndOfInputInAnInfiniteSearchStopsItAndExits) {
  Engine engine;
  expect_greeting(engine);
  engine.send("go infinite");
  ASSERT_TRUE(engine.read_line());
  engine.close_input();
  // The search may report more iterations (and, for MCTS, their visits)
  // before it sees the end.
  auto best = engine.read_line();
  while (best && best->rfind("info ", 0) == 0) best = engine.read_line();
  ASSERT_TRUE(best);
  EXPECT_EQ(best->rfind("bestmove ", 0), 0u);
  EXPECT_FALSE(engine.read_line());
  EXPECT_EQ(engine.wait(), 0);
}

// A GUI that goes away closes both ends. A search with a limit it would
// reach only after hours (nodes, depth) is let finish at the end of the
// input alone, but with nobody left to read its answer it stops, and the
// engine exits: that it exits at all is the check, the guard is generous.
TEST(Hostile, SearchStopsAndEngineExitsWhenTheGuiGoesAway) {
  for (const char* search : {"mcts", "alphabeta"}) {
    for (const char* limit : {"nodes 1000000000000", "depth 60"}) {
      SCOPED_TRACE(std::string(search) + ", go " + limit);
      Engine engine;
      expect_greeting(engine);
      engine.send(std::string("setoption name Search value ") + search);
      engine.send(std::string("go ") + limit);
      // The search has begun once its first line is out.
      ASSERT_TRUE(engine.read_line());
      engine.close_output();
      engine.close_input();
      EXPECT_EQ(engine.wait(std::chrono::seconds(10)), 0);
    }
  }
}

// With only its output gone (the input still open), the engine stops and
// exits too, once a line it writes fails.
TEST(Hostile, SearchStopsAndEngineExitsWhenItsOutputIsGone) {
  Engine engine;
  expect_greeting(engine);
  engine.send("setoption name Search value mcts");
  engine.send("go nodes 1000000000000");
  ASSERT_TRUE(engine.read_line());
  engine.close_output();
  EXPECT_EQ(engine.wait(std::chrono::seconds(10)), 0);
}

TEST(Hostile, QuitDuringPerftLeavesAtOnce) {
  Engine engine;
  expect_greeting(engine);
  // A perft of depth 12 would run for days: an exit at all shows that quit
  // stopped it.
  engine.send("perft 12");
  engine.send("quit");
  EXPECT_EQ(engine.wait(), 0);
}

// A table the machine cannot give (64 GiB where there is less memory and
// swap than that) is refused like any other bad setoption: one error with
// setoption's prefix, and the table keeps its size. The sanitizers'
// allocators are told to fail as malloc fails instead of ending the
// process; a machine that gives the memory has no failure to show.
TEST(Hostile, HashThatCannotBeAllocatedIsASetoptionError) {
  Engine engine({},
                "ASAN_OPTIONS=\"${ASAN_OPTIONS:-}:allocator_may_return_null=1\" "
                "TSAN_OPTIONS=\"${TSAN_OPTIONS:-} allocator_may_return_null=1\"");
  expect_greeting(engine);
  const auto answers = answers_to(engine, "setoption name Hash value 65536");
  if (answers.empty()) GTEST_SKIP() << "this machine gave the table 64 GiB";
  EXPECT_EQ(answers, (std::vector<std::string>{"info string error: setoption: Hash 65536 MiB "
                                               "cannot be allocated; the table stays at 64 MiB"}));
  const auto shown = answers_to(engine, "d");
  EXPECT_NE(
      std::find_if(shown.begin(), shown.end(),
                   [](const std::string& line) { return line.starts_with("Engine: Hash 64, "); }),
      shown.end());
}

TEST(CommandLine, CommandsFileRunsFirst) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("tiaoqi_commands_" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "setoption name BoardSize value 2\nposition startpos\n";
  Engine engine({"--commands", path.string()});
  expect_greeting(engine);
  engine.send("legal");
  EXPECT_EQ(engine.read_line(), "legal f2e3 f2f3 g1e3 g1g3 g2f3 g2g3");
  engine.close_input();
  EXPECT_EQ(engine.wait(), 0);
  std::filesystem::remove(path);
}

TEST(CommandLine, PerftFromAPositionString) {
  Engine engine({"perft", "2", "--fen", "d/dd/7/6/5/6/7/aa/a 1 a/d 0"});
  std::string last;
  while (auto line = engine.read_line()) last = *line;
  EXPECT_EQ(last, "Nodes searched: 36");
  EXPECT_EQ(engine.wait(), 0);
}

TEST(CommandLine, BadPositionStringFails) {
  // The error goes to standard error, not into the protocol output.
  Engine engine({"perft", "2", "--fen", "nonsense"});
  EXPECT_FALSE(engine.read_line());
  EXPECT_EQ(engine.wait(), 2);
  // In the command line's words: no `position` command was sent.
  Engine told({"perft", "3", "--fen", "garbage"}, "", true);
  EXPECT_EQ(told.read_line(),
            "tiaoqi: --fen: position string needs 4 fields (board, player to move, seating, "
            "move count), got 1");
  EXPECT_EQ(told.wait(), 2);
}

TEST(CommandLine, VersionTakesNothingMore) {
  Engine engine({"--version", "extra"}, "", true);
  EXPECT_EQ(engine.read_line(), "tiaoqi: --version takes nothing more, got 'extra'");
  while (engine.read_line()) {
  }
  EXPECT_EQ(engine.wait(), 2);
}

TEST(CommandLine, UsageErrorsExitWithTwo) {
  for (const std::vector<std::string>& arguments : {std::vector<std::string>{"--nope"},
                                                    {"perft"},
                                                    {"perft", "x"},
                                                    {"bench", "1", "2"},
                                                    {"fly"},
                                                    {"--fen", "x"},
                                                    {"--option", "Players"},
                                                    {"--option", "Players=9"},
                                                    {"--option", "Players=5"},
                                                    {"--protocol", "xboard"},
                                                    {"--commands", "/no/such/commands.txt"}}) {
    Engine engine(arguments);
    while (engine.read_line()) {
    }
    EXPECT_EQ(engine.wait(), 2) << arguments[0];
  }
}

// The help names the exit statuses in the tools' words.
TEST(CommandLine, HelpNamesTheExitStatuses) {
  Engine engine({"--help"});
  std::string help;
  while (auto line = engine.read_line()) help += *line + " ";
  EXPECT_EQ(engine.wait(), 0);
  EXPECT_NE(help.find("Exit status: 0 "), std::string::npos) << help;
  EXPECT_NE(help.find(" 2 a bad command line"), std::string::npos) << help;
}

}  // namespace
}  // namespace tiaoqi::testing
