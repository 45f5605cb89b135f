#pragma once

#include <array>

#include "engine/bitboard.hpp"
#include "engine/nnue/network.hpp"
#include "engine/position.hpp"

namespace tiaoqi::nnue {

// Whether the network can read positions of these rules: one army a
// player, ten pieces an army, the standard variant on the full board (what
// it was trained on). Elsewhere the hand-made evaluation plays.
bool applies(const Rules& rules);

// The rotation, in sixths (Geometry::rotate), that brings an army's
// target onto army a's target: the army's own frame, in which every army
// runs south to north as a does.
int frame_sixths(const Rules& rules, int army);
// An input of a perspective's army: the hole of one of its own pieces or
// of another piece, in its frame.
int input_index(const Rules& rules, int perspective_army, int piece_army, Hole hole);

// The hidden layer of every seated army's perspective, and the pieces it
// was computed for, so that it follows a position by the holes that
// changed: a move (from, to) of army a takes two columns away and adds two
// in each perspective (own inputs in a's, the others' inputs in the rest);
// a swap, or pieces leaving the board, changes just those holes.
class Accumulators {
 public:
  // Computes every perspective from scratch for `position`.
  void refresh(const Network& network, const Position& position);
  // Brings the accumulators from the position they stand for to
  // `position`, a position of the same game, reading only the armies
  // whose pieces changed: after one move or many.
  void update(const Network& network, const Position& position);

  const Accumulator& of_army(int army) const { return sums_[static_cast<std::size_t>(army)]; }
  // The learned cost of a player (its one army) as the network gives it,
  // without the tempo.
  int cost(const Network& network, const Rules& rules, int player) const;

 private:
  void apply(const Network& network, const Rules& rules, int piece_army, Bitboard removed,
             Bitboard added);

  std::array<Accumulator, kArmies> sums_{};
  std::array<Bitboard, kArmies> pieces_{};
  // Each seated army's frame_sixths(), found at refresh().
  std::array<std::uint8_t, kArmies> sixths_{};
};

}  // namespace tiaoqi::nnue
