#pragma once

#include <array>
#include <span>

#include "engine/eval.hpp"
#include "engine/util/expected.hpp"
#include "tools/tune/dataset.hpp"

namespace tiaoqi::tune {

// The model: a position's expected result for the side to move is
// sigmoid(score / scale), score the evaluation in centi-steps. Fitting the
// weights and the scale together is logistic regression on the samples'
// columns; the distance weight stays fixed, since it sets the unit and
// the scale would otherwise absorb any common factor of the weights.

enum class Loss {
  // Cross-entropy: convex in the weights over the scale, so Newton's method
  // finds the one minimum.
  kLog,
  // Mean squared error of the prediction (Texel tuning's choice).
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
  // Centi-steps: a lead of one scale predicts sigmoid(1) = 73%.
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
// The evaluation of a sample under real weights, in centi-steps.
double score_of(const Sample& sample, const RealWeights& weights);
double mean_loss(std::span<const Sample> samples, const RealWeights& weights, double scale,
                 Loss loss);

// Fits the free weights and the scale; an error when there are no samples
// or the fit says a lead in distance loses (no positive scale).
Expected<FitResult> fit(std::span<const Sample> samples, const FitOptions& options);

}  // namespace tiaoqi::tune
