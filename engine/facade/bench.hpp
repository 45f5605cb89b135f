#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/search/params.hpp"

namespace tiaoqi::facade {

// The fixed positions of `bench`: start and middle-game positions for 2, 3
// and 6 players (the same as the move generator's benchmark suite).
struct BenchPosition {
  const char* name;
  int players;
  const char* position;
};
const std::vector<BenchPosition>& bench_positions();

struct BenchLine {
  int index = 0;
  const char* name = "";
  std::uint64_t nodes = 0;
  // The best move, start and end holes.
  std::string best;
};

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t elapsed_us = 0;
  int positions = 0;
  bool stopped = false;
};

// Searches every bench position to `depth` (two players; games of three
// two plies less, of six three less) with the given parameters, `Search
// mcts` playing `auto` there; then five of them with MCTS for a fixed
// number of iterations (10000 each). The seed is fixed at 0 so that, on
// one thread, the node count and the moves identify the searches.
BenchResult run_bench(int depth, search::SearchParams params, const std::atomic<bool>& stop,
                      const std::function<void(const BenchLine&)>& on_position);

}  // namespace tiaoqi::facade
