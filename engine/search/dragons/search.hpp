#pragma once

#include <cstdint>
#include <vector>

#include "engine/search/request.hpp"

namespace tiaoqi::search::dragons {

// The dragons variant's search: information-set MCTS (mcts/search.hpp)
// whose every iteration plays in a world drawn from the belief of the
// player to move (belief.hpp), so that it weighs its moves over the places
// the hidden dragons may be, the likelier ones more often. `game` is the
// game as that player saw it, ending at `root`; without it (or when it
// ends elsewhere) the belief starts at the root. Before the search's own
// lines, `info string belief ...` reports the belief (Belief::describe).
// DragonBelief in `params` picks the belief: behaviour, uniform, or a
// single world drawn once and taken for the truth.
SearchResult dragons_search(const SearchRequest& request);

}  // namespace tiaoqi::search::dragons
