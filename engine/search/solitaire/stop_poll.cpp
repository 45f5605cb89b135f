#include "engine/search/solitaire/stop_poll.hpp"

#include <cstdint>

namespace tiaoqi::search::solitaire {
namespace {

constexpr std::uint64_t kNodesPerDepth = 1'000'000;

}  // namespace

StopPoll solver_stop_poll(const Position& root, const SearchLimits& limits,
                          SearchControl& control) {
  const bool depth_only = limits.depth && !limits.nodes && !limits.move_time_ms &&
                          !limits.time_ms[root.side_to_move()] && !limits.infinite;
  const std::uint64_t depth_budget =
      depth_only ? static_cast<std::uint64_t>(*limits.depth) * kNodesPerDepth : 0;
  return [&control, depth_budget](std::uint64_t nodes) {
    return control.should_stop(nodes) || control.soft_time_up() ||
           (depth_budget && nodes >= depth_budget);
  };
}

}  // namespace tiaoqi::search::solitaire
