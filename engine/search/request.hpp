#pragma once

#include "engine/game.hpp"
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
  // The game that led to the root, as the player to move saw it: the root
  // is its position, and its earlier positions count for repetitions, for
  // following a kept tree, for how the others moved (MCTS's racers) and
  // for the dragons' belief.
  const Game& game;
  const SearchParams& params;
  const SearchLimits& limits;
  // The search played and its resolved parameters (plan_search).
  const SearchPlan& plan;
  SearchControl& control;
  const InfoSink& info;
  // What the searches keep from move to move (the table, a tree, ...).
  SearchState& state;

  const Position& root() const { return game.position(); }
  // The same request under another control (an answer at once, say).
  SearchRequest with_control(SearchControl& other) const {
    return {game, params, limits, plan, other, info, state};
  }
};

}  // namespace tiaoqi::search
