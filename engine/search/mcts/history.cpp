#include "engine/search/mcts/history.hpp"

#include <cmath>

#include "engine/search/mcts/tree.hpp"

namespace tiaoqi::search::mcts {

History::History() : entries_(new Entry[kEntries]) {}

void History::clear() {
  for (std::size_t i = 0; i < kEntries; ++i) {
    entries_[i].count.store(0, std::memory_order_relaxed);
    entries_[i].sum.store(0, std::memory_order_relaxed);
  }
}

void History::age() {
  for (std::size_t i = 0; i < kEntries; ++i) {
    Entry& entry = entries_[i];
    const std::uint64_t count = entry.count.load(std::memory_order_relaxed);
    if (count == 0) continue;
    // The mean stays as it was.
    const double sum = static_cast<double>(entry.sum.load(std::memory_order_relaxed));
    entry.count.store(count / 2, std::memory_order_relaxed);
    entry.sum.store(static_cast<std::uint64_t>(std::llround(sum * static_cast<double>(count / 2) /
                                                            static_cast<double>(count))),
                    std::memory_order_relaxed);
  }
}

void History::add(int player, Move move, double reward) {
  Entry& entry = entries_[index(player, move)];
  entry.count.fetch_add(1, std::memory_order_relaxed);
  entry.sum.fetch_add(static_cast<std::uint64_t>(std::lround(reward * kRewardUnits)),
                      std::memory_order_relaxed);
}

double History::mean(int player, Move move, double unknown) const {
  const Entry& entry = entries_[index(player, move)];
  const std::uint64_t count = entry.count.load(std::memory_order_relaxed);
  if (count == 0) return unknown;
  return static_cast<double>(entry.sum.load(std::memory_order_relaxed)) / kRewardUnits /
         static_cast<double>(count);
}

}  // namespace tiaoqi::search::mcts
