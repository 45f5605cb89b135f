#pragma once

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi {

// Every legal move of the side to move: distinct (start, end) pairs of steps
// and jump chains under the position's rules. Empty when the game is over.
void generate_moves(const Position& position, MoveList& moves);
// The same moves grouped by piece (pieces without a move left out).
void generate_moves(const Position& position, PieceMoveList& pieces);

// The number of legal moves, without listing them (perft's bulk counting).
int count_moves(const Position& position);

bool has_legal_move(const Position& position);

// The holes where a jump from `hole` lands, for the piece that started the
// chain at `start` (which counts as empty), ignoring where a chain may stop.
// Used to check and display paths; the generator has its own fast loops.
Bitboard single_jump_landings(const Position& position, Hole start, Hole hole);

}  // namespace tiaoqi
