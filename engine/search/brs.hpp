#pragma once

#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi::search {

// Best-reply search (Schadd and Winands, 2011) for three or more players:
// between two moves of the root player only one opponent moves, the one
// with the strongest reply. The alpha-beta searches it as paranoid, with
// these two pieces at the opponents' nodes: a node's moves are the legal
// moves of every opponent still in the game, and playing one hands the
// turn back to the root player. The positions so reached need not occur
// in a real game (the others pass); in return the root player looks twice
// as many of its own moves ahead at six players as paranoid does.
// The search itself is the alpha-beta's with these nodes
// (best_reply_search, alphabeta_threads.hpp); here are the nodes.

// Every legal move of every player but `root_player` still in the game,
// the side to move's first, then in turn order.
void generate_best_replies(const Position& position, int root_player, MoveList& replies);

// Plays an opponent's reply (its mover is the owner of the moving piece)
// and gives the turn to the root player, unless the game ended.
void play_best_reply(Position& position, Move reply, int root_player);

// Cuts a best-reply line where it leaves the turn order: after the root
// player's move and a reply by the player whose turn it really is, the
// line's next move is the root player's again, which no game can follow.
// What is left is a line a GUI can play (and the reply to ponder on).
void keep_turn_order(const Position& root, std::vector<Move>& line);

}  // namespace tiaoqi::search
