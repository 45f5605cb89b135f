#pragma once

#include <array>
#include <string_view>

#include "engine/position.hpp"

namespace tiaoqi {

// The static evaluation: how far each player still has to go.
//
// Each player has a cost, a weighted sum of features of its armies that
// grow with the work left; the score for a player is the best opponent's
// cost minus its own, in centi-steps (100 = one step of progress), plus a
// tempo bonus for the player to move. The features are public so that the
// tuning tool (bench/tune) fits the weights on the same numbers the search
// reads.
enum EvalFeature : int {
  // Steps still to go, summed over the pieces: each piece's distance to its
  // target tip, less the smallest sum the pieces can have in the target.
  kDistance,
  // Rows by which an army's slowest piece trails its army's mean, beyond
  // kStragglerSlack: a straggler costs moves at the end of a race.
  kStraggler,
  // Distance of the army's slowest piece to its target tip.
  kLastPiece,
  // Pieces not yet in their target.
  kOutsideTarget,
  // Pieces still in their home.
  kInHome,
  // Single jumps that bring a piece nearer its target tip and could be made
  // now (pivot occupied, landing empty): the ladders an army has built.
  kForwardJumps,
  kFeatureCount,
};

std::string_view feature_name(EvalFeature feature);

// Centi-steps per unit of each feature, and for having the move.
struct EvalWeights {
  std::array<int, kFeatureCount> feature{};
  int tempo = 0;
};

// Tuned by bench/tune on self-play games (docs/search.md, "Evaluation and time").
inline constexpr EvalWeights kEvalWeights = {{100, -67, 216, 18, -31, -68}, 130};

inline constexpr int kCentiStep = 100;
// A piece may trail its army's mean distance by this many rows for free.
inline constexpr int kStragglerSlack = 2;

using FeatureValues = std::array<int, kFeatureCount>;

struct PlayerTerms {
  bool active = false;
  FeatureValues features{};
  // Weighted sum of the features, in centi-steps.
  int cost = 0;
};

struct EvalTerms {
  int players = 0;
  int viewer = 0;
  std::array<PlayerTerms, kMaxPlayers> player{};
  // The best opponent (lowest cost), or -1 when the viewer plays alone.
  int opponent = -1;
  // From the viewer's side, in centi-steps.
  int score = 0;
};

// The features of one player's armies (summed over its armies);
// kForwardJumps stays 0 unless `with_jumps`.
FeatureValues player_features(const Position& position, int player, bool with_jumps = true);

// The forward jumps open to an army now (feature kForwardJumps): all pieces
// at once on the class grids where the machine has the vector lanes
// (lane_jumps.hpp), else piece by piece as forward_jumps_scalar does.
int forward_jumps(const Position& position, int army);
int forward_jumps_scalar(const Position& position, int army);

EvalTerms evaluate_terms(const Position& position, int viewer,
                         const EvalWeights& weights = kEvalWeights);
int evaluate(const Position& position, int viewer);
// From the side to move's view.
inline int evaluate(const Position& position) {
  return evaluate(position, position.side_to_move());
}

}  // namespace tiaoqi
