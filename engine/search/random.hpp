#pragma once

#include "engine/search/search.hpp"

namespace tiaoqi::search {

// A uniformly random root move, drawn from the seed, the position and the
// move count: the same seed replays the same game.
SearchResult random_search(const Position& root, const SearchParams& params,
                           const SearchLimits& limits, SearchControl& control,
                           const InfoSink& info);

}  // namespace tiaoqi::search
