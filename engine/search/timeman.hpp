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

// The budget for `player` under the limits of a `go`; Move Overhead is
// taken off every clock so that the reply arrives in time.
TimeBudget plan_time(const SearchLimits& limits, int player, int move_overhead_ms);

}  // namespace tiaoqi::search
