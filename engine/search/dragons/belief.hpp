#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/game.hpp"
#include "engine/position.hpp"
#include "engine/search/params.hpp"

namespace tiaoqi::search::dragons {

// How strongly one observed move shifts the belief (likelihood ratios of a
// piece being the dragon given what its owner did). Plain values, so that
// measurements can try others (tiaoqi-dragons-match --fit): over games of
// the dragons search, the top guess was right 0.545 of the time with
// these, 0.536 without escapes, 0.30 without either; a weight for steps
// towards another home (0.95 to 1.1) or for pieces gathering around the
// dragon (0.9 to 1.3) did no better, so they are left out.
struct BeliefWeights {
  // A piece its owner moved out of a capture's reach (it was capturable
  // before the move and is not after it).
  double escape = 1.5;
  // A piece its owner leaves where another player can capture it.
  double exposed = 0.2;
};

// What the viewer believes about every player's dragon: for each player a
// probability per hole (the holes of its pieces at the last position), or
// the known hole. Built only from the viewer's own view of the game: its
// own dragon, the dragons the marks revealed, the moves everybody made.
class Belief {
 public:
  // Weights per hole for `player`; zero off its pieces.
  double probability(int player, Hole hole) const { return probability_[player][hole]; }
  // The player's dragon is known (its own, revealed, or the one piece that
  // can still be it).
  bool known(int player) const { return known_[player] != kNoHole; }
  Hole known_hole(int player) const { return known_[player]; }
  // The player has lost its dragon (or is out of the game): nothing to draw.
  bool out(int player) const { return out_[player]; }
  // The hole with the highest probability (the lowest hole among equals);
  // kNoHole for a player who is out.
  Hole top(int player) const;

  // Draws one world: the dragon of every player still in, the known ones
  // where they are and the others by the probabilities; `unit` gives a
  // number uniform in [0, 1) for each player drawn, in turn.
  template <class Unit>
  void draw(Position& world, Unit&& unit) const {
    for (int p = 0; p < player_count_; ++p) {
      if (out_[p]) continue;
      world.set_dragon(known_[p] != kNoHole ? known_[p] : sample(p, unit()), true);
    }
  }
  Hole sample(int player, double unit) const;

  // `info string` text: "belief", then for each opponent of `viewer` still in
  // the game "p<N>" and its three most likely holes with probabilities.
  std::string describe(const Position& position, int viewer) const;

 private:
  friend Belief infer_belief(const Game& game, DragonBelief model, const BeliefWeights& weights);
  int player_count_ = 0;
  std::array<std::array<double, kMaxHoles>, kMaxPlayers> probability_{};
  std::array<Hole, kMaxPlayers> known_{};
  std::array<bool, kMaxPlayers> out_{};
  // Cumulative probabilities over `holes_`, for drawing.
  std::array<std::array<Hole, kMaxHoles>, kMaxPlayers> holes_{};
  std::array<std::array<double, kMaxHoles>, kMaxPlayers> cumulative_{};
  std::array<int, kMaxPlayers> hole_count_{};
};

// The belief of the player to move at the game's last position, from the
// game as that player saw it (positions with only the dragons it knows, the
// moves with their marks). Every piece consistent with what was seen keeps
// a weight: never a captured piece, never a piece that ended a move in
// another player's home without being revealed, never one that would have
// won the game already. With DragonBelief::kBehaviour (and kSingle) the
// weights start as this engine chooses its own dragon (choice.hpp: deep
// in the home more likely) and follow how each player moved
// (BeliefWeights); with kUniform every piece left is alike.
Belief infer_belief(const Game& game, DragonBelief model, const BeliefWeights& weights = {});

}  // namespace tiaoqi::search::dragons
