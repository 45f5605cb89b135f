#pragma once

#include <string>
#include <vector>

#include "engine/facade/engine.hpp"

namespace tiaoqi::protocol {

// The star as text, one line per rank from the top: '.' an empty hole, an
// army letter a piece (upper case a known dragon), the rank number on the
// left and the rank's files on the right.
std::vector<std::string> board_picture(const Position& position);

// Everything `d` prints: the picture, the position string, the player to
// move, the seating, the game state and the options in force.
std::vector<std::string> describe(const facade::Engine& engine);

}  // namespace tiaoqi::protocol
