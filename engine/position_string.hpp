#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/position.hpp"
#include "engine/rules.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi {

// A position together with the rules it was set up under (a position string
// fixes the board size and the seating, the options fix everything else).
struct GameSetup {
  std::shared_ptr<const Rules> rules;
  Position position;
};

// The start position of a set of options.
Expected<GameSetup> start_setup(const RuleOptions& options);

// Parses a position string (docs/protocol.md, "Position strings"). Every
// malformed or impossible field is refused with a message naming the field.
Expected<GameSetup> parse_position_string(std::string_view text, const RuleOptions& options);

std::string position_string(const Position& position);

}  // namespace tiaoqi
