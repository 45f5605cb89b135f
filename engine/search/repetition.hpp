#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/search/movepick.hpp"

namespace tiaoqi::search {

// The positions on the path from the root and before it in the game, for
// the depth-first searches' repetition check. Under `Repetitions` the
// rules end the game in a draw when a position comes back often enough,
// and either side may repeat a cycle until then: a search scores a
// repeated position as that draw (draws()). Without the rule repetition
// ends nothing, and a search cuts the cycle at the static value.
class RepetitionGuard {
 public:
  // `step`: a position can only repeat one with the same player to move,
  // which with two players is every second one. `draws`: the rules draw
  // a repeated game (Repetitions above 0).
  void start(const std::vector<std::uint64_t>& game_history, int step, bool draws) {
    game_history_ = &game_history;
    step_ = step;
    draws_ = draws;
    filter_ = {};
    for (std::uint64_t earlier : game_history) filter_[earlier >> 58] |= bit(earlier);
  }
  void set(int ply, std::uint64_t hash) { path_[ply] = hash; }
  bool draws() const { return draws_; }

  bool repeats(std::uint64_t hash, int ply) const {
    for (int i = ply - step_; i >= 0; i -= step_)
      if (path_[i] == hash) return true;
    // Most positions never occurred in the game: a bit filter answers them
    // without scanning the whole history.
    if (!(filter_[hash >> 58] & bit(hash))) return false;
    for (std::uint64_t earlier : *game_history_)
      if (earlier == hash) return true;
    return false;
  }

 private:
  static std::uint64_t bit(std::uint64_t hash) { return std::uint64_t{1} << (hash & 63); }

  const std::vector<std::uint64_t>* game_history_ = nullptr;
  int step_ = 1;
  bool draws_ = false;
  std::array<std::uint64_t, kMaxPly + 1> path_{};
  std::array<std::uint64_t, 64> filter_{};
};

}  // namespace tiaoqi::search
