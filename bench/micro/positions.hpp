#pragma once

#include <cstdlib>
#include <string_view>
#include <vector>

#include "engine/facade/bench.hpp"
#include "engine/position_string.hpp"

// The fixed benchmark suite: the positions of the engine's `bench` (start
// and middle-game positions for 2, 3, 4 and 6 players; the middle games come
// from progress-biased random play), so both measure the same boards.
namespace tiaoqi::bench {

using SuitePosition = facade::BenchPosition;

inline const std::vector<SuitePosition>& suite() { return facade::bench_positions(); }

// The two-player middle games, for the leaf-moves-per-second figure.
inline const std::vector<SuitePosition>& two_player_midgames() {
  static const std::vector<SuitePosition> kPositions = [] {
    std::vector<SuitePosition> midgames;
    for (const SuitePosition& entry : suite())
      if (entry.players == 2 && std::string_view(entry.name).rfind("mid", 0) == 0)
        midgames.push_back(entry);
    return midgames;
  }();
  return kPositions;
}

// A suite position set up under its player count (the suite's strings are
// valid: a failure here is a broken build, not an input to report).
inline GameSetup load(const SuitePosition& entry) {
  RuleOptions options;
  options.players = entry.players;
  auto setup = parse_position_string(entry.position, options);
  if (!setup) std::abort();
  return *setup;
}

}  // namespace tiaoqi::bench
