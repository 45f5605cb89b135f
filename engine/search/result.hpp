#pragma once

#include <cstdint>

#include "engine/move.hpp"

namespace tiaoqi::search {

// What a search answers.
struct SearchResult {
  Move best;
  // The reply expected after `best`, in the position after it.
  Move ponder;
  int score = 0;
  std::uint64_t nodes = 0;
};

}  // namespace tiaoqi::search
