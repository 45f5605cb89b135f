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

struct MatchConfig {
  std::vector<EngineSpec> engines;
  RefereeConfig referee;
  ScheduleConfig schedule;
  int concurrency = 1;
  std::optional<SprtConfig> sprt;
  std::string record_path;  // empty: no record file
  long long startup_ms = 10000;
  std::ostream* progress = nullptr;  // the live line, when set
  FaultLog log;
};

struct MatchRun {
  int scheduled = 0;
  std::vector<GameSummary> games;  // complete games, in finishing order
  std::vector<tools::GameRecord> records;
  bool interrupted = false;
  bool sprt_stopped = false;
  MatchResults results;
};

GameSummary summary_of(const GameOutcome& outcome, const GameTask& task);

// Plays the schedule on `concurrency` threads. Each thread keeps one engine
// process per seat it needs and reuses them from game to game. Stops early
// when the SPRT is decided or `interrupt` is set (games cut short count for
// nothing), and always ends every process it started.
Expected<MatchRun> run_match(const MatchConfig& config, const std::atomic<bool>* interrupt);

}  // namespace tiaoqi::match
