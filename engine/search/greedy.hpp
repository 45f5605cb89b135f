#pragma once

#include "engine/search/request.hpp"

namespace tiaoqi::search {

// One ply: plays every root move, scores the result with the static
// evaluation and keeps the best. Equal scores are ordered by a hash of the
// seed, the position and the move, so that the engine does not shuffle a
// piece back and forth, yet plays the same move again for the same seed.
SearchResult greedy_search(const SearchRequest& request);

// The greedy choice without limits or output (the expected reply).
Move greedy_reply(const Position& position, std::int64_t seed);

}  // namespace tiaoqi::search
