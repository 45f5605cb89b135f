// The learned model's lab programs as a user runs them: tiaoqi-selfplay
// makes the same bytes from the same seed and resumes a stopped run, and
// tiaoqi-train lowers its loss and makes the same model from the same
// command.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/tool_runs.hpp"

namespace tiaoqi::tools {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& path) {
  auto text = read_text_file(path.string(), "a test file");
  EXPECT_TRUE(text) << path;
  return text ? *text : std::string();
}

// A fresh folder of the test's own.
fs::path scratch(const std::string& name) {
  const fs::path folder =
      fs::temp_directory_path() / ("tiaoqi_learning_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

ToolRun selfplay(const fs::path& out, const std::string& games,
                 std::vector<std::string> extra = {}) {
  std::vector<std::string> argv = {TIAOQI_SELFPLAY_BINARY,
                                   "--players",
                                   "3",
                                   "--nodes",
                                   "30",
                                   "--seed",
                                   "5",
                                   "--games",
                                   games,
                                   "--out",
                                   out.string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return run_tool(argv);
}

TEST(SelfPlay, TheSameSeedMakesTheSameBytesAtAnyConcurrency) {
  const fs::path one = scratch("one"), two = scratch("two");
  const ToolRun first = selfplay(one, "0:4", {"--collect", (one / "data.jsonl").string()});
  ASSERT_EQ(first.status, 0) << first.err;
  const ToolRun second =
      selfplay(two, "0:4", {"--concurrency", "2", "--collect", (two / "data.jsonl").string()});
  ASSERT_EQ(second.status, 0) << second.err;
  const std::string data = read_all(one / "data.jsonl");
  EXPECT_EQ(data, read_all(two / "data.jsonl"));
  // A header a game, then its positions: the counts the command printed.
  std::size_t lines = 0, headers = 0;
  for (std::size_t at = 0; (at = data.find('\n', at)) != std::string::npos; ++at) ++lines;
  for (std::size_t at = 0; (at = data.find("{\"game\":", at)) != std::string::npos; ++at) ++headers;
  EXPECT_EQ(headers, 4u);
  EXPECT_EQ(first.out, "games 4 positions " + std::to_string(lines - headers) + "\n");
  // Each position line has the root's visits and values for every seat.
  EXPECT_NE(data.find("\"visits\":["), std::string::npos);
  EXPECT_NE(data.find("\"values\":[["), std::string::npos);
  EXPECT_NE(data.find("\"places\":["), std::string::npos);
}

TEST(SelfPlay, AStoppedRunResumesWithNothingLostOrTwice) {
  const fs::path whole = scratch("whole"), stopped = scratch("stopped");
  ASSERT_EQ(selfplay(whole, "0:3", {"--collect", (whole / "data.jsonl").string()}).status, 0);
  // A run stopped after games 0 and 2, as a killed run leaves it: whole
  // files only, and a temporary file of the game it was writing.
  ASSERT_EQ(selfplay(stopped, "0:3").status, 0);
  fs::remove(stopped / "game-000001.jsonl");
  {
    std::FILE* part = std::fopen((stopped / "game-000001.jsonl.tmp").c_str(), "w");
    std::fclose(part);
  }
  const ToolRun resumed =
      selfplay(stopped, "0:3", {"--collect", (stopped / "data.jsonl").string()});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("2 games already played, 1 to play"), std::string::npos)
      << resumed.err;
  EXPECT_EQ(read_all(stopped / "data.jsonl"), read_all(whole / "data.jsonl"));
}

TEST(SelfPlay, BadCommandLinesAreRefusedBeforeAnyGame) {
  const fs::path out = scratch("bad");
  const ToolRun range = selfplay(out, "4:2");
  EXPECT_EQ(range.status, 2);
  EXPECT_NE(range.err.find("--games expects A:B with A < B, got '4:2'"), std::string::npos);
  const ToolRun option = selfplay(out, "0:1", {"--option", "MctsPrior=-1"});
  EXPECT_EQ(option.status, 2);
  EXPECT_NE(option.err.find("MctsPrior expects"), std::string::npos) << option.err;
  const ToolRun model = selfplay(out, "0:1", {"--option", "EvalFile=/nonexistent.tqnn"});
  EXPECT_EQ(model.status, 2);
  EXPECT_NE(model.err.find("cannot read the model file /nonexistent.tqnn"), std::string::npos);
  EXPECT_TRUE(fs::is_empty(out));
}

// The losses an epoch line printed: train policy, train value.
std::vector<double> train_losses(const std::string& out) {
  std::vector<double> losses;
  std::size_t at = 0;
  while ((at = out.find("train policy ", at)) != std::string::npos) {
    double policy = 0, value = 0;
    std::sscanf(out.c_str() + at, "train policy %lf value %lf", &policy, &value);
    losses.push_back(policy + value);
    ++at;
  }
  return losses;
}

TEST(Train, TheLossFallsAndTheSameCommandMakesTheSameModel) {
  const fs::path folder = scratch("train");
  ASSERT_EQ(selfplay(folder, "0:6", {"--collect", (folder / "data.jsonl").string()}).status, 0);
  auto train = [&](const std::string& model) {
    return run_tool({TIAOQI_TRAIN_BINARY, "--data", (folder / "data.jsonl").string(), "--out",
                     (folder / model).string(), "--epochs", "6", "--hidden", "16", "--value-hidden",
                     "8", "--batch", "32", "--holdout-every", "3"});
  };
  const ToolRun first = train("a.tqnn");
  ASSERT_EQ(first.status, 0) << first.err;
  const std::vector<double> losses = train_losses(first.out);
  ASSERT_EQ(losses.size(), 6u) << first.out;
  EXPECT_LT(losses.back(), losses.front() * 0.97) << first.out;
  EXPECT_NE(first.out.find("held out policy"), std::string::npos);
  ASSERT_EQ(train("b.tqnn").status, 0);
  EXPECT_EQ(read_all(folder / "a.tqnn"), read_all(folder / "b.tqnn"));
  // The model plays: the engine's self-play reads it back.
  const ToolRun played = selfplay(scratch("with_model"), "0:1",
                                  {"--option", "EvalFile=" + (folder / "a.tqnn").string(),
                                   "--option", "MctsPrior=1", "--option", "MctsNetValue=true"});
  EXPECT_EQ(played.status, 0) << played.err;
}

TEST(Train, BadDataIsRefusedWithItsLine) {
  const fs::path folder = scratch("train_bad");
  {
    std::FILE* file = std::fopen((folder / "data.jsonl").c_str(), "w");
    std::fputs("{\"ply\": 3}\n", file);
    std::fclose(file);
  }
  const ToolRun run = run_tool({TIAOQI_TRAIN_BINARY, "--data", (folder / "data.jsonl").string(),
                                "--out", (folder / "m.tqnn").string()});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("data.jsonl:1: a position before its game's header"), std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(folder / "m.tqnn"));
}

}  // namespace
}  // namespace tiaoqi::tools
