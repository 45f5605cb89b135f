#pragma once

#include <string>
#include <vector>

#include "engine/facade/engine.hpp"

namespace tiaoqi::protocol {

// The star as text, one line per rank from the top: '.' an empty hole, an
// army letter a piece (upper case a known dragon), the rank number on the
// left and, on the right, the rank's files or with `hole_numbers` its
// holes' numbers (CCP's cells, "118-119").
std::vector<std::string> board_picture(const Position& position, bool hole_numbers = false);

// How a dialect writes what `d` prints: ours by default; CCP's numbers
// players from 0, holes by their numbers and the position as cells.
struct BoardStyle {
  int first_player = 1;
  bool hole_numbers = false;
  // The position as the dialect's `position` command takes it; null:
  // the position string.
  std::string (*position_text)(const Position& position) = nullptr;
};

// Everything `d` prints: the picture, the position, the player to move,
// the seating, the game state and the options in force.
std::vector<std::string> describe(const facade::Engine& engine, const BoardStyle& style = {});

}  // namespace tiaoqi::protocol
