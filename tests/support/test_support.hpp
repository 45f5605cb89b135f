#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"

namespace tiaoqi::testing {

// Parses a position string and fails the test on error.
GameSetup setup_of(const std::string& position_text, const RuleOptions& options = {});
GameSetup start_of(const RuleOptions& options = {});

// The rules of the small board (BoardSize 2) with `players` players.
RuleOptions small_board(int players = 2);

// Plays a move given as text and fails the test when the game refuses it.
void play(Game& game, const std::string& move);

// A position with the given pieces (army letter, hole name; upper case for a
// dragon), the standard seating of the options and the given player to move
// (1-based).
GameSetup build(const RuleOptions& options, const std::vector<std::pair<char, std::string>>& pieces,
                int player_to_move = 1, int move_count = 0);

// Legal moves as sorted start-end strings ("i9k9").
std::vector<std::string> legal_moves(const Position& position);
// The destinations of the piece on one hole, as sorted hole names.
std::vector<std::string> destinations_of(const Position& position, const std::string& hole);

// An independent, deliberately naive reading of docs/rules.md, "Moves": cube
// coordinates and a recursive chain search, sharing no tables with the
// engine. Returns (start, end) hole pairs.
std::set<std::pair<int, int>> reference_moves(const Position& position);

// Plays `plies` random legal moves (fewer if the game ends) from a seed.
Position random_playout(const Position& start, unsigned seed, int plies);

}  // namespace tiaoqi::testing
