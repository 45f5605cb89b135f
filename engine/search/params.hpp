#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace tiaoqi::search {

namespace net {
class Model;
}

// What a dragons search believes of the hidden dragons (option
// DragonBelief): weights that follow how each player moved, every piece
// that may be the dragon alike, or one world drawn at the start of the
// search and taken for the truth.
enum class DragonBelief : std::uint8_t { kBehaviour, kUniform, kSingle };

// How many parameters the options can set (config.hpp, tunable_specs()).
inline constexpr std::size_t kTunableCount = 22;
// The values the options set, one a parameter in the table's order;
// nullopt (`auto`): what the search plays at the table size.
using Tunables = std::array<std::optional<double>, kTunableCount>;

// The engine options a search reads, snapshotted at `go`.
struct SearchParams {
  // The search asked for, by its name in the table of searches
  // (registry.hpp); what it plays on a given game is that table's answer.
  std::string_view search = "auto";
  int multipv = 1;
  int threads = 1;
  int hash_mib = 64;
  std::int64_t seed = 0;
  DragonBelief dragon_belief = DragonBelief::kBehaviour;
  // Also find the reply the engine expects (for `bestmove ... ponder`).
  bool want_ponder = false;
  // MCTS also lists every root move with its visits and values
  // (SearchResult::root_moves): self-play data wants them, a game does not.
  bool want_root_moves = false;
  // The search's parameters (config.hpp), as the options set them.
  Tunables tunables{};
  // The learned model MCTS reads (EvalFile): the embedded one unless a
  // file was given; a search uses it where MctsPrior or MctsNetValue asks.
  std::shared_ptr<const net::Model> model;
};

}  // namespace tiaoqi::search
