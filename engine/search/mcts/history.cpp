#include "engine/search/mcts/history.hpp"

#include <cmath>

#include "engine/search/mcts/tree.hpp"

namespace tiaoqi::search::mcts {

History::History()
    : counts_(new std::atomic<std::uint64_t>[kEntries]),
      sums_(new std::atomic<std::uint64_t>[kEntries]) {
  clear();
}

void History::clear() {
  for (std::size_t i = 0; i < kEntries; ++i) {
    counts_[i].store(0, std::memory_order_relaxed);
    sums_[i].store(0, std::memory_order_relaxed);
  }
}

void History::age() {
  for (std::size_t i = 0; i < kEntries; ++i) {
    const std::uint64_t count = counts_[i].load(std::memory_order_relaxed);
    if (count == 0) continue;
    // The mean stays as it was.
    const double sum = static_cast<double>(sums_[i].load(std::memory_order_relaxed));
    counts_[i].store(count / 2, std::memory_order_relaxed);
    sums_[i].store(static_cast<std::uint64_t>(std::llround(sum * static_cast<double>(count / 2) /
                                                           static_cast<double>(count))),
                   std::memory_order_relaxed);
  }
}

void History::add(int player, Move move, double reward) {
  const std::size_t i = index(player, move);
  counts_[i].fetch_add(1, std::memory_order_relaxed);
  sums_[i].fetch_add(static_cast<std::uint64_t>(std::lround(reward * kRewardUnits)),
                     std::memory_order_relaxed);
}

double History::mean(int player, Move move, double unknown) const {
  const std::size_t i = index(player, move);
  const std::uint64_t count = counts_[i].load(std::memory_order_relaxed);
  if (count == 0) return unknown;
  return static_cast<double>(sums_[i].load(std::memory_order_relaxed)) / kRewardUnits /
         static_cast<double>(count);
}

}  // namespace tiaoqi::search::mcts
