#pragma once

#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search::solitaire {

// When the solver should stop under a search's limits: on stop, at the node
// limit, past the soft time limit (it keeps its best crossing), or, under a
// `depth` limit alone, after that many million nodes. The solitaire's own
// search (play.hpp) and the race solver (search/race.hpp) both stop so.
StopPoll solver_stop_poll(const Position& root, const SearchLimits& limits, SearchControl& control);

}  // namespace tiaoqi::search::solitaire
