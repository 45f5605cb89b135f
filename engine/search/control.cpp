#include "engine/search/control.hpp"

#include <algorithm>

namespace tiaoqi::search {
namespace {

std::int64_t to_ms(SearchControl::Clock::rep ticks) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             SearchControl::Clock::duration(ticks))
      .count();
}

}  // namespace

void SearchControl::start(const TimeBudget& budget, std::optional<std::uint64_t> node_limit,
                          bool pondering, std::optional<Clock::time_point> started) {
  const auto now =
      std::min(started.value_or(Clock::now()), Clock::now()).time_since_epoch().count();
  search_start_.store(now);
  clock_start_.store(now);
  budget_ = budget;
  node_limit_ = node_limit;
  pondering_.store(pondering);
  stop_.store(false);
}

void SearchControl::ponderhit() {
  clock_start_.store(Clock::now().time_since_epoch().count());
  pondering_.store(false);
}

std::int64_t SearchControl::elapsed_ms() const {
  return to_ms(Clock::now().time_since_epoch().count() - search_start_.load());
}

std::int64_t SearchControl::since_clock_start_ms() const {
  return to_ms(Clock::now().time_since_epoch().count() - clock_start_.load());
}

bool SearchControl::should_stop(std::uint64_t nodes) const {
  if (stopped()) return true;
  if (node_limit_ && nodes >= *node_limit_) return true;
  if (pondering() || !budget_.hard_ms) return false;
  return since_clock_start_ms() >= *budget_.hard_ms;
}

bool SearchControl::emergency() const {
  if (pondering() || !budget_.hard_ms) return false;
  return *budget_.hard_ms - since_clock_start_ms() < kEmergencyMs;
}

bool SearchControl::soft_time_up() const {
  if (pondering() || !budget_.soft_ms) return false;
  return since_clock_start_ms() >= *budget_.soft_ms;
}

bool SearchControl::soft_time_share_up(int percent) const {
  if (pondering() || !budget_.soft_ms) return false;
  return since_clock_start_ms() * 100 >= *budget_.soft_ms * percent;
}

}  // namespace tiaoqi::search
