// The sequential test by simulation: thousands of trials at each of several
// true Elo differences, at two and six players, each trial drawing
// per-opening samples with the spread of real records until the test
// decides. Its error rates must stay within alpha and beta (up to the
// sampling error of the trials), and its mean
// number of openings within a quarter of what Wald's theory predicts for
// the normal form. The table of figures is printed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "tools/match/sprt.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::match {
namespace {

// A law on a few scores, tilted exponentially (p(x) ~ base(x) e^(theta x))
// until its mean is the score of the Elo under test: the shape of a real
// record's outcomes moved to another strength.
struct Law {
  std::vector<double> scores;
  std::vector<double> probabilities;

  double mean() const {
    double total = 0;
    for (std::size_t i = 0; i < scores.size(); ++i) total += probabilities[i] * scores[i];
    return total;
  }
  double variance() const {
    const double m = mean();
    double total = 0;
    for (std::size_t i = 0; i < scores.size(); ++i)
      total += probabilities[i] * (scores[i] - m) * (scores[i] - m);
    return total;
  }
  double draw(std::mt19937_64& random) const {
    double u = std::uniform_real_distribution<double>(0, 1)(random);
    for (std::size_t i = 0; i + 1 < scores.size(); ++i) {
      if (u < probabilities[i]) return scores[i];
      u -= probabilities[i];
    }
    return scores.back();
  }
};

Law tilted(const Law& base, double mean) {
  const auto with_theta = [&](double theta) {
    Law law{base.scores, base.probabilities};
    double total = 0;
    for (std::size_t i = 0; i < law.scores.size(); ++i) {
      law.probabilities[i] = base.probabilities[i] * std::exp(theta * law.scores[i]);
      total += law.probabilities[i];
    }
    for (double& p : law.probabilities) p /= total;
    return law;
  };
  // The tilted mean rises with theta: halve the interval.
  double low = -50, high = 50;
  for (int step = 0; step < 200; ++step) {
    const double middle = (low + high) / 2;
    (with_theta(middle).mean() < mean ? low : high) = middle;
  }
  return with_theta((low + high) / 2);
}

// Two players: a sample is a game pair's score. The base is the record
// two-playout-plies-12 (pentanomial 44, 0, 80, 0, 26 at 2000 nodes: no game
// drawn, most pairs split), centred on 0.5: a spread of 0.354 a pair.
const Law kTwoPlayerPairs{{0, 0.25, 0.5, 0.75, 1}, {0.25, 0, 0.5, 0, 0.25}};
// Six players: a sample is the mean placement score of the six rotations
// of an opening; each game's placement score drawn from a law over the six
// places whose mean of six has the spread of the six-player records,
// about 0.12 an opening (0.1225 here).
const Law kSixPlayerGames{{0, 0.2, 0.4, 0.6, 0.8, 1}, {0.1, 0.2, 0.2, 0.2, 0.2, 0.1}};

struct Table {
  int players;
  const Law& base;
  int games_per_sample;
};

struct Figures {
  double h1_share = 0;      // trials that accepted H1
  double mean_samples = 0;  // openings a trial played
};

Figures simulate(const SprtConfig& config, const Table& table, double elo, int trials,
                 std::mt19937_64& random) {
  const Law law = tilted(table.base, score_from_elo(elo));
  Figures figures;
  for (int trial = 0; trial < trials; ++trial) {
    SprtMoments moments;
    SprtState state;
    // A cap far beyond any trial here, so that a broken test ends.
    while (state.decision == SprtDecision::kContinue && moments.count < 1e6) {
      double sample = 0;
      for (int game = 0; game < table.games_per_sample; ++game) sample += law.draw(random);
      moments.add(sample / table.games_per_sample);
      state = sprt(config, moments);
    }
    if (state.decision == SprtDecision::kAcceptH1) figures.h1_share += 1;
    figures.mean_samples += moments.count;
  }
  figures.h1_share /= trials;
  figures.mean_samples /= trials;
  return figures;
}

// Wald's approximations for a test whose steps are normal: per sample the
// LLR moves by (s1 - s0) (x - mid) / v, mid the hypotheses' middle score, v
// the sample's variance. With h = -2 (mu - mid) / (s1 - s0), H0 is accepted
// with the chance (e^(h b) - 1) / (e^(h b) - e^(h a)) (a, b the bounds),
// and a trial lasts (P(H0) a + P(H1) b) / E[step] samples, or -a b /
// Var[step] when the step has no drift.
Figures theory(const SprtConfig& config, double mu, double variance) {
  const SprtState bounds = sprt_bounds(config);
  const double a = bounds.lower, b = bounds.upper;
  const double s0 = score_from_elo(config.elo0), s1 = score_from_elo(config.elo1);
  const double mid = (s0 + s1) / 2;
  const double drift = (s1 - s0) * (mu - mid) / variance;
  const double spread = (s1 - s0) * (s1 - s0) / variance;
  Figures figures;
  if (std::abs(drift) < 1e-12) {
    figures.h1_share = -a / (b - a);
    figures.mean_samples = -a * b / spread;
    return figures;
  }
  const double h = -2 * (mu - mid) / (s1 - s0);
  const double accept_h0 = std::expm1(h * b) / (std::exp(h * b) - std::exp(h * a));
  figures.h1_share = 1 - accept_h0;
  figures.mean_samples = (accept_h0 * a + (1 - accept_h0) * b) / drift;
  return figures;
}

// The default bounds, and the wider ones of a trial of an idea worth tens
// of Elo.
// Wald's lengths leave out the overshoot of the last step, which weighs
// little only when a trial lasts some tens of openings: the lengths are
// held to the theory at the default bounds, the wider ones print theirs.
void check_bounds(const SprtConfig& config, bool check_lengths, std::mt19937_64& random) {
  constexpr int kTrials = 2000;
  const std::vector<Table> tables = {{2, kTwoPlayerPairs, 1}, {6, kSixPlayerGames, 6}};
  std::printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g, %d trials a point\n", config.elo0,
              config.elo1, config.alpha, config.beta, kTrials);
  std::printf("%7s %6s %7s %9s %9s %10s %10s %6s\n", "players", "Elo", "spread", "H1 sim",
              "H1 theory", "openings", "theory", "ratio");
  for (const auto& table : tables) {
    for (double elo : {-100.0, -20.0, 0.0, 5.0, 20.0, 100.0}) {
      const Law law = tilted(table.base, score_from_elo(elo));
      const double variance = law.variance() / table.games_per_sample;
      const Figures simulated = simulate(config, table, elo, kTrials, random);
      const Figures predicted = theory(config, law.mean(), variance);
      const double ratio = simulated.mean_samples / predicted.mean_samples;
      std::printf("%7d %+6.0f %7.4f %9.4f %9.4f %10.1f %10.1f %6.3f\n", table.players, elo,
                  std::sqrt(variance), simulated.h1_share, predicted.h1_share,
                  simulated.mean_samples, predicted.mean_samples, ratio);
      // At the hypotheses themselves the error rate is alpha (or beta) by
      // design: the share of trials may miss it by the sampling error of
      // kTrials trials, up to 2.5 standard errors of that share.
      const auto within = [&](double rate) {
        return rate + 2.5 * std::sqrt(rate * (1 - rate) / kTrials);
      };
      if (elo <= config.elo0) {
        EXPECT_LE(simulated.h1_share, within(config.alpha)) << table.players << " players, " << elo;
      }
      if (elo >= config.elo1) {
        EXPECT_LE(1 - simulated.h1_share, within(config.beta))
            << table.players << " players, " << elo;
      }
      if (check_lengths) {
        EXPECT_NEAR(ratio, 1.0, 0.25) << table.players << " players, " << elo << " Elo";
      }
    }
  }
}

TEST(SprtSimulation, ErrorRatesAndLengthsMatchTheTheory) {
  std::mt19937_64 random(20261205);
  check_bounds({0, 5, 0.05, 0.05}, true, random);
  check_bounds({0, 20, 0.05, 0.05}, false, random);
}

}  // namespace
}  // namespace tiaoqi::match
