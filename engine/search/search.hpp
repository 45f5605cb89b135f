#pragma once

#include <functional>

#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/report.hpp"

namespace tiaoqi {

using InfoSink = std::function<void(const SearchInfo&)>;

// Searches `root` for its side to move with the algorithm of `params`.
// `auto` and the algorithms not written yet play as `greedy`.
SearchResult run_search(const Position& root, const SearchParams& params,
                        const SearchLimits& limits, SearchControl& control, const InfoSink& info);

// The root moves to search: every legal move, or the `searchmoves` among them.
void root_moves(const Position& root, const SearchLimits& limits, MoveList& moves);

// The score of the position after a move, from the mover's view: a decided
// game is a win or a loss in one ply, otherwise the static evaluation.
// `child` must be settled (game.hpp).
int score_after_move(const Position& child, int mover);

// A well-mixed 64-bit hash (SplitMix64's finaliser), for seeded choices.
std::uint64_t mix64(std::uint64_t value);

}  // namespace tiaoqi
