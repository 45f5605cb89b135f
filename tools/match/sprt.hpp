#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::match {

// A sequential probability ratio test of H0: elo = elo0 against H1: elo =
// elo1 (logistic Elo), over the same samples as the Elo estimate.
struct SprtConfig {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
};
// Reads "elo0=0 elo1=5 alpha=0.05 beta=0.05" (any order, all optional).
Expected<SprtConfig> parse_sprt(const std::vector<std::string>& words);
// A test that can decide: 0 < alpha, beta < 1, elo0 < elo1 and both
// between -1000 and 1000.
Status check_sprt(const SprtConfig& config);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

struct SprtState {
  double llr = 0;
  double lower = 0;  // log(beta / (1 - alpha)): at or below, H0 is accepted
  double upper = 0;  // log((1 - beta) / alpha): at or above, H1 is accepted
  SprtDecision decision = SprtDecision::kContinue;
};

// The generalised SPRT as fishtest computes it for logistic Elo, without
// the normal approximation: the samples' outcomes weighted by how often
// they occurred, the likeliest law of mean score s0 and of mean s1 on
// those outcomes (maximum likelihood under the mean, from the secular
// equation), and LLR = the sum over samples of ln(P1(x) / P0(x)). A small
// prior, 1/1000 of a sample on each end of the scale (0 and 1) that no
// sample reached, keeps both laws defined when every sample scored the
// same, where a variance-based LLR has nothing to divide by: a run of
// sweeps then adds ln(s1 / s0) per sample, and draws between the
// hypotheses favour neither. With no samples the LLR is 0.
SprtState sprt(const SprtConfig& config, const std::vector<double>& samples);

std::string decision_text(SprtDecision decision);

}  // namespace tiaoqi::match
