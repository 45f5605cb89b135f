#include "tools/match/move_times.hpp"

#include <algorithm>
#include <limits>

namespace tiaoqi::match {
namespace {

// Sums stop at the largest number rather than wrap: summaries read from
// files may hold any figures.
long long saturated_sum(long long a, long long b) {
  constexpr long long kMax = std::numeric_limits<long long>::max();
  return a > kMax - b ? kMax : a + b;
}

}  // namespace

void MoveTimes::add_move(long long millis, long long movetime_ms) {
  moves = saturated_sum(moves, 1);
  total_ms = saturated_sum(total_ms, millis);
  max_ms = std::max(max_ms, millis);
  if (movetime_ms > 0 && millis > movetime_ms) over_movetime = saturated_sum(over_movetime, 1);
}

MoveTimes& MoveTimes::operator+=(const MoveTimes& other) {
  moves = saturated_sum(moves, other.moves);
  total_ms = saturated_sum(total_ms, other.total_ms);
  max_ms = std::max(max_ms, other.max_ms);
  over_movetime = saturated_sum(over_movetime, other.over_movetime);
  return *this;
}

std::vector<MoveTimes> player_move_times(const tools::GameRecord& record,
                                         const std::vector<long long>& movetimes_ms) {
  std::vector<MoveTimes> times(movetimes_ms.size());
  for (const auto& event : record.events) {
    const auto player = static_cast<std::size_t>(event.player - 1);
    if (event.kind != tools::RecordEvent::Kind::kMove || event.is_book() || player >= times.size())
      continue;
    times[player].add_move(event.millis, movetimes_ms[player]);
  }
  return times;
}

}  // namespace tiaoqi::match
