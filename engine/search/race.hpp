#pragma once

#include <memory>
#include <optional>

#include "engine/position.hpp"
#include "engine/rules.hpp"
#include "engine/search/control.hpp"
#include "engine/search/info.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/plan.hpp"
#include "engine/search/result.hpp"
#include "engine/search/solitaire/solver.hpp"

namespace tiaoqi::search {

// The army of the side to move when the position is a pure race: two
// players with one army each, in opposite arms, and every piece of each
// army ahead of every piece of the other along their common axis, so that
// neither can use or hinder the other any more. nullopt otherwise.
std::optional<int> race_army(const Position& position);

// Plays races by the solitaire's solver: in a pure race each side's best
// play is its own fastest crossing, which the alpha-beta's horizon and
// distance evaluation only approximate (it wastes tempi over the last
// moves). Owned by the search state; keeps the single-army rules and the
// solver (and with it its plan) from move to move.
class RaceSolver {
 public:
  // The solver's memory: races come late, with little left to search.
  static constexpr std::size_t kSolverMib = 8;

  // The first move of the fastest crossing the solver finds for the side
  // to move, when the root is a pure race and the crossing fits within the
  // move limit; nullopt (nothing printed) when the alpha-beta should play.
  std::optional<SearchResult> search(const Position& root, const SearchLimits& limits,
                                     const SearchPlan& search_plan, SearchControl& control,
                                     const InfoSink& info);
  void clear();

 private:
  const Rules* rules_for(const Position& root, int army);

  std::unique_ptr<Rules> rules_;
  std::unique_ptr<solitaire::Solver> solver_;
};

}  // namespace tiaoqi::search
