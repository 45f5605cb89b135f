#pragma once

#include "engine/board.hpp"

namespace tiaoqi {

// perft's bulk count for short jumps without the swap rule (the default
// rules): how many moves the side to move has. Steps are counted direction
// by direction on the class grids; jumps through the components of empty
// nodes (jump_grid.hpp), each counting its stops once per piece that can
// jump into it. Pieces held in their target by GoalLock are counted one by
// one.
int count_short_jump_moves(const Board& board);

// The same, one class at a time on 64-bit words: what every machine runs
// when the vector count is not built, and the reference it is tested
// against.
int count_short_jump_moves_scalar(const Board& board);

// True when count_short_jump_moves runs the four classes side by side in
// one vector register (AVX-512 with 64-bit population counts).
bool vector_count_built();

}  // namespace tiaoqi
