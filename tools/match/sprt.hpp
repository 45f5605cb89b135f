#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::match {

// A sequential probability ratio test of H0: elo = elo0 against H1: elo =
// elo1 (logistic Elo of the samples' mean score), over the same samples as
// the Elo estimate: a game pair's score at two players, an opening's mean
// placement score over the rotations of the seats at three to six.
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

// All the test reads of the samples (scores in [0, 1]): how many, their
// sum and the sum of their squares. Adding one sample is constant time, so
// a simulation can test after every sample.
struct SprtMoments {
  double count = 0;
  double sum = 0;
  double sum_squares = 0;
  void add(double sample);
};

// The generalised SPRT in its normal form, as fishtest computes it: the
// samples' mean m and variance v estimated from the samples themselves,
// and LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v), with s0, s1 the scores of
// elo0 and elo1. Every sample moves the LLR by what it says, so a large
// difference decides in few samples at any table size. To the mean and
// variance (not to n) a prior of a tenth of a sample on each end of the
// scale, 0 and 1, is added: samples that all scored the same still have a
// variance to divide by, and decide only after a run that is long against
// that prior (75 drawn pairs accept H0 at elo0=0, elo1=5). With no sample
// the LLR is 0.
SprtState sprt(const SprtConfig& config, const SprtMoments& moments);
SprtState sprt(const SprtConfig& config, const std::vector<double>& samples);

// The test's bounds, with the LLR 0.
SprtState sprt_bounds(const SprtConfig& config);

std::string decision_text(SprtDecision decision);

}  // namespace tiaoqi::match
