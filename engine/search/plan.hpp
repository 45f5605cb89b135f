#pragma once

#include <cstdint>
#include <optional>

#include "engine/search/config.hpp"
#include "engine/search/timeman.hpp"

namespace tiaoqi::search {

struct SearchKind;

// One search, planned once before it starts (plan_search, registry.hpp):
// the search played, its parameters resolved for the table size, the time
// budget and the node limit. The control starts from the budget and the
// limit, and the searches read the rest here instead of working it out
// again.
struct SearchPlan {
  // What the Search option plays at this table (never auto).
  const SearchKind* played = nullptr;
  // The race solver answers a pure race before the search played.
  bool races_first = false;
  SearchConfig config;
  TimeBudget budget;
  // The go's node limit, or a strength level's when that is lower.
  std::optional<std::uint64_t> nodes;
};

}  // namespace tiaoqi::search
