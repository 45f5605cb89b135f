#pragma once

#include "engine/search/control.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/plan.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search::solitaire {

// When the solver should stop under a search's plan: on stop, at the node
// limit, past the soft time limit (it keeps its best crossing), or, under a
// `depth` limit with no other limit planned, after that many million nodes. The solitaire's own
// search (play.hpp) and the race solver (search/race.hpp) both stop so.
StopPoll solver_stop_poll(const SearchLimits& limits, const SearchPlan& plan,
                          SearchControl& control);

}  // namespace tiaoqi::search::solitaire
