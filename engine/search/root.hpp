#pragma once

#include "engine/position.hpp"
#include "engine/search/limits.hpp"

namespace tiaoqi::search {

// The root moves to search: every legal move, or the `searchmoves` among them.
void root_moves(const Position& root, const SearchLimits& limits, MoveList& moves);

// The score of the position after a move, from the mover's view: a decided
// game is a win or a loss in one ply (a shared first place is a draw),
// otherwise the static evaluation. `child` must be settled (game.hpp).
int score_after_move(const Position& child, int mover);

}  // namespace tiaoqi::search
