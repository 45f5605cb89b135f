#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "tools/common/record.hpp"
#include "tools/match/results.hpp"
#include "tools/match/schedule.hpp"

namespace tiaoqi::python {

namespace py = pybind11;

// What tiaoqi.match() asks for: the match runner's schedule (every
// opening in every seat, tools/match/schedule.hpp) played between entries
// that are engines or Python agents.
struct MatchRequest {
  RuleOptions rules;
  // One name per entry, for the tables and the records.
  std::vector<std::string> names;
  // One Python object per entry, with new_game(seed) and either `engine`
  // (an Engine) and `limits` (a dict of nodes, movetime, depth) - an
  // Opponent - or answer_at(table, player) giving a move as Position.play
  // takes it - an Agent.
  std::vector<py::object> entries;
  match::Tournament tournament = match::Tournament::kRoundRobin;
  // The runner's defaults (match::OpeningsConfig) where not given.
  std::optional<int> openings;
  std::optional<int> opening_plies;
  std::uint64_t seed = 1;
  std::string event = "tiaoqi.match";
};

struct PlayedMatch {
  std::vector<tools::GameRecord> records;
  std::vector<match::GameSummary> games;
  // The runner's statistics, with Plackett-Luce ratings at every table.
  match::MatchResults results;
};

// Plays every game of the schedule in game order, in this thread and with
// the GIL held but while an engine searches: where every entry is an
// engine, no Python runs but new_game() once a game. The engines of one
// opening's games get the same seeds (drawn from `seed` and the opening),
// so that its rotations differ only by the seats. A bad request, an
// engine's refused move or an agent's illegal action raises ValueError
// naming the entry and the game; Ctrl-C raises KeyboardInterrupt.
PlayedMatch play_match(const MatchRequest& request);

}  // namespace tiaoqi::python
