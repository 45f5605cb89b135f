#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/move.hpp"
#include "engine/rules.hpp"

namespace tiaoqi::search {

// The ranges of the limits a `go` may ask for: the protocol, the Python
// module and the match runner refuse anything beyond them.
inline constexpr std::int64_t kMaxClockMs = 1'000'000'000'000;  // about 31 years
inline constexpr std::int64_t kMaxMovesToGo = 100'000;
inline constexpr std::int64_t kMaxDepth = 255;
inline constexpr std::int64_t kMaxNodes = 1'000'000'000'000'000'000;

// The limits of one `go`, snapshotted as plain values when it arrives.
struct SearchLimits {
  // Milliseconds left and increment per move, per player.
  std::array<std::optional<std::int64_t>, kMaxPlayers> time_ms{};
  std::array<std::optional<std::int64_t>, kMaxPlayers> increment_ms{};
  std::optional<int> moves_to_go;
  std::optional<std::int64_t> move_time_ms;
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  bool infinite = false;
  bool ponder = false;
  // Only these root moves are searched; empty means all.
  std::vector<Move> search_moves;
  // When the request arrived: the clock runs from there (the time it waited
  // in the engine's input counts against the player's clock too).
  std::optional<std::chrono::steady_clock::time_point> received;

  // True when some limit ends the search by itself for this player; without
  // one the search runs until stop (docs/protocol.md, "go").
  bool ends_by_itself(int player) const {
    return time_ms[player] || move_time_ms || depth || nodes;
  }
};

}  // namespace tiaoqi::search
