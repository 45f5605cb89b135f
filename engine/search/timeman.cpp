#include "engine/search/timeman.hpp"

#include <algorithm>

namespace tiaoqi::search {
namespace {

// Under movetime, what the search keeps back for answering: a millisecond
// and a twentieth of the time, but never more than Move Overhead. The
// clock check, the last report and the bestmove line take well under that
// (docs/protocol.md, "Time", has the measurement).
constexpr std::int64_t kMoveTimeReserveMs = 1;
constexpr std::int64_t kMoveTimeReserveShare = 20;

}  // namespace

TimeBudget plan_time(const SearchLimits& limits, int player, int move_overhead_ms,
                     int default_moves_to_go) {
  TimeBudget budget;
  if (limits.infinite) return budget;
  const std::int64_t overhead = std::max(0, move_overhead_ms);

  if (limits.time_ms[player]) {
    const std::int64_t clock = std::max<std::int64_t>(0, *limits.time_ms[player]);
    const std::int64_t left = std::max<std::int64_t>(0, clock - overhead);
    const std::int64_t increment =
        std::max<std::int64_t>(0, limits.increment_ms[player].value_or(0));
    const std::int64_t moves_to_go =
        limits.moves_to_go ? std::clamp<std::int64_t>(*limits.moves_to_go, 1, kMaxPlannedMovesToGo)
                           : std::clamp<std::int64_t>(default_moves_to_go, 1, kMaxPlannedMovesToGo);
    // The time of the moves to go, with their increments, less the overhead
    // every one of them will cost: a player that lives on its increment
    // keeps a reserve instead of running its clock down to the overhead.
    const std::int64_t pool = std::max<std::int64_t>(
        0, clock + increment * (moves_to_go - 1) - overhead * (2 + moves_to_go));
    // A short clock without increment has no pool left: it still spends a
    // small share of what is left rather than answer at depth 1 for ever.
    // No single move may use more than half of what is left.
    const std::int64_t soft =
        std::min(std::max(pool / moves_to_go, left / (2 * moves_to_go)), left / 2);
    const std::int64_t hard = std::min(left * 3 / 4, soft * 4);
    budget.soft_ms = soft;
    budget.hard_ms = std::max(soft, hard);
  }
  if (limits.move_time_ms) {
    // A movetime is the time the search is given: it uses it all but the
    // small reserve it needs to answer in time.
    const std::int64_t given = std::max<std::int64_t>(0, *limits.move_time_ms);
    const std::int64_t reserve =
        std::min(overhead, kMoveTimeReserveMs + given / kMoveTimeReserveShare);
    const std::int64_t move_time = given - reserve;
    budget.soft_ms = budget.soft_ms ? std::min(*budget.soft_ms, move_time) : move_time;
    budget.hard_ms = budget.hard_ms ? std::min(*budget.hard_ms, move_time) : move_time;
  }
  return budget;
}

}  // namespace tiaoqi::search
