#pragma once

#include <atomic>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/common/record.hpp"
#include "tools/match/engine_process.hpp"
#include "tools/match/referee.hpp"
#include "tools/match/results.hpp"
#include "tools/match/schedule.hpp"
#include "tools/match/sprt.hpp"

namespace tiaoqi::match {

// How the runner is asked to stop (by signals, in tiaoqi-match): finish no
// more games but end the engines politely, or end them at once.
enum class StopRequest { kNone = 0, kStop = 1, kAbort = 2 };

// What one more SIGINT or SIGTERM asks for, given the request so far and
// the time since the first signal: the first asks for a stop; another
// within the grace period asks nothing more (a signal sent to a whole
// process group, as `timeout -s INT` sends it, reaches the runner twice);
// one after it an abort; one after an abort the signal's default action.
// Safe to call from a signal handler.
inline constexpr long long kSignalGraceNs = 1'000'000'000;
enum class SignalAction { kStop, kNothing, kAbort, kDefault };
SignalAction signal_action(StopRequest current, long long since_first_ns);

struct MatchConfig {
  std::vector<EngineSpec> engines;
  // Per engine, the type of each of its options in its `uci` answer
  // (spin, check, combo, string), read by check_engines: the summary
  // writes each option's value as its type reads (a spin's as a number).
  std::vector<std::vector<std::pair<std::string, std::string>>> option_types;
  RefereeConfig referee;
  ScheduleConfig schedule;
  int concurrency = 1;
  std::optional<SprtConfig> sprt;
  std::string record_path;     // empty: no record file
  bool append_record = false;  // resuming: the file holds earlier games
  long long startup_ms = 10000;
  // Progress on standard error (docs/match.md): none when null.
  std::ostream* progress = nullptr;
  bool progress_terminal = false;
  int report_every = 10;
  FaultLog log;
  // Games of an earlier run of this match (--resume): counted, not played.
  std::vector<GameSummary> carried;
};

struct MatchRun {
  int scheduled = 0;
  int carried = 0;
  std::vector<GameSummary> games;          // every complete game, carried ones too
  std::vector<tools::GameRecord> records;  // the games played in this run
  bool interrupted = false;
  bool sprt_stopped = false;
  MatchResults results;
  // A record file that could not be written during the run.
  std::string record_error;
};

GameSummary summary_of(const GameOutcome& outcome, const GameTask& task);

// Starts every engine once, with its options and the rule options, and
// checks its answers (docs/match.md, "Checks before the first game").
Status check_engines(MatchConfig& config, const std::atomic<int>* stop);

// Plays the schedule on `concurrency` threads. Each thread keeps one engine
// process per seat it needs and reuses them from game to game. The record
// file gets the games in game order. Stops early when the SPRT is decided
// or `stop` asks (games cut short count for nothing), and always ends every
// process it started.
Expected<MatchRun> run_match(const MatchConfig& config, const std::atomic<int>* stop);

}  // namespace tiaoqi::match
