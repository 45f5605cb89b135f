// The tools' shared command line: -h and --help print the usage, --version
// the version, through the real executables.
#include <gtest/gtest.h>

#include "tests/tools/tool_runs.hpp"

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

// Every tool's help says what it does with its exit statuses.
TEST(ToolCommandLine, HelpNamesTheExitStatuses) {
  for (const auto& [name, binary] : kTools) {
    const std::string text = single_spaced(run({binary, "--help"}).output);
    EXPECT_NE(text.find("Exit status: 0 "), std::string::npos) << name << ":\n" << text;
    EXPECT_NE(text.find(" 2 a bad command line"), std::string::npos) << name;
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
  EXPECT_EQ(run({render, "--position", after, "--path", "k4k5"}).status, 1);
  const Ran drawn = run({render, "--position", after, "--path", "k3k5", "--coordinates"});
  EXPECT_EQ(drawn.status, 0);
  EXPECT_NE(drawn.output.find("class=\"last-move\""), std::string::npos);
  EXPECT_NE(drawn.output.find("class=\"coordinate\""), std::string::npos);
}

TEST(ToolCommandLine, UsageErrorsExitWithTwo) {
  for (const auto& [name, binary] : kTools) EXPECT_EQ(run({binary, "--no-such-flag"}).status, 2);
  EXPECT_EQ(
      run({TIAOQI_MATCH_BINARY, "--shard", "0/2", "-engine", "cmd=a", "-engine", "cmd=b"}).status,
      2);
}

}  // namespace
}  // namespace tiaoqi::tools
