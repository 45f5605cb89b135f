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
  // What bench's signature counts for the search: its nodes, and for
  // MCTS, whose nodes are its iterations, also every ply its simulations
  // played and every node of its tree, so that a change in how it
  // chooses, expands or plays out changes the count. 0: `nodes`.
  std::uint64_t work = 0;
};

}  // namespace tiaoqi::search
