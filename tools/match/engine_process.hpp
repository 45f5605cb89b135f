#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/common/process.hpp"
#include "tools/match/engine_reply.hpp"

namespace tiaoqi::match {

// An engine as the user gave it: a shell command, a name and its options.
struct EngineSpec {
  std::string name;
  std::string command;
  // The folder the command runs in (`dir=`, an engines file's
  // workingDirectory); empty: the runner's own.
  std::string directory;
  std::vector<std::pair<std::string, std::string>> options;
  // `tc=<seconds>[+<increment>]`: this engine's own clock (time odds).
  std::string time_control;
  // `nodes=`, `depth=`, `movetime=`: this engine's own fixed limits, as
  // given (checked with the match's time control).
  std::vector<std::pair<std::string, std::string>> limits;
  // `proto=ccp`: the engine speaks CCP, the rating list's protocol
  // (docs/protocol.md, "CCP"), and plays the list's rules itself.
  bool ccp = false;
};

// What came back from one search.
struct SearchReply {
  enum class Kind { kMove, kCrash, kTimeout, kGarbage, kRefused, kCancelled };
  Kind kind = Kind::kMove;
  std::string move;  // the bestmove token
  long long millis = 0;
  std::string detail;  // for faults: what went wrong
  SearchInfo info;     // the last info line with a score before bestmove
};

// One running engine process speaking the protocol of docs/protocol.md,
// reused across games.
// Any fault leaves it stopped; the next ensure_ready() restarts it.
class EngineProcess {
 public:
  EngineProcess(EngineSpec spec, std::vector<std::pair<std::string, std::string>> rule_options,
                long long startup_ms, const std::atomic<bool>* cancel);

  const EngineSpec& spec() const { return spec_; }
  // Starts the process if needed: the handshake, then the rule options
  // it is sent (rule_options_for) and every option of the engine, each
  // followed by isready, so that an option the engine refuses (an `info
  // string error` answer) or does not list is an error naming it. For a new game, ucinewgame; then
  // isready.
  Status ensure_ready(bool new_game);
  // Sends the position and go lines and waits for bestmove up to the
  // allowance (plus a little slack for the pipes). An `info string error`
  // answer is a refusal, reported at once.
  SearchReply search(const std::string& position_command, const std::string& go_command,
                     long long allowance_ms);
  // Ends the process after a fault; it is restarted on next use.
  void kill() { process_.kill(); }
  void quit();
  bool running() { return process_.started() && !process_.exited(); }
  std::string transcript() const { return process_.transcript_text(); }
  // Whether the last ensure_ready() gave up because the runner is
  // stopping: the game is cut short, the engine is not at fault.
  bool cancelled() const { return cancelled_; }
  int restarts() const { return starts_ > 0 ? starts_ - 1 : 0; }
  // The type word of the option `name` in the engine's last `uci` answer
  // (spin, check, ...), ignoring case; empty when it lists no such option.
  std::string option_type(const std::string& name) const;

 private:
  Status start();
  Status set_option(const std::string& name, const std::string& value, bool must_be_listed);
  // Reads lines until one starts with `word`; other protocol lines pass,
  // and any line at all with `skip_other_lines` (before uciok). Error
  // answers on the way are collected in `errors` when it is given.
  Expected<std::string> wait_for(const std::string& word, long long timeout_ms,
                                 bool skip_other_lines, std::vector<std::string>* errors = nullptr);
  // The process's own words when it failed to start: its exit status and
  // what it wrote to standard error.
  std::string exit_detail();

  EngineSpec spec_;
  std::vector<std::pair<std::string, std::string>> rule_options_;
  long long startup_ms_;
  const std::atomic<bool>* cancel_;
  tools::ChildProcess process_;
  std::vector<std::string> listed_options_;
  // The type word of each listed option, in the same order.
  std::vector<std::string> listed_types_;
  int starts_ = 0;
  bool cancelled_ = false;
};

// Whether `listed` (the names of an engine's `option` lines) holds `name`,
// ignoring case.
bool lists_option(const std::vector<std::string>& listed, const std::string& name);
// Whether a rule option's value differs from the rules' default.
bool changes_rule(const std::string& name, const std::string& value);
// The rule options an engine is sent, as a GUI sends only the options an
// engine lists: those it lists, and those the match changes, which it must
// list (an engine that lists no option at all answers for itself and is
// sent the changed ones). The error names every changed rule option the
// engine does not list.
Expected<std::vector<std::pair<std::string, std::string>>> rule_options_for(
    const std::vector<std::pair<std::string, std::string>>& rule_options,
    const std::vector<std::string>& listed);

// Starts an engine once and checks its handshake and options, as the
// runner does before the first game; the error says what went wrong with
// the engine's own words.
// On success, the type of each of the spec's options in the engine's
// `uci` answer (MatchConfig::option_types).
Expected<std::vector<std::pair<std::string, std::string>>> check_engine(
    const EngineSpec& spec, const std::vector<std::pair<std::string, std::string>>& rule_options,
    long long startup_ms, const std::atomic<bool>* cancel);

}  // namespace tiaoqi::match
