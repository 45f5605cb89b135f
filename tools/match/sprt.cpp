#include "tools/match/sprt.hpp"

#include <cmath>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::match {

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
  return Done{};
}

SprtState sprt(const SprtConfig& config, const std::vector<double>& samples) {
  SprtState state;
  state.lower = std::log(config.beta / (1 - config.alpha));
  state.upper = std::log((1 - config.beta) / config.alpha);
  const SampleStats stats = sample_stats(samples);
  if (stats.count == 0 || stats.variance <= 0) return state;
  const double s0 = score_from_elo(config.elo0);
  const double s1 = score_from_elo(config.elo1);
  state.llr = stats.count * (s1 - s0) * (2 * stats.mean - s0 - s1) / (2 * stats.variance);
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
