#pragma once

#include <cstdint>
#include <vector>

#include "engine/search/search.hpp"
#include "engine/search/tt.hpp"

namespace tiaoqi::search {

// Alpha-beta on `params.threads` threads sharing one transposition table:
// the main thread runs the iterative deepening that is reported and timed;
// helpers search the same root at the same depths, and all threads share
// which moves they are in (MovesInProgress), so that a thread puts off a
// move another one is searching and takes the next instead. Without that
// exchange (plain lazy SMP) two threads here searched the same subtrees
// side by side and reached a depth no sooner than one.
SearchResult alphabeta_search(const Position& root, const SearchParams& params,
                              const SearchLimits& limits, SearchControl& control,
                              const InfoSink& info, TranspositionTable& table,
                              const std::vector<std::uint64_t>& game_history);

}  // namespace tiaoqi::search
