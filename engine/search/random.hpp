#pragma once

#include "engine/search/request.hpp"

namespace tiaoqi::search {

// A uniformly random root move, drawn from the seed, the position and the
// move count: the same seed replays the same game.
SearchResult random_search(const SearchRequest& request);

}  // namespace tiaoqi::search
