#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "tools/common/record.hpp"
#include "tools/match/clock.hpp"
#include "tools/match/engine_process.hpp"
#include "tools/match/schedule.hpp"

namespace tiaoqi::match {

struct RefereeConfig {
  RuleOptions rules;
  TimeControl time;
  // Per engine (by index): its own time control where `tc=` gave one.
  std::vector<TimeControl> engine_times;
  std::string event = "tiaoqi-match";
  std::vector<std::string> engine_names;
};

struct GameOutcome {
  tools::GameRecord record;
  // False when the game was cut short (Ctrl-C, SPRT decided); such a game
  // counts for nothing.
  bool complete = false;
  std::vector<std::vector<int>> standings;  // players, 0-based, best first
};

// Receives one message per fault, with the engine's last lines.
using FaultLog = std::function<void(const std::string&)>;

// Plays one game between the engine processes seated in turn order,
// refereeing with the engine library: every reply is checked, a fault or a
// loss on time eliminates the player (in a two-player game, the other wins)
// and the game goes on for the rest.
GameOutcome play_game(const GameTask& task, const RefereeConfig& config,
                      const std::vector<EngineProcess*>& seats, const std::atomic<bool>* cancel,
                      const FaultLog& log);

}  // namespace tiaoqi::match
