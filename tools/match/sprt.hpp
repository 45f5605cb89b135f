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
// A test that can decide: 0 < alpha, beta < 1 and elo0 < elo1.
Status check_sprt(const SprtConfig& config);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

struct SprtState {
  double llr = 0;
  double lower = 0;  // log(beta / (1 - alpha)): at or below, H0 is accepted
  double upper = 0;  // log((1 - beta) / alpha): at or above, H1 is accepted
  SprtDecision decision = SprtDecision::kContinue;
};

// The generalised SPRT's normal approximation (as in fastchess and the
// older fishtest): with n samples of mean m and variance v, and s0, s1 the
// scores of elo0, elo1,
//   LLR = n (s1 - s0) (2m - s0 - s1) / (2v).
// With no variance yet (no samples, or all equal) the LLR is 0.
SprtState sprt(const SprtConfig& config, const std::vector<double>& samples);

std::string decision_text(SprtDecision decision);

}  // namespace tiaoqi::match
