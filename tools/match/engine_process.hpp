#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "engine/facade/options.hpp"
#include "engine/util/expected.hpp"
#include "engine/util/text.hpp"
#include "tools/common/process.hpp"

namespace tiaoqi::match {

// An engine as the user gave it: a shell command, a name and its options.
struct EngineSpec {
  std::string name;
  std::string command;
  std::vector<std::pair<std::string, std::string>> options;
  // `tc=<seconds>[+<increment>]`: this engine's own clock (time odds).
  std::string time_control;
};

// What came back from one search.
struct SearchReply {
  enum class Kind { kMove, kCrash, kTimeout, kGarbage, kCancelled };
  Kind kind = Kind::kMove;
  std::string move;  // the bestmove token
  long long millis = 0;
  std::string detail;  // for faults: what went wrong
};

// One running engine process speaking the protocol of docs/protocol.md,
// reused across games.
// Any fault leaves it stopped; the next ensure_ready() restarts it.
class EngineProcess {
 public:
  EngineProcess(EngineSpec spec, std::vector<std::pair<std::string, std::string>> rule_options,
                long long startup_ms, const std::atomic<bool>* cancel);

  const EngineSpec& spec() const { return spec_; }
  // Starts the process if needed (uci, options, isready) and, for a new
  // game, sends ucinewgame and waits for readyok.
  Status ensure_ready(bool new_game);
  // Sends the position and go lines and waits for bestmove up to the
  // allowance (plus a little slack for the pipes).
  SearchReply search(const std::string& position_command, const std::string& go_command,
                     long long allowance_ms);
  // Ends the process after a fault; it is restarted on next use.
  void kill() { process_.kill(); }
  void quit();
  bool running() { return process_.started() && !process_.exited(); }
  std::string transcript() const { return process_.transcript_text(); }
  int restarts() const { return starts_ > 0 ? starts_ - 1 : 0; }

 private:
  // Reads lines until one starts with `word`; other protocol lines pass,
  // and any line at all with `skip_other_lines` (before uciok).
  Expected<std::string> wait_for(const std::string& word, long long timeout_ms,
                                 bool skip_other_lines);

  EngineSpec spec_;
  std::vector<std::pair<std::string, std::string>> rule_options_;
  long long startup_ms_;
  const std::atomic<bool>* cancel_;
  tools::ChildProcess process_;
  int starts_ = 0;
};

}  // namespace tiaoqi::match
