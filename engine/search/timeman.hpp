#pragma once

#include <cstdint>
#include <optional>

#include "engine/search/limits.hpp"

namespace tiaoqi::search {

// How long one move may take, in milliseconds from the start of the search
// (or from ponderhit). `soft` is where a new iteration should not start,
// `hard` where the search must stop; nullopt means no time limit.
struct TimeBudget {
  std::optional<std::int64_t> soft_ms;
  std::optional<std::int64_t> hard_ms;
};

// A movestogo beyond this is planned as this many moves.
inline constexpr std::int64_t kMaxPlannedMovesToGo = 50;

// The budget for `player` under the limits of a `go`; Move Overhead is
// taken off every clock so that the reply arrives in time. Without
// movestogo, the clock is planned as if `moves_to_go` moves were left
// (SearchConfig::moves_to_go).
TimeBudget plan_time(const SearchLimits& limits, int player, int move_overhead_ms, int moves_to_go);

}  // namespace tiaoqi::search
