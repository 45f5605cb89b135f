#pragma once

#include <string_view>
#include <vector>

#include "engine/facade/bench.hpp"

// The fixed benchmark suite: the positions of the engine's `bench` (start
// and middle-game positions for 2, 3 and 6 players; the middle games come
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

}  // namespace tiaoqi::bench
