#pragma once

// The node count every search of the solitaire solver adds to, and the
// search for the fastest finish (search/finish.hpp) too: the positions
// generated, the stop polls between them and a limit.

#include <cstdint>
#include <functional>

namespace tiaoqi::search::solitaire {

inline constexpr std::uint64_t kPollInterval = 4096;

// Asked every kPollInterval nodes (the nodes so far) whether the search
// must stop; the solver's caller gives it (Solver::solve).
using StopPoll = std::function<bool(std::uint64_t nodes)>;

// The nodes of one solve and its stop polls.
class Effort {
 public:
  explicit Effort(const StopPoll& poll) : poll_(poll) {}

  // Counts nodes; true when the search must stop (asked to, or past the limit).
  bool count(std::uint64_t nodes) {
    nodes_ += nodes;
    if (nodes_ >= next_poll_) {
      next_poll_ = nodes_ + kPollInterval;
      if (polled_ && !stopped_ && poll_) stopped_ = poll_(nodes_);
    }
    return stopped_ || nodes_ >= limit_;
  }
  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }
  void set_polled(bool polled) { polled_ = polled; }
  // A slice of work ends at this many nodes.
  void set_limit(std::uint64_t limit) { limit_ = limit; }
  bool past_limit() const { return nodes_ >= limit_; }

 private:
  const StopPoll& poll_;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_poll_ = kPollInterval;
  std::uint64_t limit_ = UINT64_MAX;
  bool polled_ = false;
  bool stopped_ = false;
};

}  // namespace tiaoqi::search::solitaire
