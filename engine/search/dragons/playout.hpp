#pragma once

#include <array>

#include "engine/position.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/search/win_shares.hpp"

namespace tiaoqi::search::dragons {

// The dragons variant's simulations, in a world where every dragon is
// known: the race evaluation's targets (the far arms, nobody's home) mean
// nothing here, so the playouts and their cut-off read the variant's own
// goals instead.
class Playout {
 public:
  explicit Playout(const Rules& rules);

  // Steps from each hole to the nearest home of a player other than
  // `player`, where its dragon wins.
  int home_distance(int player, Hole hole) const { return home_distance_[player][hole]; }

  // One playout move: with probability `epsilon` any legal move, otherwise
  // the best by a plain urge: take a dragon, bring the own dragon nearer
  // another home, the other pieces nearer the dragon, take a piece (ties
  // drawn at random).
  Move move(const Position& world, const MoveList& moves, double epsilon,
            util::Random& random) const;
  // Plays at most `plies` playout moves (passing for a player without one)
  // and scores where it stopped: final shares, or shares().
  WinShares play_out(Position& world, int plies, double epsilon, util::Random& random,
                     mcts::Trace& trace) const;
  // A world's shares: a softmax over the players still in of minus the
  // moves each still needs (its dragon's steps to another home, its other
  // pieces' steps to the dragon, at two a jump), with a dragon that the
  // player to move can take all but lost.
  WinShares shares(const Position& world) const;

 private:
  std::array<std::array<int, kMaxHoles>, kMaxPlayers> home_distance_{};
};

}  // namespace tiaoqi::search::dragons
