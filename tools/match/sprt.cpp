#include "tools/match/sprt.hpp"

#include <cmath>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::match {
namespace {

// Beyond it a score rounds to 0 or 1, which no law of the test can have.
constexpr double kMaxSprtElo = 1000;

// What each end of the scale (0 and 1) weighs in the mean and variance, in
// samples: enough that a short run of equal samples is not taken for a
// law with no spread, little enough to change a real trial's variance by a
// few percent at most after some tens of samples.
constexpr double kPriorWeight = 0.1;

}  // namespace

Expected<SprtConfig> parse_sprt(const std::vector<std::string>& words) {
  SprtConfig config;
  for (const auto& word : words) {
    auto pair = util::split_name_value(word);
    if (!pair) return fail("--sprt: " + pair.error());
    double* field = pair->first == "elo0"    ? &config.elo0
                    : pair->first == "elo1"  ? &config.elo1
                    : pair->first == "alpha" ? &config.alpha
                    : pair->first == "beta"  ? &config.beta
                                             : nullptr;
    if (!field)
      return fail("--sprt: expected elo0, elo1, alpha or beta, got " +
                  util::quote_input(pair->first));
    const auto value = util::to_decimal(pair->second);
    if (!value)
      return fail("--sprt: " + pair->first + " expects a decimal number, got " +
                  util::quote_input(pair->second));
    *field = *value;
  }
  auto valid = check_sprt(config);
  if (!valid) return fail("--sprt: " + valid.error());
  return config;
}

Status check_sprt(const SprtConfig& config) {
  if (!(config.alpha > 0 && config.alpha < 1 && config.beta > 0 && config.beta < 1))
    return fail("alpha and beta must lie between 0 and 1");
  if (!(config.elo0 < config.elo1)) return fail("elo0 must be below elo1");
  if (!(std::abs(config.elo0) <= kMaxSprtElo && std::abs(config.elo1) <= kMaxSprtElo))
    return fail("elo0 and elo1 must lie between -1000 and 1000");
  return Done{};
}

void SprtMoments::add(double sample) {
  count += 1;
  sum += sample;
  sum_squares += sample * sample;
}

SprtState sprt_bounds(const SprtConfig& config) {
  SprtState state;
  state.lower = std::log(config.beta / (1 - config.alpha));
  state.upper = std::log((1 - config.beta) / config.alpha);
  return state;
}

SprtState sprt(const SprtConfig& config, const SprtMoments& moments) {
  SprtState state = sprt_bounds(config);
  if (moments.count <= 0) return state;
  // The prior puts kPriorWeight on 0 and on 1: it adds to the weight, to
  // the sum once (the sample at 1) and to the squares once.
  const double weight = moments.count + 2 * kPriorWeight;
  const double mean = (moments.sum + kPriorWeight) / weight;
  const double variance = (moments.sum_squares + kPriorWeight) / weight - mean * mean;
  const double s0 = score_from_elo(config.elo0);
  const double s1 = score_from_elo(config.elo1);
  state.llr = moments.count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  if (state.llr >= state.upper)
    state.decision = SprtDecision::kAcceptH1;
  else if (state.llr <= state.lower)
    state.decision = SprtDecision::kAcceptH0;
  return state;
}

SprtState sprt(const SprtConfig& config, const std::vector<double>& samples) {
  SprtMoments moments;
  for (double sample : samples) moments.add(sample);
  return sprt(config, moments);
}

std::string decision_text(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kAcceptH0:
      return "H0 accepted";
    case SprtDecision::kAcceptH1:
      return "H1 accepted";
    default:
      return "continue";
  }
}

}  // namespace tiaoqi::match
