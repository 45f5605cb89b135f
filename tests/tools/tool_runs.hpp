#pragma once

// Running the tools' programs in tests: their exit status, standard output
// and standard error, waited for with a guard against a hang only.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/hang_guard.hpp"
#include "tools/common/process.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::tools {

struct ToolRun {
  std::optional<int> status;
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs argv (argv[0] the program) through the shell, every word quoted, its
// standard error into a file read back afterwards.
inline ToolRun run_tool(const std::vector<std::string>& argv) {
  static int runs = 0;
  const std::string errors = std::filesystem::temp_directory_path().string() + "/tool_run_" +
                             std::to_string(::getpid()) + "_" + std::to_string(++runs);
  std::string command;
  for (const auto& word : argv) {
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    command += (command.empty() ? "" : " ") + quoted + "'";
  }
  ChildProcess process;
  ToolRun ran;
  if (!process.start(command + " 2>'" + errors + "'")) return ran;
  process.close_input();
  while (auto line = process.next_line(kHangGuard)) ran.out += *line + "\n";
  ran.status = process.wait_exit(kHangGuard);
  auto text = read_text_file(errors, "standard error");
  if (text) ran.err = *text;
  std::filesystem::remove(errors);
  return ran;
}

// A path in the tests' scratch folder, apart for each test process.
inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/tiaoqi_" + std::to_string(::getpid()) + "_" + name;
}

// The programs of this build: the match runner and the renderer.
inline ToolRun run_match(std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), TIAOQI_MATCH_BINARY);
  return run_tool(arguments);
}

inline ToolRun run_render(std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), TIAOQI_RENDER_BINARY);
  return run_tool(arguments);
}

// The command line of the tests' double engine (tests/tools/doubles).
inline std::string double_command(const std::string& arguments = "") {
  return std::string(TIAOQI_TEST_ENGINE) + (arguments.empty() ? "" : " " + arguments);
}

// The engine of this build, or empty when it has not been built.
inline std::string real_engine() {
  const std::string binary = TIAOQI_REAL_ENGINE;
  return !binary.empty() && ::access(binary.c_str(), X_OK) == 0 ? binary : "";
}

// The text with every run of white space as one space: help texts read the
// same however Boost wraps them.
inline std::string single_spaced(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (space && !out.empty() && out.back() == ' ') continue;
    out += space ? ' ' : c;
  }
  return out;
}

}  // namespace tiaoqi::tools
