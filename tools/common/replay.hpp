#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "engine/rules.hpp"
#include "engine/util/expected.hpp"
#include "tools/common/record.hpp"

namespace tiaoqi::tools {

// The position after each line of a record, with the path that led to it.
struct ReplayFrame {
  Position position;
  std::vector<Hole> last_path;  // empty for the opening and eliminations
  int last_player = -1;         // 0-based; -1 for the opening
  // Dragons variant: the hole of the piece the last move captured, and the
  // players whose dragon everyone knows by now (a bit each).
  Hole captured = kNoHole;
  std::uint8_t revealed = 0;
};

// A record played back through the engine library. `rules` owns what every
// frame's position points at, so frames stay valid as long as this lives.
struct Replay {
  std::shared_ptr<const Rules> rules;
  std::vector<ReplayFrame> frames;
};

// Replays a game: every move must be legal (every hop of its path), every
// elimination must hit the player to move, and a finished game's result tag
// must be the places the rules give. A game of the dragons variant needs
// its Dragons tag, and every move's marks must be the ones those dragons
// give; its frames' positions know every dragon.
Expected<Replay> replay_record(const GameRecord& record);

// The holes of a path written together ("k3k5i7g7") or with dashes.
std::vector<Hole> split_path(const Geometry& geometry, std::string_view text);

}  // namespace tiaoqi::tools
