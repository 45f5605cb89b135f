#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/move.hpp"
#include "engine/rules.hpp"

namespace tiaoqi::search {

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

enum class SearchAlgorithm : std::uint8_t {
  kAuto,
  kAlphaBeta,
  kParanoid,
  kBrs,
  kMaxN,
  kMcts,
  kGreedy,
  kRandom,
  // Not an option value: what the others stand for in the solitaire.
  kSolitaire,
};

// What a dragons search believes of the hidden dragons (option
// DragonBelief): weights that follow how each player moved, every piece
// that may be the dragon alike, or one world drawn at the start of the
// search and taken for the truth.
enum class DragonBelief : std::uint8_t { kBehaviour, kUniform, kSingle };

// The engine options a search reads, snapshotted at `go`.
struct SearchParams {
  SearchAlgorithm algorithm = SearchAlgorithm::kAuto;
  int multipv = 1;
  int threads = 1;
  int hash_mib = 64;
  std::int64_t seed = 0;
  DragonBelief dragon_belief = DragonBelief::kBehaviour;
  // Also find the reply the engine expects (for `bestmove ... ponder`).
  bool want_ponder = false;
};

}  // namespace tiaoqi::search
