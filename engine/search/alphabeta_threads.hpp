#pragma once

#include <cstdint>
#include <vector>

#include "engine/search/request.hpp"

namespace tiaoqi::search {

// Alpha-beta on `params.threads` threads sharing one transposition table:
// the main thread runs the iterative deepening that is reported and timed;
// helpers search the same root at the same depths, and all threads share
// which moves they are in (MovesInProgress), so that a thread puts off a
// move another one is searching and takes the next instead. Without that
// exchange (plain lazy SMP) two threads here searched the same subtrees
// side by side and reached a depth no sooner than one.
// Plain alpha-beta with two players, paranoid with more: the player to
// move against all the others. With `best_reply`, best-reply search
// (brs.hpp). The request's state lends its transposition table.
SearchResult alphabeta_search(const SearchRequest& request, bool best_reply);
SearchResult alphabeta_search(const SearchRequest& request);
// Best-reply search: the alpha-beta with the nodes of brs.hpp.
SearchResult best_reply_search(const SearchRequest& request);

}  // namespace tiaoqi::search
