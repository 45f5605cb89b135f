#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/position.hpp"

namespace tiaoqi {

// perft split by root move, like perft_divide(), but it can be stopped: the
// flag is read at every node more than kDividePollDepth plies from the leaves.
struct StoppableDivide {
  Position root_after_eliminations;
  std::vector<std::pair<Move, std::uint64_t>> counts;
  std::uint64_t total = 0;
  bool stopped = false;
};

inline constexpr int kDividePollDepth = 3;

StoppableDivide stoppable_divide(const Position& position, int depth,
                                 const std::atomic<bool>& stop);

}  // namespace tiaoqi
