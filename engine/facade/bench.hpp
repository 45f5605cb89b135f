#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/search/params.hpp"

namespace tiaoqi::facade {

// The fixed positions of `bench`: start and middle-game positions for 2, 3,
// 4 and 6 players (the same as the move generator's benchmark suite).
struct BenchPosition {
  const char* name;
  int players;
  const char* position;
};
const std::vector<BenchPosition>& bench_positions();

struct BenchLine {
  int index = 0;
  std::string name;
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
// two plies less, of four and six three less) with the given parameters,
// alpha-beta playing `auto` and `mcts` there; then eight of them, two at
// each table size, with MCTS for a fixed number of iterations (10000
// each), counted by the work they did: iterations, simulated plies and
// tree nodes (SearchResult::work), so that a change to any default search
// changes the sum; last, a six-player middle game under other rules
// (stops in the side arms, GoalRule own) by both. The seed is fixed at 0 so that, on one thread,
// the count and the moves identify the searches.
BenchResult run_bench(int depth, search::SearchParams params, const std::atomic<bool>& stop,
                      const std::function<void(const BenchLine&)>& on_position);

}  // namespace tiaoqi::facade
