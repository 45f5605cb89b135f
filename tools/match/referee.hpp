#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "engine/rules.hpp"
#include "tools/common/record.hpp"
#include "tools/match/adjudication.hpp"
#include "tools/match/clock.hpp"
#include "tools/match/engine_process.hpp"
#include "tools/match/faults.hpp"
#include "tools/match/move_times.hpp"
#include "tools/match/schedule.hpp"

namespace tiaoqi::match {

inline constexpr std::string_view kChooseDragons = "choose";

struct RefereeConfig {
  RuleOptions rules;
  TimeControl time;
  // Per engine (by index): its own time control where `tc=` gave one.
  std::vector<TimeControl> engine_times;
  AdjudicationConfig adjudication;
  std::string event = "tiaoqi-match";
  std::vector<std::string> engine_names;
  // Dragons variant: each player's dragon at the start ("m1,c11,l12"),
  // kChooseDragons to ask the engines (go choose), or empty to draw them
  // for each opening from `dragon_seed`.
  std::string dragons;
  std::uint64_t dragon_seed = 1;
};

struct GameOutcome {
  tools::GameRecord record;
  // False when the game was cut short (a signal, the SPRT decided); such a
  // game counts for nothing.
  bool complete = false;
  std::vector<std::vector<int>> standings;  // players, 0-based, best first
  std::vector<SeatFault> faults;
  // Each player's thinking time, in turn order (a complete game's).
  std::vector<MoveTimes> move_times;
};

// Each player's movetime (0 for none) when `seat_engines` sit in turn
// order: its engine's own time control, or the match's.
std::vector<long long> player_movetimes(const RefereeConfig& config,
                                        const std::vector<int>& seat_engines);

// Receives one message per fault, with the engine's last lines.
using FaultLog = std::function<void(const std::string&)>;

// Plays one game between the engine processes seated in turn order,
// refereeing with the engine library: the opening's moves first (as book
// moves), then every reply is checked; a fault or a loss on time
// eliminates the player (in a two-player game, the other wins) and the
// game goes on for the rest. Score adjudication, when configured, ends it
// early.
GameOutcome play_game(const GameTask& task, const RefereeConfig& config,
                      const std::vector<EngineProcess*>& seats, const std::atomic<bool>* cancel,
                      const FaultLog& log);

// How a game the rules ended came to its end, for the Termination tag:
// "p2 reached its target", "p1 is the last player left", or the move
// limit; in the dragons variant a won group, the last dragon, or a draw.
std::string rules_termination(const Position& position);

// The dragons of the game of an opening: the ones given, or drawn from the
// seed and the opening, so that every rotation of an opening plays the same
// dragons. An error when the game does not start from the start position.
Expected<std::vector<Hole>> game_dragons(const RefereeConfig& config, const Position& start,
                                         int opening_index);

}  // namespace tiaoqi::match
