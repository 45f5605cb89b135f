#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/move.hpp"
#include "engine/rules.hpp"

namespace tiaoqi::search::mcts {

// Progressive history (Nijssen and Winands, 2011): for every player and
// move (start and end hole), the mean reward that player got in the
// simulations where it played the move, anywhere in the tree or the
// playout. Selection adds a bonus for moves with a good history, which
// fades as the move's own statistics grow. Shared by the search threads
// (relaxed atomic counters: a lost race costs one sample) and kept from
// move to move, halved at each search so that recent moves count more.
class History {
 public:
  History();

  void clear();
  // Halves every count and sum.
  void age();
  void add(int player, Move move, double reward);
  // The mean reward of `player`'s `move`, or `unknown` when it was never
  // played.
  double mean(int player, Move move, double unknown) const;

 private:
  static std::size_t index(int player, Move move) {
    return (static_cast<std::size_t>(player) * kMaxHoles + move.from) * kMaxHoles + move.to;
  }
  static constexpr std::size_t kEntries = std::size_t{kMaxPlayers} * kMaxHoles * kMaxHoles;

  // Simulations, and the sum of their rewards in kRewardUnits; side by
  // side, so that a look-up reads one cache line.
  struct Entry {
    std::atomic<std::uint64_t> count{0};
    std::atomic<std::uint64_t> sum{0};
  };
  std::unique_ptr<Entry[]> entries_;
};

}  // namespace tiaoqi::search::mcts
