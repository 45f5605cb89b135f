#pragma once

#include "engine/search/request.hpp"
#include "engine/search/solitaire/solver.hpp"

namespace tiaoqi::search::solitaire {

// The solitaire (Players 1): plays the first move of the shortest crossing
// the solver finds within the limits. Its info lines report the crossing
// as `score win N` (N moves to go, one ply each), the proven lower bound as
// the depth, and the crossing as the PV. A `depth` limit alone stops the
// solver after that many million nodes. Where the solver finds no crossing
// (a home deadline or move limit can rule every one out), plays greedy.
// The solver lives in the request's state (SearchState::kept<Solver>).
SearchResult play_crossing(const SearchRequest& request);

}  // namespace tiaoqi::search::solitaire
