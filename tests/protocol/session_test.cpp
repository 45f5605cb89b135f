// The session in-process: lines in, lines out, no binary.
#include "protocol/session.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "protocol/input_loop.hpp"

namespace tiaoqi::protocol {
namespace {

struct Transcript {
  std::mutex mutex;
  std::vector<std::string> lines;
  Output::Sink sink() {
    return [this](std::string_view line) {
      std::lock_guard lock(mutex);
      lines.emplace_back(line);
    };
  }
};

TEST(Session, AnswersInOrderFromAScript) {
  Transcript out;
  {
    Session session(out.sink());
    std::istringstream script(
        "setoption name Search value alphabeta\n"
        "position startpos\n"
        "go depth 1\n"
        "position startpos moves l3l5\n"
        "go depth 1\n");
    run_input(session, script);
  }
  // The second position waits for the first search, and the end of the
  // input lets the second search finish.
  ASSERT_EQ(out.lines.size(), 4u);
  EXPECT_EQ(out.lines[1], "bestmove k3i5");
  EXPECT_EQ(out.lines[3], "bestmove e15e13");
}

TEST(Session, StopReachesAWaitingCommand) {
  // `position` waits for the perft before it; the stop behind it ends the
  // perft at once instead of after its natural end.
  Transcript out;
  {
    Session session(out.sink());
    std::istringstream script("perft 12\nposition startpos moves l3l5\nstop\nstatus\n");
    run_input(session, script);
  }
  ASSERT_EQ(out.lines.size(), 2u);
  EXPECT_EQ(out.lines[0], "info string perft stopped; the count is incomplete");
  EXPECT_EQ(out.lines[1], "status running");
}

TEST(Session, QuitEndsTheSession) {
  Transcript out;
  Session session(out.sink());
  EXPECT_TRUE(session.handle_line("isready"));
  EXPECT_FALSE(session.handle_line("quit"));
  EXPECT_FALSE(session.handle_line("isready"));
  EXPECT_EQ(out.lines, std::vector<std::string>{"readyok"});
}

TEST(Session, OutputLinesAreCapped) {
  std::vector<std::size_t> sizes;
  Output output([&sizes](std::string_view line) { sizes.push_back(line.size()); });
  output.line(std::string(200000, 'x'));
  ASSERT_EQ(sizes.size(), 1u);
  EXPECT_LT(sizes[0], kMaxOutputLine);
}

}  // namespace
}  // namespace tiaoqi::protocol
