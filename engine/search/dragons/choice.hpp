#pragma once

#include <cstdint>

#include "engine/position.hpp"

namespace tiaoqi::search::dragons {

// The hole of `player`'s piece to make its dragon, at the start of a
// dragons game. Pieces deep in the home are favoured (they are the last an
// opponent can reach and they travel inside the group), but any piece may
// be drawn, so that an opponent cannot count on one hole; `draw` picks among
// them (the same draw gives the same hole).
Hole choose_dragon(const Position& start, int player, std::uint64_t draw);

// The weight choose_dragon() gives the piece on `hole` of `army`'s home: 1
// for the front row, up to 4 for the tip. Also the belief's prior of where
// a player hides its dragon.
int choice_weight(const Rules& rules, int army, Hole hole);

}  // namespace tiaoqi::search::dragons
