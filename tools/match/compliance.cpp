#include "tools/match/compliance.hpp"

#include <algorithm>
#include <functional>
#include <ostream>
#include <set>
#include <thread>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "protocol/ccp/cells.hpp"
#include "tools/common/process.hpp"
#include "tools/match/engine_reply.hpp"

namespace tiaoqi::match {
namespace {

using tools::ChildProcess;
using tools::Clock;

bool starts_with(const std::string& line, const std::string& prefix) {
  return line.rfind(prefix, 0) == 0;
}

class Checker {
 public:
  Checker(const ComplianceLimits& limits, std::ostream& out) : limits_(limits), out_(out) {}

  Status start(const std::string& command, const std::string& directory) {
    auto started = process_.start(command, directory);
    if (!started) return Error{started.error()};
    return Done{};
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
  Expected<std::string> expect_word(const std::string& word) {
    return expect_word_within(word, limits_.timeout_ms);
  }
  // A timed answer: its limit plus the margin.
  Expected<std::string> expect_word_within(const std::string& word, long long limit_ms) {
    auto line = expect([&](const std::string& line) { return starts_with(line, word); }, limit_ms);
    if (!line) return fail("waiting for " + util::quote_input(word) + ": " + line.error());
    return line;
  }
  long long timed(long long limit_ms) const { return limit_ms + limits_.margin_ms; }

  // Every FAIL line says why: `detail` is the reason a failed check gives.
  void report(const std::string& name, bool passed, const std::string& detail) {
    out_ << (passed ? "PASS " : "FAIL ") << name;
    if (!passed) out_ << ": " << (detail.empty() ? "no reason given" : detail);
    // Each line as it is decided: a CI job killed halfway shows how far it got.
    out_ << std::endl;
    if (!passed) ++failures_;
  }
  void report(const std::string& name, const Expected<std::string>& answer) {
    report(name, answer.ok(), answer.ok() ? "" : answer.error());
  }

  // Checks that the next bestmove, within `wait_ms`, is a legal move in
  // `position` (a CCP path of cells when `ccp`).
  void check_bestmove(const std::string& name, const Position& position, long long wait_ms,
                      bool ccp = false) {
    auto line = expect_word_within("bestmove", wait_ms);
    if (!line) return report(name, false, line.error());
    ReplyLine reply = read_reply_line(*line);
    if (reply.kind != ReplyLine::Kind::kMove) return report(name, false, reply.detail);
    if (ccp) {
      auto holes = protocol::ccp::move_of(reply.move);
      if (!holes) return report(name, false, holes.error());
      reply.move = *holes;
    }
    auto parsed = parse_move(position, reply.move);
    if (!parsed) return report(name, false, util::quote_input(reply.move) + ": " + parsed.error());
    report(name, true, "");
  }

  ChildProcess& process() { return process_; }
  int failures() const { return failures_; }
  const ComplianceLimits& limits() const { return limits_; }

 private:
  ComplianceLimits limits_;
  std::ostream& out_;
  ChildProcess process_;
  int failures_ = 0;
};

// uci: uciok, the engine's name, the engine options and the rule options
// the rules change listed. Returns the names of the options listed;
// nullopt when there was no uciok, after which no other check can tell
// anything of the engine.
std::optional<std::vector<std::string>> check_handshake(Checker& check, const RuleOptions& rules) {
  check.send("uci");
  std::vector<std::string> lines;
  auto uciok = check.expect([](const std::string& l) { return l == "uciok"; },
                            check.limits().timeout_ms, &lines);
  check.report("uci answers uciok", uciok);
  if (!uciok) return std::nullopt;
  const bool has_name = std::any_of(lines.begin(), lines.end(),
                                    [](const auto& l) { return starts_with(l, "id name "); });
  check.report("uci sends id name", has_name, "no line starting 'id name ' before uciok");
  std::vector<std::string> options;
  for (const auto& l : lines)
    if (starts_with(l, "option name ")) {
      const auto type = l.find(" type ");
      options.push_back(l.substr(12, type == std::string::npos ? std::string::npos : type - 12));
    }
  std::string missing;
  // A rule option at its default need not be known: an engine written
  // before it plays such games as well.
  for (const auto& [name, value] : facade::rule_option_values(rules))
    if (changes_rule(name, value) && !lists_option(options, name)) missing += " " + name;
  for (const char* name : {"Hash", "Threads", "Search", "Seed", "Move Overhead"})
    if (!lists_option(options, name)) missing += " " + std::string(name);
  check.report("uci lists the engine options and the rule options the rules change",
               missing.empty(), "missing:" + missing);
  return options;
}

// Sends one option and reads up to readyok: the engine's error answer, if
// any, or how the wait failed.
std::string refusal_of(Checker& check, const std::string& name, const std::string& value) {
  check.send("setoption name " + name + " value " + value);
  check.send("isready");
  std::vector<std::string> lines;
  auto ready = check.expect([](const std::string& l) { return l == "readyok"; },
                            check.limits().timeout_ms, &lines);
  if (!ready) return ready.error();
  for (const auto& line : lines)
    if (auto message = error_message(line))
      return "refused " + util::quote_input(name + "=" + value, 80) +
             ", answering: " + engine_words(*message);
  return "";
}

// The rule options are those the runner sends (the ones listed) and the
// ones the rules change, listed or not, to hear the engine's answer.
void check_options(Checker& check, const EngineSpec& engine, const RuleOptions& rules,
                   const std::vector<std::string>& listed) {
  check.send("isready");
  check.report("isready answers readyok", check.expect_word("readyok"));
  std::string refused;
  for (const auto& [name, value] : facade::rule_option_values(rules))
    if (refused.empty() && (lists_option(listed, name) || changes_rule(name, value)))
      refused = refusal_of(check, name, value);
  check.report("setoption of the rule options it lists or the rules change is accepted",
               refused.empty(), refused);
  if (engine.options.empty()) return;
  refused.clear();
  for (const auto& [name, value] : engine.options)
    if (refused.empty()) refused = refusal_of(check, name, value);
  check.report("setoption of the engine's options given is accepted", refused.empty(), refused);
}

// Bad input: an error line, and the engine stays alive and in step.
void check_bad_input(Checker& check) {
  check.send("xyzzy plugh");
  check.report("unknown command answers info string error", check.expect_word("info string error"));
  check.send("position fen not a position");
  check.report("malformed position answers info string error",
               check.expect_word("info string error"));
  check.send("position startpos moves a1a2");
  check.report("illegal move in position answers info string error",
               check.expect_word("info string error"));
  check.send("isready");
  check.report("engine is alive after bad input", check.expect_word("readyok"));
}

// Searching under every limit.
void check_limits(Checker& check, const Position& start, int players) {
  const std::string margin = std::to_string(check.limits().margin_ms) + " ms";
  check.send("ucinewgame");
  check.send("position startpos");
  check.send("go depth 1");
  check.check_bestmove("go depth 1 gives a legal move", start, check.limits().timeout_ms);
  check.send("go nodes 1000");
  check.check_bestmove("go nodes 1000 gives a legal move", start, check.limits().timeout_ms);
  check.send("go movetime 200");
  check.check_bestmove("go movetime 200 answers within 200 ms + " + margin, start,
                       check.timed(200));
  std::string clocks = "go";
  for (int p = 1; p <= players; ++p)
    clocks += " p" + std::to_string(p) + "time 1000 p" + std::to_string(p) + "inc 10";
  check.send(clocks);
  check.check_bestmove("go p1time.. p1inc.. answers within the clock + " + margin, start,
                       check.timed(1000));
  check.send("go wtime 1000 btime 1000 winc 10 binc 10");
  check.check_bestmove("go wtime/btime answers within the clock + " + margin, start,
                       check.timed(1000));
}

// A position after moves, in both path spellings.
void check_positions(Checker& check, const Position& start, const Move& first_move) {
  Position after = start;
  const std::string first = move_text(after, first_move);
  after.play(first_move);
  settle(after);
  check.send("position startpos moves " + first);
  check.send("go depth 1");
  check.check_bestmove("position startpos moves <path>", after, check.limits().timeout_ms);
  std::string dashed;
  for (std::size_t i = 0; i < first.size(); ++i) {
    if (i && first[i] >= 'a' && first[i] <= 'q') dashed += '-';
    dashed += first[i];
  }
  check.send("position fen " + position_string(start) + " moves " + dashed);
  check.send("go depth 1");
  check.check_bestmove("position fen ... moves with dashes", after, check.limits().timeout_ms);
}

// go infinite: isready is answered during the search, stop ends it.
void check_infinite(Checker& check, const Position& start) {
  check.send("position startpos");
  check.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  check.send("isready");
  check.report("isready answered during go infinite",
               check.expect_word_within("readyok", check.timed(400)));
  check.send("stop");
  check.check_bestmove("stop ends go infinite with a legal move", start, check.timed(900));
}

// Introspection: legal, status, perft.
void check_introspection(Checker& check, const Position& start, const MoveList& moves) {
  check.send("legal");
  auto legal = check.expect_word("legal");
  std::set<std::string> expected, answered;
  for (const Move& m : moves) expected.insert(move_ends_text(start.geometry(), m));
  if (legal) {
    const auto words = util::tokenize(*legal);
    for (std::size_t i = 1; i < words.size(); ++i) answered.insert(std::string(words[i]));
  }
  check.report("legal lists every legal move", legal.ok() && expected == answered,
               legal.ok() ? "the move lists differ" : legal.error());
  check.send("status");
  auto status = check.expect_word("status");
  check.report("status of the start is running", status.ok() && *status == "status running",
               status.ok() ? "answered " + util::quote_input(*status) : status.error());
  check.send("perft 2");
  auto nodes = check.expect_word("Nodes searched:");
  check.report("perft 2 counts the library's number",
               nodes.ok() && *nodes == "Nodes searched: " + std::to_string(perft(start, 2)),
               nodes.ok() ? util::quote_input(*nodes) : nodes.error());
}

void check_quit(Checker& check) {
  const long long limit_ms = check.timed(900);
  const std::string name = "quit ends the process within " + std::to_string(limit_ms) + " ms";
  // A process that has already ended did not end on quit.
  if (const auto gone = check.process().wait_exit(std::chrono::milliseconds(0))) {
    check.report(name, false,
                 "the engine had exited before quit (exit status " + std::to_string(*gone) + ")");
    return;
  }
  check.send("quit");
  const auto exited = check.process().wait_exit(std::chrono::milliseconds(limit_ms));
  check.report(name, exited.has_value(),
               "still running " + std::to_string(limit_ms) + " ms after quit");
  check.process().kill();
}

// A CCP engine (proto=ccp), under the rating list's rules: the handshake,
// every kind of go, a position sent as cells, bad input, quit. False when
// the handshake failed and nothing more was checked.
bool check_ccp(Checker& check, const Position& start, const MoveList& moves) {
  check.send("ccp");
  auto hello = check.expect(
      [](const std::string& l) {
        return l == "ccpok" || starts_with(l, "id ") || starts_with(l, "protocol ");
      },
      check.limits().timeout_ms);
  check.report("ccp answers (ccpok, id or protocol)", hello);
  if (!hello) return false;
  check.send("isready");
  check.report("isready answers readyok", check.expect_word("readyok"));

  const std::string margin = std::to_string(check.limits().margin_ms) + " ms";
  check.send("position startpos");
  check.send("go depth 1");
  check.check_bestmove("go depth 1 gives a legal path", start, check.limits().timeout_ms, true);
  check.send("go nodes 1000");
  check.check_bestmove("go nodes 1000 gives a legal path", start, check.limits().timeout_ms, true);
  check.send("go movetime 200");
  check.check_bestmove("go movetime 200 answers within 200 ms + " + margin, start, check.timed(200),
                       true);
  check.send("go wtime 1000 btime 1000 winc 10 binc 10");
  check.check_bestmove("go wtime/btime answers within the clock + " + margin, start,
                       check.timed(1000), true);

  Position after = start;
  after.play(moves[0]);
  settle(after);
  check.send("position cells " + protocol::ccp::cells_text(after) + " player 1 ply 1");
  check.send("go depth 1");
  check.check_bestmove("position cells ... player 1 ply 1 gives a legal path", after,
                       check.limits().timeout_ms, true);

  check.send("position cells 0 player 0 ply 0");
  check.send("position cells " + protocol::ccp::cells_text(start) + " player 7 ply 0");
  check.send("isready");
  check.report("engine is alive after bad cells and a bad player", check.expect_word("readyok"));
  check_quit(check);
  return true;
}

}  // namespace

int run_compliance(const EngineSpec& engine, const RuleOptions& rules,
                   const ComplianceLimits& limits, std::ostream& out) {
  Checker check(limits, out);
  if (auto started = check.start(engine.command, engine.directory); !started) {
    check.report("start", false,
                 "cannot start " + util::quote_input(engine.command, 200) + ": " + started.error());
    return check.failures();
  }
  // A CCP engine plays the rating list's rules, whatever the flags say.
  auto setup = start_setup(engine.ccp ? facade::ccerl_rule_options() : rules);
  if (!setup) {
    check.report("rules", false, setup.error());
    return check.failures();
  }
  const Position start = setup->position;
  MoveList moves;
  generate_moves(start, moves);

  // Nothing else can be asked of an engine that did not finish its
  // handshake: every other check would wait out its time for nothing.
  bool handshake_failed = false;
  if (engine.ccp) {
    handshake_failed = !check_ccp(check, start, moves);
  } else if (const auto listed = check_handshake(check, rules); !listed) {
    handshake_failed = true;
  } else {
    check_options(check, engine, rules, *listed);
    check_bad_input(check);
    check_limits(check, start, rules.players);
    check_positions(check, start, moves[0]);
    check_infinite(check, start);
    check_introspection(check, start, moves);
    check_quit(check);
  }
  const int failures = check.failures();
  if (handshake_failed) {
    check.process().kill();
    out << "FAILED: the engine did not complete its handshake, so no other check was run"
        << std::endl;
  } else {
    out << (failures ? "FAILED: " + util::plural(failures, "check") : "All checks passed")
        << std::endl;
  }
  return failures;
}

}  // namespace tiaoqi::match
