#include "tools/match/sprt.hpp"

#include <cmath>
#include <map>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::match {
namespace {

// Beyond it a score rounds to 0 or 1, which no law of the test can have.
constexpr double kMaxSprtElo = 1000;

// What an end of the scale that no sample reached weighs, in samples.
constexpr double kPriorWeight = 1e-3;

struct WeightedOutcome {
  double score = 0;
  double weight = 0;
};

// The samples' distinct scores with how often each occurred, and the prior
// on the ends 0 and 1: every mean score in (0, 1) then has a law.
std::vector<WeightedOutcome> weighted_outcomes(const std::vector<double>& samples) {
  std::map<double, double> weights;
  for (double sample : samples) weights[sample] += 1;
  for (double end : {0.0, 1.0}) weights.try_emplace(end, kPriorWeight);
  std::vector<WeightedOutcome> outcomes;
  for (const auto& [score, weight] : weights) outcomes.push_back({score, weight});
  return outcomes;
}

// The likeliest law of mean score `mean` on the outcomes gives outcome x
// the share w(x) / (W (1 + lambda (x - mean))), where lambda is the root of
//   g(lambda) = sum of w(x) (x - mean) / (1 + lambda (x - mean)),
// which falls from +inf to -inf between the poles -1 / (1 - mean) and
// 1 / mean (the outcomes span 0 to 1): halving that interval finds it.
double likeliest_lambda(const std::vector<WeightedOutcome>& outcomes, double mean) {
  double low = -1 / (1 - mean);
  double high = 1 / mean;
  for (int step = 0; step < 200; ++step) {
    const double middle = low + (high - low) / 2;
    if (middle <= low || middle >= high) break;
    double g = 0;
    for (const auto& outcome : outcomes)
      g += outcome.weight * (outcome.score - mean) / (1 + middle * (outcome.score - mean));
    (g > 0 ? low : high) = middle;
  }
  return low + (high - low) / 2;
}

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

SprtState sprt(const SprtConfig& config, const std::vector<double>& samples) {
  SprtState state;
  state.lower = std::log(config.beta / (1 - config.alpha));
  state.upper = std::log((1 - config.beta) / config.alpha);
  if (samples.empty()) return state;
  const auto outcomes = weighted_outcomes(samples);
  const double s0 = score_from_elo(config.elo0);
  const double s1 = score_from_elo(config.elo1);
  const double lambda0 = likeliest_lambda(outcomes, s0);
  const double lambda1 = likeliest_lambda(outcomes, s1);
  // ln(P1(x) / P0(x)) = ln(1 + lambda0 (x - s0)) - ln(1 + lambda1 (x - s1)).
  for (const auto& outcome : outcomes)
    state.llr += outcome.weight * (std::log1p(lambda0 * (outcome.score - s0)) -
                                   std::log1p(lambda1 * (outcome.score - s1)));
  if (state.llr >= state.upper)
    state.decision = SprtDecision::kAcceptH1;
  else if (state.llr <= state.lower)
    state.decision = SprtDecision::kAcceptH0;
  return state;
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
