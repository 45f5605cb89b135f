#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "engine/search/limits.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::protocol {

struct GoCommand {
  search::SearchLimits limits;
  // `go perft <depth>` counts instead of searching.
  std::optional<int> perft_depth;
  // `go choose <player>` (dragons): pick that player's dragon (0-based).
  std::optional<int> choose_player;
};

// Parses the tokens after `go`. `searchmoves` are checked against the
// legal moves of `position`.
Expected<GoCommand> parse_go(const std::vector<std::string_view>& tokens, const Position& position,
                             int max_perft_depth);

}  // namespace tiaoqi::protocol
