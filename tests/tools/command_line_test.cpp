// The tools' shared command line: -h and --help print the usage, --version
// the version, through the real executables.
#include <gtest/gtest.h>

#include "tools/common/process.hpp"

namespace tiaoqi::tools {
namespace {

// Only a guard against a hung tool.
constexpr std::chrono::seconds kHangGuard{60};

struct Ran {
  std::optional<int> status;
  std::string output;
};

Ran run(const std::vector<std::string>& argv) {
  ChildProcess process;
  const auto started = process.start_argv(argv);
  EXPECT_TRUE(started.ok()) << started.error();
  process.close_input();
  Ran ran;
  while (auto line = process.next_line(kHangGuard)) ran.output += *line + "\n";
  ran.status = process.wait_exit(kHangGuard);
  return ran;
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

TEST(ToolCommandLine, UsageErrorsExitWithTwo) {
  for (const auto& [name, binary] : kTools) EXPECT_EQ(run({binary, "--no-such-flag"}).status, 2);
  EXPECT_EQ(
      run({TIAOQI_MATCH_BINARY, "--shard", "0/2", "-engine", "cmd=a", "-engine", "cmd=b"}).status,
      2);
}

}  // namespace
}  // namespace tiaoqi::tools
