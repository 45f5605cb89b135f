#pragma once

#include <vector>

namespace tiaoqi::match {

// A game's finishing order: groups of engine indices, best first; engines
// in one group shared the place. An engine may appear several times (one
// engine against copies of another).
using FinishingOrder = std::vector<std::vector<int>>;

// Ratings of every engine from finishing orders under the Plackett-Luce
// model (first place is chosen with probability proportional to strength,
// then second among the rest, ...), on the Elo scale (400 log10 of the
// strength), with the mean rating 0. Fitted by Hunter's MM iteration. A tie
// counts as every order of the tied engines with equal weight. A weak prior,
// `prior_draws` drawn games between every two engines (one for a match),
// keeps an engine that never placed well finite. A pool of many entries
// that each met only some others passes less, so that the prior does not
// outweigh the games as the pool grows (bench/list/ratings.py).
std::vector<double> plackett_luce_elo(int engine_count, const std::vector<FinishingOrder>& games,
                                      double prior_draws = 1.0);

// A 95% interval per rating: the 2.5th and 97.5th percentiles of the
// ratings fitted to `resamples` bootstrap samples of the games (drawn with
// replacement from a fixed seed, so the same games give the same
// interval). Percentiles rather than a standard error, as the intervals of
// a strong or weak engine are lopsided. Empty below two games.
// Engines whose rating the games leave unbounded, so that the fit's
// figure is only its prior's: +1 for one that finished above every other
// engine in every game it played (with all its copies), -1 below every
// other one, 0 otherwise; with two engines the other one's is the
// opposite (the ratings' mean is 0).
std::vector<int> unbounded_ratings(int engine_count, const std::vector<FinishingOrder>& games);

struct RatingInterval {
  double low;
  double high;
};
std::vector<RatingInterval> plackett_luce_intervals(int engine_count,
                                                    const std::vector<FinishingOrder>& games,
                                                    int resamples = 200);

}  // namespace tiaoqi::match
