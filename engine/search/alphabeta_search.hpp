#pragma once

#include <cstdint>
#include <vector>

#include "engine/search/search.hpp"
#include "engine/search/tt.hpp"

namespace tiaoqi {

// Two-player alpha-beta on `params.threads` threads sharing one
// transposition table (lazy SMP): the main thread runs the iterative
// deepening that is reported and timed; helpers search the same root,
// odd-numbered ones one ply deeper, and fill the table for it.
SearchResult alphabeta_search(const Position& root, const SearchParams& params,
                              const SearchLimits& limits, SearchControl& control,
                              const InfoSink& info, search::TranspositionTable& table,
                              const std::vector<std::uint64_t>& game_history);

}  // namespace tiaoqi
