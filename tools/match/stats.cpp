#include "tools/match/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tiaoqi::match {

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

SampleStats sample_stats(const std::vector<double>& samples) {
  SampleStats stats;
  stats.count = static_cast<int>(samples.size());
  if (samples.empty()) return stats;
  double sum = 0;
  for (double s : samples) sum += s;
  stats.mean = sum / stats.count;
  double squares = 0;
  for (double s : samples) squares += (s - stats.mean) * (s - stats.mean);
  stats.variance = squares / stats.count;
  return stats;
}

EloEstimate estimate_elo(const std::vector<double>& samples) {
  EloEstimate estimate;
  const SampleStats stats = sample_stats(samples);
  estimate.samples = stats.count;
  if (stats.count == 0) {
    estimate.note = "no complete sample yet";
    return estimate;
  }
  estimate.defined = true;
  estimate.score = stats.mean;
  estimate.elo = elo_from_score(stats.mean);
  if (stats.count < 2) {
    estimate.note = "one sample is too little data for an interval";
    return estimate;
  }
  if (stats.mean <= 0 || stats.mean >= 1) {
    estimate.note = std::string("every sample was ") + (stats.mean <= 0 ? "lost" : "won") +
                    ": too little data for an interval";
    return estimate;
  }
  if (stats.variance <= 0) {
    estimate.note = "every sample scored the same: too little data for an interval";
    return estimate;
  }
  const double error = std::sqrt(stats.variance / stats.count);
  estimate.has_interval = true;
  estimate.elo_low = elo_from_score(stats.mean - kZ95 * error);
  estimate.elo_high = elo_from_score(stats.mean + kZ95 * error);
  estimate.los = 0.5 * std::erfc(-(stats.mean - 0.5) / error / std::sqrt(2.0));
  return estimate;
}

std::array<int, 5> pentanomial(const std::vector<double>& samples) {
  std::array<int, 5> counts{};
  for (double s : samples) {
    const long bucket = std::lround(s * 4);
    if (bucket >= 0 && bucket <= 4) ++counts[static_cast<std::size_t>(bucket)];
  }
  return counts;
}

double placement_score(const std::vector<std::vector<int>>& standings, int player) {
  int players = 0;
  for (const auto& group : standings) players += static_cast<int>(group.size());
  if (players < 2) return 0.5;
  int below = 0;
  int tied = 0;
  bool seen = false;
  for (const auto& group : standings) {
    const bool here = std::find(group.begin(), group.end(), player) != group.end();
    if (here) {
      tied = static_cast<int>(group.size()) - 1;
      seen = true;
    } else if (seen) {
      below += static_cast<int>(group.size());
    }
  }
  return (below + 0.5 * tied) / (players - 1);
}

}  // namespace tiaoqi::match
