#pragma once

#include "engine/board.hpp"
#include "engine/move.hpp"

namespace tiaoqi {

// Every legal move of the side to move: distinct (start, end) pairs of steps
// and jump chains under the board's rules. Empty when the game is over.
void generate_moves(const Board& board, MoveList& moves);
// The same moves grouped by piece (pieces without a move left out).
void generate_moves(const Board& board, PieceMoveList& pieces);

// The number of legal moves, without listing them (perft's bulk counting).
int count_moves(const Board& board);

bool has_legal_move(const Board& board);

// The holes where a jump from `hole` lands, for the piece that started the
// chain at `start` (which counts as empty), ignoring where a chain may stop.
// Used to check and display paths; the generator has its own fast loops.
Bitboard single_jump_landings(const Board& board, Hole start, Hole hole);

}  // namespace tiaoqi
