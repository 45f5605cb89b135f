#pragma once

#include <cstdint>
#include <vector>

#include "engine/game.hpp"
#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/info.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/params.hpp"
#include "engine/search/plan.hpp"
#include "engine/search/result.hpp"
#include "engine/search/search_state.hpp"

namespace tiaoqi::search {

// Everything one search is given: every search's entry takes this and
// nothing else. The referenced values outlive the search.
struct SearchRequest {
  const Position& root;
  const SearchParams& params;
  const SearchLimits& limits;
  // The search played and its resolved parameters (plan_search).
  const SearchPlan& plan;
  SearchControl& control;
  const InfoSink& info;
  // What the searches keep from move to move (the table, a tree, ...).
  SearchState& state;
  // The hashes of the game's positions before the root, oldest first, for
  // repetitions and for following a kept tree along the game.
  const std::vector<std::uint64_t>& game_history;
  // The game that led to the root as the player to move saw it, when the
  // caller has it (the dragons search reads its belief from it).
  const Game* game = nullptr;

  // The same request under another control (an answer at once, say).
  SearchRequest with_control(SearchControl& other) const {
    return {root, params, limits, plan, other, info, state, game_history, game};
  }
};

}  // namespace tiaoqi::search
