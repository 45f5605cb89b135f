#pragma once

#include <array>
#include <string>
#include <vector>

namespace tiaoqi::match {

// Logistic Elo: a score share s in (0, 1) is -400 log10(1/s - 1) Elo.
double elo_from_score(double score);
double score_from_elo(double elo);

// Summary of independent samples of one engine's score share, each sample in
// [0, 1]. For two players a sample is a game pair (the same opening with
// colours swapped), which makes the pentanomial model: pair scores 0, 1/4,
// 1/2, 3/4, 1. For one engine against copies a sample is its placement
// score averaged over the rotations of one opening.
struct SampleStats {
  int count = 0;
  double mean = 0;
  // Population variance of one sample (divides by the count, as the
  // maximum-likelihood estimate of the multinomial does).
  double variance = 0;
};
SampleStats sample_stats(const std::vector<double>& samples);

// Elo difference with a 95% interval from the normal approximation of the
// mean score: mean +- 1.959964 * sqrt(variance / count), each end mapped to
// Elo (so the interval is lopsided around the estimate). Ends that leave
// (0, 1) are infinite. There is no interval with fewer than two samples,
// with no spread between them, or with a mean score of 0 or 1: `note`
// then says why.
struct EloEstimate {
  bool defined = false;  // at least one sample
  int samples = 0;
  double score = 0.5;
  double elo = 0;
  bool has_interval = false;
  double elo_low = 0;
  double elo_high = 0;
  // The likelihood of superiority, P(elo > 0), from the same normal
  // approximation; only with an interval.
  double los = 0.5;
  std::string note;
};
EloEstimate estimate_elo(const std::vector<double>& samples);

// How many samples fall on 0, 1/4, 1/2, 3/4 and 1 (two-player game pairs).
std::array<int, 5> pentanomial(const std::vector<double>& samples);

// A seat's placement score in [0, 1]: (players placed below + half the
// others sharing its place) / (players - 1).
double placement_score(const std::vector<std::vector<int>>& standings, int player);

inline constexpr double kZ95 = 1.959963984540054;

}  // namespace tiaoqi::match
