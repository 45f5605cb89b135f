#include "tools/match/compliance.hpp"

#include <algorithm>
#include <functional>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/common/process.hpp"

namespace tiaoqi::match {
namespace {

using tools::ChildProcess;
using tools::Clock;

class Checker {
 public:
  Checker(const EngineSpec& engine, long long timeout_ms, std::ostream& out)
      : engine_(engine), timeout_ms_(timeout_ms), out_(out) {}

  bool start() {
    auto started = process_.start(engine_.command);
    return started.ok();
  }
  void send(const std::string& line) { process_.write_line(line); }

  // Reads lines until one satisfies `match`, for up to `timeout_ms`.
  Expected<std::string> expect(const std::function<bool(const std::string&)>& match,
                               long long timeout_ms, std::vector<std::string>* seen = nullptr) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    std::string line;
    while (true) {
      const auto status = process_.read_line(line, deadline);
      if (status == ChildProcess::ReadStatus::kTimeout)
        return fail("no expected answer within " + std::to_string(timeout_ms) + " ms");
      if (status != ChildProcess::ReadStatus::kLine) return fail("the engine stopped answering");
      if (seen) seen->push_back(line);
      if (match(line)) return line;
    }
  }
  Expected<std::string> expect_word(const std::string& word, long long timeout_ms = -1) {
    return expect([&](const std::string& line) { return line.rfind(word, 0) == 0; },
                  timeout_ms < 0 ? timeout_ms_ : timeout_ms);
  }

  void report(const std::string& name, bool passed, const std::string& detail = "") {
    out_ << (passed ? "PASS " : "FAIL ") << name;
    if (!passed && !detail.empty()) out_ << ": " << detail;
    out_ << '\n';
    if (!passed) ++failures_;
  }

  // Checks that the next bestmove is a legal move in `position`.
  void check_bestmove(const std::string& name, const Position& position, long long limit_ms) {
    const auto begin = Clock::now();
    auto line = expect_word("bestmove", limit_ms);
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - begin).count();
    if (!line) return report(name, false, line.error());
    std::istringstream words(*line);
    std::string word, move;
    words >> word >> move;
    auto parsed = parse_move(position, move);
    if (!parsed) return report(name, false, "'" + move + "': " + parsed.error());
    report(name, true);
    (void)took;
  }

  bool alive() { return !process_.exited(); }
  ChildProcess& process() { return process_; }
  int failures() const { return failures_; }
  long long timeout() const { return timeout_ms_; }

 private:
  EngineSpec engine_;
  long long timeout_ms_;
  std::ostream& out_;
  ChildProcess process_;
  int failures_ = 0;
};

bool starts_with(const std::string& line, const std::string& prefix) {
  return line.rfind(prefix, 0) == 0;
}

}  // namespace

int run_compliance(const EngineSpec& engine, const RuleOptions& rules, long long timeout_ms,
                   std::ostream& out) {
  Checker check(engine, timeout_ms, out);
  if (!check.start()) {
    check.report("start", false, "cannot start '" + engine.command + "'");
    return check.failures();
  }
  auto setup = start_setup(rules);
  if (!setup) {
    check.report("rules", false, setup.error());
    return check.failures();
  }
  const Position start = setup->position;

  // Handshake and the option list.
  check.send("uci");
  std::vector<std::string> lines;
  auto uciok = check.expect([](const std::string& l) { return l == "uciok"; }, timeout_ms, &lines);
  check.report("uci answers uciok", uciok.ok(), uciok.ok() ? "" : uciok.error());
  const bool has_name = std::any_of(lines.begin(), lines.end(),
                                    [](const auto& l) { return starts_with(l, "id name "); });
  check.report("uci sends id name", has_name);
  std::set<std::string> options;
  for (const auto& l : lines)
    if (starts_with(l, "option name ")) {
      const auto type = l.find(" type ");
      options.insert(l.substr(12, type == std::string::npos ? std::string::npos : type - 12));
    }
  std::string missing;
  for (const auto& [name, value] : facade::rule_option_values(rules))
    if (!options.count(name)) missing += " " + name;
  for (const char* name : {"Hash", "Threads", "Search", "Seed", "Move Overhead"})
    if (!options.count(name)) missing += " " + std::string(name);
  check.report("uci lists every rule and engine option", missing.empty(), "missing:" + missing);

  check.send("isready");
  check.report("isready answers readyok", check.expect_word("readyok").ok());
  for (const auto& [name, value] : facade::rule_option_values(rules))
    check.send("setoption name " + name + " value " + value);
  for (const auto& [name, value] : engine.options)
    check.send("setoption name " + name + " value " + value);
  check.send("isready");
  check.report("setoption of every rule option is accepted", check.expect_word("readyok").ok());

  // Bad input: an error line, and the engine stays alive and in step.
  check.send("xyzzy plugh");
  check.report("unknown command answers info string error",
               check.expect_word("info string error").ok());
  check.send("position fen not a position");
  check.report("malformed position answers info string error",
               check.expect_word("info string error").ok());
  check.send("position startpos moves a1a2");
  check.report("illegal move in position answers info string error",
               check.expect_word("info string error").ok());
  check.send("isready");
  check.report("engine is alive after bad input", check.expect_word("readyok").ok());

  // Searching under every limit.
  MoveList moves;
  generate_moves(start, moves);
  check.send("ucinewgame");
  check.send("position startpos");
  check.send("go depth 1");
  check.check_bestmove("go depth 1 gives a legal move", start, timeout_ms);
  check.send("go nodes 1000");
  check.check_bestmove("go nodes 1000 gives a legal move", start, timeout_ms);
  check.send("go movetime 200");
  check.check_bestmove("go movetime 200 answers within 200 ms + 100 ms", start, 300);
  std::string clocks = "go";
  for (int p = 1; p <= rules.players; ++p)
    clocks += " p" + std::to_string(p) + "time 1000 p" + std::to_string(p) + "inc 10";
  check.send(clocks);
  check.check_bestmove("go p1time.. p1inc.. answers within the clock", start, 1100);
  check.send("go wtime 1000 btime 1000 winc 10 binc 10");
  check.check_bestmove("go wtime/btime answers within the clock", start, 1100);

  // A position after moves, in both path spellings.
  Position after = start;
  const std::string first = move_text(after, moves[0]);
  after.play(moves[0]);
  settle(after);
  check.send("position startpos moves " + first);
  check.send("go depth 1");
  check.check_bestmove("position startpos moves <path>", after, timeout_ms);
  std::string dashed;
  for (std::size_t i = 0; i < first.size(); ++i) {
    if (i && first[i] >= 'a' && first[i] <= 'q') dashed += '-';
    dashed += first[i];
  }
  check.send("position fen " + position_string(start) + " moves " + dashed);
  check.send("go depth 1");
  check.check_bestmove("position fen ... moves with dashes", after, timeout_ms);

  // go infinite: isready is answered during the search, stop ends it.
  check.send("position startpos");
  check.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  check.send("isready");
  check.report("isready answered during go infinite", check.expect_word("readyok", 500).ok());
  check.send("stop");
  check.check_bestmove("stop ends go infinite with a legal move", start, 1000);

  // Introspection commands.
  check.send("legal");
  auto legal = check.expect_word("legal");
  std::set<std::string> expected, answered;
  for (const Move& m : moves) expected.insert(move_ends_text(start.geometry(), m));
  if (legal) {
    std::istringstream words(*legal);
    std::string word;
    words >> word;
    while (words >> word) answered.insert(word);
  }
  check.report("legal lists every legal move", legal.ok() && expected == answered,
               legal.ok() ? "the move lists differ" : legal.error());
  check.send("status");
  auto status = check.expect_word("status");
  check.report("status of the start is running", status.ok() && *status == "status running");
  check.send("perft 2");
  auto nodes = check.expect_word("Nodes searched:");
  check.report("perft 2 counts the library's number",
               nodes.ok() && *nodes == "Nodes searched: " + std::to_string(perft(start, 2)),
               nodes.ok() ? *nodes : nodes.error());

  check.send("quit");
  bool exited = false;
  for (int i = 0; i < 100 && !exited; ++i) {
    exited = check.process().exited();
    if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  check.report("quit ends the process within 1 s", exited);
  check.process().kill();
  out << (check.failures() ? "FAILED: " + std::to_string(check.failures()) + " checks\n"
                           : "All checks passed\n");
  return check.failures();
}

}  // namespace tiaoqi::match
