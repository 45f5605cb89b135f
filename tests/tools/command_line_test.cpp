// The tools' shared command line: -h and --help print the usage, --version
// the version, through the real executables.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/facade/options.hpp"
#include "tests/tools/tool_runs.hpp"
#include "tools/common/record.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::tools {
namespace {

struct Ran {
  std::optional<int> status;
  std::string output;
};

Ran run(const std::vector<std::string>& argv) {
  const ToolRun ran = run_tool(argv);
  return {ran.status, ran.out};
}

const std::vector<std::pair<std::string, std::string>> kTools = {
    {"tiaoqi-match", TIAOQI_MATCH_BINARY},
    {"tiaoqi-render", TIAOQI_RENDER_BINARY},
    {"tiaoqi-tune", TIAOQI_TUNE_BINARY}};

TEST(ToolCommandLine, VersionNamesTheToolAndTheProjectVersion) {
  for (const auto& [name, binary] : kTools) {
    const Ran ran = run({binary, "--version"});
    EXPECT_EQ(ran.status, 0) << name;
    EXPECT_EQ(ran.output, name + " " + TIAOQI_VERSION + "\n");
  }
}

TEST(ToolCommandLine, DashHAndHelpPrintTheUsage) {
  for (const auto& [name, binary] : kTools)
    for (const char* flag : {"-h", "--help", "-help"}) {
      const Ran ran = run({binary, flag});
      EXPECT_EQ(ran.status, 0) << name << " " << flag;
      EXPECT_EQ(ran.output.rfind(name + " ", 0), 0u) << name << " " << flag << ":\n" << ran.output;
      EXPECT_NE(ran.output.find("--version"), std::string::npos) << name << " " << flag;
    }
  for (const char* command : {"merge", "compliance"}) {
    const Ran ran = run({TIAOQI_MATCH_BINARY, command, "-h"});
    EXPECT_EQ(ran.status, 0) << command;
    EXPECT_EQ(ran.output.rfind(std::string("tiaoqi-match ") + command, 0), 0u) << ran.output;
  }
}

// Every tool's help, and each command's of tiaoqi-match, says what it does
// with its exit statuses.
TEST(ToolCommandLine, HelpNamesTheExitStatuses) {
  std::vector<std::vector<std::string>> helps = {{TIAOQI_MATCH_BINARY, "merge", "--help"},
                                                 {TIAOQI_MATCH_BINARY, "compliance", "--help"}};
  for (const auto& [name, binary] : kTools) helps.push_back({binary, "--help"});
  for (const auto& help : helps) {
    const std::string text = single_spaced(run(help).output);
    EXPECT_NE(text.find("Exit status: 0 "), std::string::npos) << help[1] << ":\n" << text;
    EXPECT_NE(text.find(" 2 a bad command line"), std::string::npos) << help[1] << ":\n" << text;
  }
}

// The renderer checks its input before it draws: the output's name, the
// size, a last move against the rules.
TEST(ToolCommandLine, TheRendererChecksItsInput) {
  const std::string start = "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0";
  const std::string after = "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/6a6/aaaa/1aa/aa/a 2 a/d 1";
  const std::string render = TIAOQI_RENDER_BINARY;
  const std::string folder = ::testing::TempDir();
  EXPECT_EQ(run({render, "--position", start, "-o", folder + "/board.gif"}).status, 2);
  EXPECT_EQ(run({render, "--position", start, "-o", folder + "/board.html"}).status, 2);
  EXPECT_EQ(run({render, "--position", start, "-o", "/no/such/folder/board.svg"}).status, 2);
  EXPECT_EQ(run({render, "--position", start, "--size", "1000"}).status, 2);
  EXPECT_EQ(run({render, "--position", start, "--size", "0"}).status, 2);
  EXPECT_EQ(run({render, "--position", start, "--game", "3"}).status, 2);
  // What was typed and does not fit is a bad command line too: a move the
  // rules refuse, a position string that is none.
  EXPECT_EQ(run({render, "--position", after, "--path", "k4k5"}).status, 2);
  EXPECT_EQ(run({render, "--position", "d/dd 1 a/d 0"}).status, 2);
  const Ran drawn = run({render, "--position", after, "--path", "k3k5", "--coordinates"});
  EXPECT_EQ(drawn.status, 0);
  EXPECT_NE(drawn.output.find("class=\"last-move\""), std::string::npos);
  EXPECT_NE(drawn.output.find("class=\"coordinate\""), std::string::npos);
}

// A value that does not fit the record it picks from, and a record that
// cannot be used, are bad command lines (exit 2), like --size 7: nothing
// is drawn.
TEST(ToolCommandLine, TheRendererChecksWhatItPicksFromARecord) {
  const std::string render = TIAOQI_RENDER_BINARY;
  const std::string path = ::testing::TempDir() + "/render_pick_" + std::to_string(::getpid());
  GameRecord record;
  record.game = 4;
  record.seating = {"alpha", "beta"};
  record.options = facade::format_rule_options(RuleOptions{});
  record.opening = "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0";
  record.events = {{RecordEvent::Kind::kMove, 1, "m4m5", 3, ""}};
  ASSERT_TRUE(write_text_file(path, format_record(record) + "\n"));
  EXPECT_EQ(run({render, "--record", path, "--ply", "1"}).status, 0);
  for (const std::vector<std::string>& picked :
       {std::vector<std::string>{"--game", "7"}, {"--ply", "9"}, {"--viewer", "1"}}) {
    std::vector<std::string> argv = {render, "--record", path};
    argv.insert(argv.end(), picked.begin(), picked.end());
    const ToolRun ran = run_tool(argv);
    EXPECT_EQ(ran.status, 2) << picked[0] << ": " << ran.err;
    EXPECT_NE(ran.err.find("(see tiaoqi-render --help)"), std::string::npos) << ran.err;
    EXPECT_TRUE(ran.out.empty()) << picked[0];
  }
  EXPECT_EQ(run({render, "--record", path + ".missing"}).status, 2);
  ASSERT_TRUE(write_text_file(path, "[Game \"x\"]\n"));
  EXPECT_EQ(run({render, "--record", path}).status, 2);
  std::filesystem::remove(path);
}

// The tuner's records and output are checked before it reads a position.
TEST(ToolCommandLine, TheTunerChecksItsFilesFirst) {
  const std::string tune = TIAOQI_TUNE_BINARY;
  EXPECT_EQ(run({tune, "--records", "/no/such/records.txt"}).status, 2);
  const ToolRun output =
      run_tool({tune, "--records", "/no/such/records.txt", "--json", "/no/such/folder/fit.json"});
  EXPECT_EQ(output.status, 2);
  EXPECT_NE(output.err.find("--json '/no/such/folder/fit.json': the folder '/no/such/folder' "
                            "does not exist"),
            std::string::npos)
      << output.err;
}

// --tc 0 says what a clock needs.
TEST(ToolCommandLine, AClockOfNoTimeIsRefusedForWhatItIs) {
  const ToolRun ran =
      run_tool({TIAOQI_MATCH_BINARY, "-engine", "cmd=a", "-engine", "cmd=b", "--tc", "0"});
  EXPECT_EQ(ran.status, 2);
  EXPECT_NE(ran.err.find("--tc: the base time must be above 0 seconds (at least 0.001), got '0'"),
            std::string::npos)
      << ran.err;
}

TEST(ToolCommandLine, UsageErrorsExitWithTwo) {
  for (const auto& [name, binary] : kTools) EXPECT_EQ(run({binary, "--no-such-flag"}).status, 2);
  EXPECT_EQ(
      run({TIAOQI_MATCH_BINARY, "--shard", "0/2", "-engine", "cmd=a", "-engine", "cmd=b"}).status,
      2);
}

}  // namespace
}  // namespace tiaoqi::tools
