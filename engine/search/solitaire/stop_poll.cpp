#include "engine/search/solitaire/stop_poll.hpp"

#include <cstdint>

namespace tiaoqi::search::solitaire {
namespace {

constexpr std::uint64_t kNodesPerDepth = 1'000'000;

}  // namespace

StopPoll solver_stop_poll(const SearchLimits& limits, const SearchPlan& plan,
                          SearchControl& control) {
  // The plan holds what ends the search besides `depth`: its node limit
  // (the go's or a level's) and its time budget.
  const bool depth_only = limits.depth && !limits.infinite && !plan.nodes && !plan.budget.soft_ms &&
                          !plan.budget.hard_ms;
  const std::uint64_t depth_budget =
      depth_only ? static_cast<std::uint64_t>(*limits.depth) * kNodesPerDepth : 0;
  return [&control, depth_budget](std::uint64_t nodes) {
    return control.should_stop(nodes) || control.soft_time_up() ||
           (depth_budget && nodes >= depth_budget);
  };
}

}  // namespace tiaoqi::search::solitaire
