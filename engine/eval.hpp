#pragma once

#include <array>

#include "engine/position.hpp"

namespace tiaoqi {

// The static evaluation: how far each player still has to go.
//
// A player's cost is the number of single steps its pieces still need to
// fill their targets (the distance of every piece to its target tip, minus
// the smallest such sum the pieces can have), plus a penalty for a piece
// that lags behind the rest of its army. The score for a player is the best
// opponent's cost minus its own, in centi-steps: 100 = one step of progress.
struct PlayerTerms {
  bool active = false;
  // Steps still to go, summed over the player's pieces.
  int distance = 0;
  // Rows by which the slowest piece of each army trails its army's mean.
  int straggler = 0;
  int cost() const { return distance + straggler; }
};

struct EvalTerms {
  int players = 0;
  int viewer = 0;
  std::array<PlayerTerms, kMaxPlayers> player{};
  // From the viewer's side, in centi-steps.
  int score = 0;
};

inline constexpr int kCentiStep = 100;
// A piece may trail its army's mean distance by this many rows for free.
inline constexpr int kStragglerSlack = 2;

EvalTerms evaluate_terms(const Position& position, int viewer);
int evaluate(const Position& position, int viewer);
// From the side to move's view.
inline int evaluate(const Position& position) {
  return evaluate(position, position.side_to_move());
}

}  // namespace tiaoqi
