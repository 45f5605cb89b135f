#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi {

// The deepest perft the protocol and the Python module accept.
inline constexpr int kMaxPerftDepth = 64;

// Counts the leaf move sequences `depth` moves deep. A finished game has no
// moves below it; a player with no legal move is handled as the rules say
// (eliminated in a game of three or more, which is not a move).
std::uint64_t perft(const Position& position, int depth);

// perft of each root move at depth - 1, in move generation order. The
// position these moves belong to is `root_after_eliminations`. With
// `threads` > 1 the work is shared out in pieces a ply or two below the
// root; the counts are the same.
struct PerftDivide {
  Position root_after_eliminations;
  std::vector<std::pair<Move, std::uint64_t>> counts;
  std::uint64_t total = 0;
  // The stop flag was seen: the counts are incomplete.
  bool stopped = false;
};

// With a stop flag, it is read at every node more than kDividePollDepth
// plies from the leaves (a few milliseconds' reaction); below that the
// plain perft runs unchecked.
inline constexpr int kDividePollDepth = 3;
PerftDivide perft_divide(const Position& position, int depth,
                         const std::atomic<bool>* stop = nullptr, int threads = 1);

}  // namespace tiaoqi
