#pragma once

#include <vector>

#include "tools/common/record.hpp"

namespace tiaoqi::match {

// How long an engine thought over its moves, as the runner measures a
// move: from sending `go` to reading `bestmove` (the opening's book moves
// are no engine's). Kept as sums and counts, never as means, so that
// games, shards and resumed runs add up exactly.
struct MoveTimes {
  long long moves = 0;
  long long total_ms = 0;
  long long max_ms = 0;
  // Moves that took longer than the movetime the engine was given (the
  // margin not counted): a count, not a fault. None without a movetime.
  long long over_movetime = 0;

  // One move of `millis`; `movetime_ms` 0 when the engine had none.
  void add_move(long long millis, long long movetime_ms);
  MoveTimes& operator+=(const MoveTimes& other);
  double mean_ms() const {
    return moves ? static_cast<double>(total_ms) / static_cast<double>(moves) : 0.0;
  }
  bool operator==(const MoveTimes&) const = default;
};

// Each player's times in a game's record, in turn order: `movetimes_ms`
// holds each player's movetime (0 for none).
std::vector<MoveTimes> player_move_times(const tools::GameRecord& record,
                                         const std::vector<long long>& movetimes_ms);

}  // namespace tiaoqi::match
