// The session in-process: lines in, lines out, no binary.
#include "protocol/session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "engine/facade/options.hpp"
#include "engine/search/levels.hpp"
#include "protocol/input_loop.hpp"
#include "protocol/uci/dialect.hpp"

namespace tiaoqi::protocol {
namespace {

struct Transcript {
  std::mutex mutex;
  std::vector<std::string> lines;
  Output::Sink sink() {
    return [this](std::string_view line) {
      std::lock_guard lock(mutex);
      lines.emplace_back(line);
      return true;
    };
  }
};

TEST(Session, AnswersInOrderFromAScript) {
  Transcript out;
  {
    Session session(out.sink(), uci::make_dialect());
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
    Session session(out.sink(), uci::make_dialect());
    std::istringstream script("perft 12\nposition startpos moves l3l5\nstop\nstatus\n");
    run_input(session, script);
  }
  ASSERT_EQ(out.lines.size(), 2u);
  EXPECT_EQ(out.lines[0], "info string perft stopped; the count is incomplete");
  EXPECT_EQ(out.lines[1], "status running");
}

TEST(Session, QuitEndsTheSession) {
  Transcript out;
  Session session(out.sink(), uci::make_dialect());
  EXPECT_TRUE(session.handle_line("isready"));
  EXPECT_FALSE(session.handle_line("quit"));
  EXPECT_FALSE(session.handle_line("isready"));
  EXPECT_EQ(out.lines, std::vector<std::string>{"readyok"});
}

// The lines a session answers to a script (the input ends after it, and
// every job is let finish).
std::vector<std::string> replies(const std::string& script) {
  Transcript out;
  {
    Session session(out.sink(), uci::make_dialect());
    std::istringstream input(script);
    run_input(session, input);
  }
  return out.lines;
}

std::vector<std::string> lines_starting(const std::vector<std::string>& lines,
                                        const std::string& prefix) {
  std::vector<std::string> kept;
  for (const std::string& line : lines)
    if (line.rfind(prefix, 0) == 0) kept.push_back(line);
  return kept;
}

// The integer after `word ` in an info line, or -1.
int field(const std::string& line, const std::string& word) {
  const std::size_t at = line.find(" " + word + " ");
  if (at == std::string::npos) return -1;
  return std::stoi(line.substr(at + word.size() + 2));
}

// An analysis line's policies: five, best first, summing to 1.
void expect_best_first(const std::string& analysis) {
  std::vector<double> policies;
  for (std::size_t at = analysis.find("\"policy\":"); at != std::string::npos;
       at = analysis.find("\"policy\":", at + 1))
    policies.push_back(std::stod(analysis.substr(at + 9)));
  ASSERT_EQ(policies.size(), 5u) << analysis;
  double total = 0;
  for (std::size_t i = 0; i < policies.size(); ++i) {
    total += policies[i];
    if (i > 0) {
      EXPECT_LE(policies[i], policies[i - 1]) << analysis;
    }
  }
  EXPECT_NEAR(total, 1.0, 0.01);
}

// CCP's analysis lists the moves best first, as the engine prefers them,
// under the default search too (MCTS at two players).
// (The games are set up in our protocol, which keeps them on `ccp`.)
TEST(Session, CcpAnalysisListsTheMovesBestFirst) {
  for (const char* moves : {"", "k4j5 e15e13", "k4j5 e15e13 m4k4i6 e16e15"}) {
    SCOPED_TRACE(moves);
    const std::vector<std::string> analyses =
        lines_starting(replies(std::string("position startpos moves ") + moves +
                               "\nccp\nanalyze topk 5 nodes 3000\n"),
                       "analysis ");
    ASSERT_EQ(analyses.size(), 1u);
    expect_best_first(analyses[0]);
  }
}

// A flood of commands faster than the engine handles them loses none:
// the reader waits for room instead of refusing lines.
TEST(Session, AFloodOfCommandsLosesNoLine) {
  std::string script = "setoption name Search value random\nposition startpos\n";
  for (int i = 0; i < 12'000; ++i) script += "go depth 1\n";
  for (int i = 0; i < 12'000; ++i) script += "isready\n";
  const std::vector<std::string> lines = replies(script);
  EXPECT_EQ(lines_starting(lines, "bestmove ").size(), 12'000u);
  EXPECT_EQ(lines_starting(lines, "readyok").size(), 12'000u);
  EXPECT_TRUE(lines_starting(lines, "info string error").empty());
}

// A CCP analysis cut short by stop says so; one that reached its limit
// does not.
TEST(Session, AStoppedCcpAnalysisSaysItWasStopped) {
  const std::vector<std::string> stopped =
      lines_starting(replies("ccp\nanalyze topk 3 nodes 1000000000\nstop\n"), "analysis ");
  ASSERT_EQ(stopped.size(), 1u);
  EXPECT_NE(stopped[0].find("],\"stopped\":true}"), std::string::npos) << stopped[0];
  const std::vector<std::string> whole =
      lines_starting(replies("ccp\nanalyze topk 3 nodes 3000\n"), "analysis ");
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].find("stopped"), std::string::npos) << whole[0];
}

// MCTS's MultiPV lines come as one block, the visits of the best move after
// them all.
TEST(Session, MctsMultiPvLinesComeBeforeTheVisits) {
  const std::vector<std::string> lines = replies(
      "setoption name Search value mcts\nsetoption name MultiPV value 3\n"
      "position startpos\ngo nodes 2000\n");
  std::vector<std::string> order;
  for (const std::string& line : lines) {
    if (line.rfind("info string visits", 0) == 0) order.push_back("visits");
    if (line.find(" multipv ") != std::string::npos)
      order.push_back("multipv " + std::to_string(field(line, "multipv")));
  }
  ASSERT_GE(order.size(), 4u);
  // Each report: multipv 1, 2, 3, then the visits.
  for (std::size_t i = 0; i + 3 < order.size(); i += 4) {
    EXPECT_EQ(order[i], "multipv 1");
    EXPECT_EQ(order[i + 1], "multipv 2");
    EXPECT_EQ(order[i + 2], "multipv 3");
    EXPECT_EQ(order[i + 3], "visits");
  }
}

// Max^n honours MultiPV: every depth reports that many lines, each a
// different first move.
TEST(Session, MaxNReportsMultiPvLines) {
  const std::vector<std::string> infos =
      lines_starting(replies("setoption name Players value 3\nsetoption name Search value maxn\n"
                             "setoption name MultiPV value 3\nposition startpos\ngo depth 2\n"),
                     "info depth 2 ");
  ASSERT_EQ(infos.size(), 3u);
  std::vector<std::string> first_moves;
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(field(infos[static_cast<std::size_t>(k)], "multipv"), k + 1);
    const std::string& line = infos[static_cast<std::size_t>(k)];
    first_moves.push_back(line.substr(line.find(" pv ") + 4, 4));
  }
  EXPECT_NE(first_moves[0], first_moves[1]);
  EXPECT_NE(first_moves[1], first_moves[2]);
  EXPECT_NE(first_moves[0], first_moves[2]);
}

// MCTS under `go depth N`: no line reports a depth beyond N, the last one
// reports N; and the same request on a tree kept from earlier searches
// answers as a fresh one does.
TEST(Session, MctsHonoursGoDepthExactly) {
  const std::string setup =
      "setoption name Search value mcts\nsetoption name Seed value 7\n"
      "setoption name MultiPV value 3\nposition startpos\n";
  const std::vector<std::string> lines = replies(setup + "go depth 4\n");
  const std::vector<std::string> infos = lines_starting(lines, "info depth ");
  ASSERT_FALSE(infos.empty());
  for (const std::string& line : infos) {
    EXPECT_LE(field(line, "depth"), 4) << line;
    // A line of moves no longer than the depth asked for.
    const std::string pv = line.substr(line.find(" pv ") + 4);
    EXPECT_LE(std::count(pv.begin(), pv.end(), ' ') + 1, 4) << line;
  }
  EXPECT_EQ(infos.back().substr(0, 13), "info depth 4 ");

  const std::vector<std::string> again = replies(setup + "go depth 1\ngo depth 1\ngo depth 1\n");
  const std::vector<std::string> bestmoves = lines_starting(again, "bestmove ");
  ASSERT_EQ(bestmoves.size(), 3u);
  EXPECT_EQ(bestmoves[0], bestmoves[1]);
  EXPECT_EQ(bestmoves[1], bestmoves[2]);
  std::vector<int> scores;
  for (const std::string& line : lines_starting(again, "info depth 1 seldepth"))
    if (field(line, "multipv") == 1) scores.push_back(field(line, "cp"));
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_EQ(scores[0], scores[1]);
  EXPECT_EQ(scores[1], scores[2]);
}

// Under Repetitions the rules draw a repeated game, and the searches score
// a move that repeats a position as that draw (cp 0); without the rule it
// keeps its static value.
TEST(Session, SearchesScoreARepetitionAsTheRulesDo) {
  const std::string position =
      "position fen 1/2/3/4/4d8/12/11/10/4a4/10/11/12/13/4/3/2/1 1 a/d 0 moves i9i10 e13f12 "
      "i10i9\n";
  for (const char* search : {"alphabeta", "mcts"}) {
    for (int repetitions : {0, 3}) {
      const std::vector<std::string> infos = lines_starting(
          replies(std::string("setoption name Search value ") + search +
                  "\nsetoption name Repetitions value " + std::to_string(repetitions) + "\n" +
                  position + "go nodes 300 searchmoves f12e13\n"),
          "info depth ");
      ASSERT_FALSE(infos.empty()) << search;
      const int score = field(infos.back(), "cp");
      if (repetitions > 0) {
        EXPECT_EQ(score, 0) << search << ": " << infos.back();
      } else {
        EXPECT_LT(score, -500) << search << ": " << infos.back();
      }
    }
  }
}

// A level plays the dragons variant too: every move of a short game is
// legal (each `position ... moves` line accepts the moves before it).
TEST(Session, ALevelPlaysTheDragonsVariant) {
  Transcript out;
  {
    Session session(out.sink(), uci::make_dialect());
    std::istringstream script(
        "setoption name Players value 3\n"
        "setoption name Variant value dragons\n"
        "setoption name UCI_LimitStrength value true\n"
        "setoption name UCI_Elo value " +
        std::to_string(search::levels()[1].elo) +
        "\n"
        "position startpos dragon m1\n"
        "go nodes 200\n");
    run_input(session, script);
  }
  ASSERT_FALSE(out.lines.empty());
  ASSERT_TRUE(out.lines.back().starts_with("bestmove ")) << out.lines.back();
  const std::string move = out.lines.back().substr(9);
  Transcript after;
  {
    Session session(after.sink(), uci::make_dialect());
    std::istringstream script(
        "setoption name Players value 3\n"
        "setoption name Variant value dragons\n"
        "position startpos dragon m1 moves " +
        move + "\nstatus\n");
    run_input(session, script);
  }
  ASSERT_EQ(after.lines.size(), 1u) << after.lines[0];
  EXPECT_EQ(after.lines[0], "status running");
}

// `levels` lists the ladder; `d` names the level an Elo plays.
TEST(Session, LevelsAreListedAndNamed) {
  Transcript out;
  const auto& levels = search::levels();
  {
    Session session(out.sink(), uci::make_dialect());
    std::istringstream script(
        "levels\nsetoption name UCI_LimitStrength value true\n"
        "setoption name UCI_Elo value " +
        std::to_string(levels[2].elo + 1) + "\nd\n");
    run_input(session, script);
  }
  ASSERT_GT(out.lines.size(), levels.size());
  for (std::size_t i = 0; i < levels.size(); ++i)
    EXPECT_EQ(out.lines[i],
              "level " + std::string(levels[i].name) + " elo " + std::to_string(levels[i].elo));
  const std::string named = "UCI_LimitStrength true, UCI_Elo " + std::to_string(levels[2].elo + 1) +
                            " (" + std::string(levels[2].name) + ")";
  EXPECT_TRUE(std::any_of(out.lines.begin(), out.lines.end(), [&](const std::string& line) {
    return line.starts_with("Engine: ") && line.ends_with(named);
  }));
}

TEST(Session, HelpExplainsEveryOptionOfTheTable) {
  Transcript out;
  {
    Session session(out.sink(), uci::make_dialect());
    std::istringstream script("help\n");
    run_input(session, script);
  }
  const auto& specs = facade::option_specs();
  ASSERT_EQ(out.lines.size(), specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i)
    EXPECT_EQ(out.lines[i], "help name " + std::string(specs[i].name) + " label " +
                                std::string(specs[i].words.label) + " text " +
                                std::string(specs[i].words.help));
}

// Every `go` ends with exactly one bestmove: a refused one (a bad
// searchmoves, a player out of range, clocks without the mover's, a search
// still running until stop) answers its error and `bestmove none`.
TEST(Session, EveryGoEndsWithOneBestmove) {
  const std::vector<std::string> lines = replies(
      "go searchmoves z9\n"
      "go choose 4\n"
      "setoption name Players value 3\n"
      "position startpos moves k3i5 d10e10\n"
      "go wtime 1000 btime 1000\n"
      "go infinite\n"
      "go depth 1\n"
      "stop\n");
  const std::vector<std::string> bestmoves = lines_starting(lines, "bestmove ");
  ASSERT_EQ(bestmoves.size(), 5u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(bestmoves[i], "bestmove none");
  EXPECT_NE(bestmoves[4], "bestmove none");
  // Each refusal's error comes right before its bestmove.
  const std::vector<std::string> errors = lines_starting(lines, "info string error: go");
  ASSERT_EQ(errors.size(), 4u);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    if (lines[i].starts_with("info string error: go")) {
      EXPECT_EQ(lines[i + 1], "bestmove none") << lines[i];
    }
}

// `values` has one number per seat, whatever the search: a seat already
// out (here seat 2, eliminated) reads 0 and the others share the whole.
TEST(Session, ValuesNameEverySeatWithZeroForASeatThatIsOut) {
  const std::string position =
      "setoption name Players value 6\n"
      "position fen d/dd/cc3ee/c4e/5/b4f/bb3ff/aa/a 1 a/b-/c/d/e/f 0\n";
  for (const char* search : {"alphabeta", "brs", "maxn", "mcts", "greedy"}) {
    SCOPED_TRACE(search);
    const std::vector<std::string> infos =
        lines_starting(replies("setoption name Search value " + std::string(search) + "\n" +
                               position + "go depth 2\n"),
                       "info depth ");
    ASSERT_FALSE(infos.empty());
    for (const std::string& line : infos) {
      const std::size_t at = line.find(" values ");
      ASSERT_NE(at, std::string::npos) << line;
      std::istringstream words(line.substr(at + 8));
      std::vector<std::string> numbers;
      for (std::string word; words >> word && word != "nodes";) numbers.push_back(word);
      ASSERT_EQ(numbers.size(), 6u) << line;
      EXPECT_EQ(numbers[1], "0.000") << line;
      int thousandths = 0;
      for (const std::string& number : numbers)
        thousandths += std::stoi(number.substr(0, 1)) * 1000 + std::stoi(number.substr(2));
      EXPECT_EQ(thousandths, 1000) << line;
    }
  }
}

TEST(Session, OutputLinesAreCapped) {
  std::vector<std::size_t> sizes;
  Output output([&sizes](std::string_view line) {
    sizes.push_back(line.size());
    return true;
  });
  output.line(std::string(200000, 'x'));
  ASSERT_EQ(sizes.size(), 1u);
  EXPECT_LT(sizes[0], kMaxOutputLine);
}

}  // namespace
}  // namespace tiaoqi::protocol
