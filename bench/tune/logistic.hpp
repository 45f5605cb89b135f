#pragma once

#include <array>
#include <span>

#include "bench/tune/dataset.hpp"
#include "engine/eval.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::tune {

// The model: each player still in the game has a score, minus its cost
// (the weighted sum of its features, evaluate_terms' cost) plus the tempo
// bonus when it is to move, in centi-steps; its chance of first place is a
// softmax of score / scale over those players (the searches' win shares,
// engine/search/win_shares.hpp). With two players this is logistic
// regression: the side to move's chance is sigmoid(evaluate() / scale).
// Fitting the weights and the scale together is multinomial logistic
// regression on the samples' columns; the distance weight stays fixed,
// since it sets the unit and the scale would otherwise absorb any common
// factor of the weights.

enum class Loss {
  // Cross-entropy of the predicted chances against the shares of first
  // place (-sum share * log chance): convex in the weights over the scale,
  // so Newton's method finds the one minimum.
  kLog,
  // Squared error of the side to move's chance against its share (Texel
  // tuning's choice).
  kSquared,
};

// Weights as real numbers, before rounding to the engine's integers.
struct RealWeights {
  std::array<double, kFeatureCount> feature{};
  double tempo = 0;
};

RealWeights real_weights(const EvalWeights& weights);
// Rounded to the nearest integers, as kEvalWeights holds them.
EvalWeights rounded_weights(const RealWeights& weights);

struct FitOptions {
  Loss loss = Loss::kLog;
  // The weights that move; every other weight, and always the distance
  // weight, stays at its starting value.
  std::array<bool, kFeatureCount> fit_feature{};
  bool fit_tempo = false;
  RealWeights start = real_weights(kEvalWeights);
  // Newton (Levenberg-Marquardt) steps at most.
  int iterations = 100;
};

struct FitResult {
  RealWeights weights;
  // Centi-steps: with two players a lead of one scale predicts
  // sigmoid(1) = 73%.
  double scale = 0;
  double loss = 0;
  int iterations = 0;
  // The last step could lower the loss by less than 1e-14.
  bool converged = false;
  // Standard errors of the fitted weights and the scale (0 for held
  // weights): a sandwich estimate that treats each group of games
  // (Sample::group) as one independent draw, since the positions of a game
  // share its result.
  RealWeights standard_error;
  double scale_standard_error = 0;
};

double sigmoid(double x);
// A contender's score under real weights, in centi-steps: minus its cost,
// plus the tempo bonus when it is to move. With two players the side to
// move's score less the other's is evaluate().
double score_of(const Contender& contender, const RealWeights& weights);
// The model's chance of first place of each of the sample's contenders.
std::array<double, kMaxPlayers> first_place_chances(const Sample& sample,
                                                    const RealWeights& weights, double scale);
double mean_loss(std::span<const Sample> samples, const RealWeights& weights, double scale,
                 Loss loss);

// Fits the free weights and the scale; an error when there are no samples
// or the fit says a lead in distance loses (no positive scale).
Expected<FitResult> fit(std::span<const Sample> samples, const FitOptions& options);

}  // namespace tiaoqi::tune
