#pragma once

#include <array>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi::search::mcts {

// What the game so far says of how each player moves: for each of its
// moves, how many of its legal moves would have made more progress (a
// move ties with every move of the same gain, so a player choosing among
// equal gains is not held to the tree's order of holes).
struct RacerTally {
  // Moves with that many better moves; the last bin holds all the rest.
  static constexpr int kBins = 64;
  std::array<int, kMaxPlayers> moves{};
  std::array<std::array<int, kBins>, kMaxPlayers> better{};
};

// The last `window` rounds of the game (`window` moves of each player at
// most), from the end back: `history[i]` is the position before
// `moves[i]` (Game's history and moves). A window keeps the reading to how
// a player moves now, and its cost within a fraction of a millisecond
// late in a long game.
RacerTally tally_racers(const std::vector<Position>& history, const std::vector<Move>& moves,
                        int window);

// The rounds tally_racers reads.
inline constexpr int kRacerWindow = 24;

// A player's moves the tally must hold before its width is read from
// them: in the opening every search runs forward.
inline constexpr int kRacerEvidence = 8;

// Per seat, how many of its moves of most progress the tree searches at
// its nodes (Config::opponent_moves; 0 for all). With `share` 0, `width`
// for everyone. Otherwise each player's own: the fewest moves of most
// progress among which it played at least `share` of its moves so far,
// and `width` while it has played fewer than kRacerEvidence. A racer's
// replies are read narrowly, a player that strays from the race widely.
std::array<int, kMaxPlayers> opponent_widths(const RacerTally& tally, int width, double share);

}  // namespace tiaoqi::search::mcts
