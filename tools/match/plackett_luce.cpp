#include "tools/match/plackett_luce.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "engine/util/hash.hpp"

namespace tiaoqi::match {
namespace {

struct WeightedOrder {
  double weight;
  std::vector<int> order;
};

// Every strict order consistent with the groups, each with its share.
void expand(const FinishingOrder& groups, std::size_t group, std::vector<int>& prefix,
            double weight, std::vector<WeightedOrder>& out) {
  if (group == groups.size()) {
    out.push_back({weight, prefix});
    return;
  }
  std::vector<int> members = groups[group];
  std::sort(members.begin(), members.end());
  std::vector<std::vector<int>> orders;
  do orders.push_back(members);
  while (std::next_permutation(members.begin(), members.end()));
  for (const auto& order : orders) {
    prefix.insert(prefix.end(), order.begin(), order.end());
    expand(groups, group + 1, prefix, weight / static_cast<double>(orders.size()), out);
    prefix.resize(prefix.size() - order.size());
  }
}

}  // namespace

std::vector<double> plackett_luce_elo(int engine_count, const std::vector<FinishingOrder>& games,
                                      double prior_draws) {
  std::vector<WeightedOrder> orders;
  for (const auto& game : games) {
    std::vector<int> prefix;
    expand(game, 0, prefix, 1.0, orders);
  }
  // The prior: drawn games between every two engines, a draw counted as
  // half a game in each order.
  for (int a = 0; a < engine_count; ++a)
    for (int b = a + 1; b < engine_count; ++b) {
      orders.push_back({0.5 * prior_draws, {a, b}});
      orders.push_back({0.5 * prior_draws, {b, a}});
    }

  std::vector<double> wins(static_cast<std::size_t>(engine_count), 0.0);
  for (const auto& [weight, order] : orders)
    for (std::size_t stage = 0; stage + 1 < order.size(); ++stage) wins[order[stage]] += weight;

  std::vector<double> strength(static_cast<std::size_t>(engine_count), 1.0);
  for (int iteration = 0; iteration < 10000; ++iteration) {
    std::vector<double> denominator(static_cast<std::size_t>(engine_count), 0.0);
    for (const auto& [weight, order] : orders) {
      double remaining = 0;
      for (int engine : order) remaining += strength[engine];
      for (std::size_t stage = 0; stage + 1 < order.size(); ++stage) {
        // Each engine still in the race takes its share of this stage.
        for (std::size_t k = stage; k < order.size(); ++k)
          denominator[order[k]] += weight / remaining;
        remaining -= strength[order[stage]];
      }
    }
    double change = 0;
    double log_sum = 0;
    std::vector<double> next(strength.size());
    for (std::size_t e = 0; e < strength.size(); ++e) {
      next[e] = denominator[e] > 0 ? wins[e] / denominator[e] : strength[e];
      log_sum += std::log(next[e]);
    }
    // Strengths are defined up to a factor; fix their geometric mean at 1.
    const double scale = std::exp(-log_sum / static_cast<double>(next.size()));
    for (std::size_t e = 0; e < strength.size(); ++e) {
      next[e] *= scale;
      change = std::max(change, std::fabs(std::log(next[e] / strength[e])));
    }
    strength = next;
    if (change < 1e-12) break;
  }
  std::vector<double> elo;
  for (double s : strength) elo.push_back(400.0 * std::log10(s));
  return elo;
}

std::vector<int> unbounded_ratings(int engine_count, const std::vector<FinishingOrder>& games) {
  std::vector<int> signs(static_cast<std::size_t>(engine_count), 0);
  // Whether `engine` played and every place it took in every game lies
  // above (`above`) or below every place of every other engine.
  const auto separated = [&](int engine, bool above) {
    bool played = false;
    for (const FinishingOrder& order : games) {
      int own_best = -1, own_worst = -1, other_best = -1, other_worst = -1;
      for (int group = 0; group < static_cast<int>(order.size()); ++group)
        for (int e : order[static_cast<std::size_t>(group)]) {
          int& best = e == engine ? own_best : other_best;
          int& worst = e == engine ? own_worst : other_worst;
          if (best < 0) best = group;
          worst = group;
        }
      if (own_best < 0) continue;
      played = true;
      if (other_best < 0) continue;
      if (above ? own_worst >= other_best : own_best <= other_worst) return false;
    }
    return played;
  };
  for (int e = 0; e < engine_count; ++e)
    signs[static_cast<std::size_t>(e)] = separated(e, true) ? 1 : separated(e, false) ? -1 : 0;
  if (engine_count == 2 && (signs[0] == 0) != (signs[1] == 0)) {
    if (signs[0] == 0)
      signs[0] = -signs[1];
    else
      signs[1] = -signs[0];
  }
  return signs;
}

std::vector<RatingInterval> plackett_luce_intervals(int engine_count,
                                                    const std::vector<FinishingOrder>& games,
                                                    int resamples) {
  if (games.size() < 2 || resamples < 2) return {};
  std::uint64_t state = util::kGoldenGamma;
  std::vector<std::vector<double>> samples(static_cast<std::size_t>(engine_count));
  std::vector<FinishingOrder> drawn(games.size());
  for (int r = 0; r < resamples; ++r) {
    for (auto& game : drawn) game = games[util::splitmix64_next(state) % games.size()];
    const auto elo = plackett_luce_elo(engine_count, drawn);
    for (std::size_t e = 0; e < elo.size(); ++e) samples[e].push_back(elo[e]);
  }
  std::vector<RatingInterval> intervals;
  for (auto& sample : samples) {
    std::sort(sample.begin(), sample.end());
    const auto at = [&](double q) {
      return sample[static_cast<std::size_t>(q * static_cast<double>(sample.size() - 1) + 0.5)];
    };
    intervals.push_back({at(0.025), at(0.975)});
  }
  return intervals;
}

}  // namespace tiaoqi::match
