#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/rules.hpp"

namespace tiaoqi::search {

// One root move as MCTS leaves it: its simulations and each seat's mean
// share of the win through it (what self-play data records).
struct RootMove {
  Move move;
  std::uint64_t visits = 0;
  std::array<double, kMaxPlayers> shares{};
};

// What a search answers.
struct SearchResult {
  Move best;
  // The reply expected after `best`, in the position after it.
  Move ponder;
  int score = 0;
  std::uint64_t nodes = 0;
  // What bench's signature counts for the search: its nodes, and for
  // MCTS, whose nodes are its iterations, also every ply its simulations
  // played and every node of its tree, so that a change in how it
  // chooses, expands or plays out changes the count. 0: `nodes`.
  std::uint64_t work = 0;
  // MCTS, when SearchParams::want_root_moves asks: every root move it
  // could play, most visited first; empty otherwise, for the other
  // searches and for a move found without a tree (an immediate win).
  std::vector<RootMove> root_moves;
};

}  // namespace tiaoqi::search
