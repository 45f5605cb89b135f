#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "engine/search/timeman.hpp"

namespace tiaoqi::search {

// The shared state between a running search and the thread that controls
// it: the stop flag, pondering, the clock and the node limit. The search
// polls should_stop(); stop() and ponderhit() may come from any thread.
class SearchControl {
 public:
  using Clock = std::chrono::steady_clock;

  // `started`: when the clock began (the request's arrival); now if not given.
  void start(const TimeBudget& budget, std::optional<std::uint64_t> node_limit, bool pondering,
             std::optional<Clock::time_point> started = std::nullopt);

  void stop() { stop_.store(true, std::memory_order_relaxed); }
  // Also stop when this flag is set (a job that runs several searches).
  void link_stop(const std::atomic<bool>* flag) { linked_stop_ = flag; }
  // Pondering ends: the clock starts now.
  void ponderhit();
  bool stopped() const {
    return stop_.load(std::memory_order_relaxed) ||
           (linked_stop_ && linked_stop_->load(std::memory_order_relaxed));
  }
  bool pondering() const { return pondering_.load(std::memory_order_relaxed); }

  // Stop, node limit or hard deadline (the clock does not run while pondering).
  bool should_stop(std::uint64_t nodes) const;
  bool node_limit_reached(std::uint64_t nodes) const {
    return node_limit_ && nodes >= *node_limit_;
  }
  // Past the soft deadline: do not start another iteration.
  bool soft_time_up() const;
  // Past `percent` per cent of the soft deadline: for work ahead of the
  // search proper, which must leave it the rest.
  bool soft_time_share_up(int percent) const;
  // So little time is left before the hard deadline that only an answer at
  // once is safe (docs/protocol.md, "Time"): not while pondering.
  bool emergency() const;
  std::int64_t elapsed_ms() const;

 private:
  std::int64_t since_clock_start_ms() const;

  std::atomic<bool> stop_{false};
  const std::atomic<bool>* linked_stop_ = nullptr;
  std::atomic<bool> pondering_{false};
  std::atomic<Clock::rep> search_start_{0};
  std::atomic<Clock::rep> clock_start_{0};
  TimeBudget budget_;
  std::optional<std::uint64_t> node_limit_;
};

// A search with less than this left before its hard deadline answers at
// once, from one ply.
inline constexpr std::int64_t kEmergencyMs = 1;

}  // namespace tiaoqi::search
