// Golden transcripts: each file under transcripts/ is a conversation with
// the real binary. Lines starting with
//   "$ "  give command-line arguments (first line only, split at spaces),
//   "> "  are sent to the engine (escapes \r, \t, \\ and \xNN allowed),
//   "< "  are the next line the engine must answer, after normalise(),
//   "<~ " the next line must start with this (a timed search's bestmove;
//         the parameters of `d`, which parameters.txt and options.txt pin),
//   "<* " lines that start with this may come (any number, none included)
//         before the next expected line (a timed search's info lines; the
//         options announced, which handshake.txt alone pins line by line),
//   "= eof" closes the engine's input (what follows answers the end of input),
//   "= exit N" is the exit code expected at the end (default 0),
//   "#"   are comments.
// After the last line the input is closed; the engine must then end with
// no further output.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/util/text.hpp"
#include "tests/support/hang_guard.hpp"
#include "tools/common/process.hpp"

namespace tiaoqi::testing {
namespace {

// Replaces the figures that change from run to run (time, nps) by '*'.
std::string normalise(const std::string& line) {
  for (const char* prefix : {"Nodes/second: ", "Total time (ms): "})
    if (line.rfind(prefix, 0) == 0) return prefix + std::string("*");
  // "time 12" and "nps 3400" inside info lines.
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    bool replaced = false;
    for (const std::string word : {"time ", "nps "}) {
      const bool at_word_start = i == 0 || line[i - 1] == ' ';
      if (!at_word_start || line.compare(i, word.size(), word) != 0) continue;
      std::size_t end = i + word.size();
      while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
      if (end == i + word.size()) continue;
      out += word + "*";
      i = end;
      replaced = true;
      break;
    }
    if (!replaced) out += line[i++];
  }
  return out;
}

std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char next = text[++i];
    if (next == 'r') {
      out += '\r';
    } else if (next == 't') {
      out += '\t';
    } else if (next == 'x' && i + 2 < text.size()) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += next;
    }
  }
  return out;
}

std::vector<std::string> transcript_names() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(TIAOQI_TRANSCRIPTS))
    if (entry.path().extension() == ".txt") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

class Transcript : public ::testing::TestWithParam<std::string> {};

TEST_P(Transcript, EngineAnswersExactly) {
  std::ifstream file(std::filesystem::path(TIAOQI_TRANSCRIPTS) / (GetParam() + ".txt"));
  ASSERT_TRUE(file) << GetParam();
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);

  std::vector<std::string> argv{TIAOQI_BINARY};
  if (!lines.empty() && lines[0].rfind("$ ", 0) == 0)
    for (std::string_view word : util::tokenize(std::string_view(lines[0]).substr(2)))
      argv.emplace_back(word);
  int expected_exit = 0;
  tools::ChildProcess engine;
  const auto started = engine.start_argv(argv);
  ASSERT_TRUE(started.ok()) << started.error();
  // Prefixes of lines that may come before the next expected one.
  std::vector<std::string> skippable;
  auto next_answer = [&]() -> std::optional<std::string> {
    while (true) {
      auto answer = engine.next_line(kHangGuard);
      if (!answer) return answer;
      const std::string text = normalise(*answer);
      const bool skip = std::any_of(skippable.begin(), skippable.end(),
                                    [&](const auto& prefix) { return text.rfind(prefix, 0) == 0; });
      if (!skip) {
        skippable.clear();
        return text;
      }
    }
  };
  for (std::size_t number = 1; number <= lines.size(); ++number) {
    const std::string& line = lines[number - 1];
    if (line.rfind("> ", 0) == 0) {
      engine.write(unescape(line.substr(2)) + "\n");
    } else if (line.rfind("<* ", 0) == 0) {
      skippable.push_back(line.substr(3));
    } else if (line.rfind("< ", 0) == 0 || line.rfind("<~ ", 0) == 0) {
      const bool exact = line[1] == ' ';
      const std::string expected = line.substr(exact ? 2 : 3);
      const auto answer = next_answer();
      ASSERT_TRUE(answer) << GetParam() << ":" << number << ": no answer, expected " << line;
      const bool matches = exact ? *answer == expected : answer->rfind(expected, 0) == 0;
      EXPECT_TRUE(matches) << GetParam() << ":" << number << ": expected '" << line << "', got '"
                           << *answer << "'";
      if (!matches) return;
    } else if (line == "= eof") {
      engine.close_input();
    } else if (line.rfind("= exit ", 0) == 0) {
      expected_exit = std::stoi(line.substr(7));
    }
  }
  engine.close_input();
  const auto extra = next_answer();
  EXPECT_FALSE(extra) << GetParam() << ": unexpected output after the transcript: " << *extra;
  EXPECT_EQ(engine.wait_exit(kHangGuard), expected_exit) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Golden, Transcript, ::testing::ValuesIn(transcript_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace tiaoqi::testing
