// Statistics against figures worked out by hand (the arithmetic is in the
// comments, to six or seven digits).
#include "tools/match/stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "tools/match/clock.hpp"
#include "tools/match/plackett_luce.hpp"
#include "tools/match/results.hpp"
#include "tools/match/sprt.hpp"
#include "tools/match/table.hpp"

namespace tiaoqi::match {
namespace {

TEST(Stats, EloOfAScore) {
  // 75% is 3 points per 1: 400 log10(3) = 400 * 0.4771213 = 190.8485.
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-4);
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-12);
  EXPECT_NEAR(score_from_elo(190.8485), 0.75, 1e-6);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)));
}

// Five game pairs scoring 1/2, 3/4, 1, 1/4, 3/4 (pentanomial 0,1,1,2,1).
const std::vector<double> kPairs = {0.5, 0.75, 1.0, 0.25, 0.75};

TEST(Stats, PentanomialEloAndInterval) {
  // mean = 3.25 / 5 = 0.65
  // variance = (0.15^2 + 0.1^2 + 0.35^2 + 0.4^2 + 0.1^2) / 5
  //          = (0.0225 + 0.01 + 0.1225 + 0.16 + 0.01) / 5 = 0.325 / 5 = 0.065
  const SampleStats stats = sample_stats(kPairs);
  EXPECT_EQ(stats.count, 5);
  EXPECT_NEAR(stats.mean, 0.65, 1e-12);
  EXPECT_NEAR(stats.variance, 0.065, 1e-12);
  // Elo = 400 log10(0.65 / 0.35) = 400 log10(1.857143) = 400 * 0.2688453 = 107.5381
  // margin = 1.959964 * sqrt(0.065 / 5) = 1.959964 * 0.1140175 = 0.2234703
  // low  = 400 log10(0.4265297 / 0.5734703) = 400 * -0.1285616 = -51.4246
  // high = 400 log10(0.8734703 / 0.1265297) = 400 *  0.8390556 = 335.6222
  const EloEstimate elo = estimate_elo(kPairs);
  ASSERT_TRUE(elo.defined);
  EXPECT_NEAR(elo.elo, 107.5381, 1e-3);
  EXPECT_NEAR(elo.elo_low, -51.4246, 1e-3);
  EXPECT_NEAR(elo.elo_high, 335.6222, 1e-3);
  const auto penta = pentanomial(kPairs);
  EXPECT_EQ(penta, (std::array<int, 5>{0, 1, 1, 2, 1}));
}

TEST(Stats, SprtLogLikelihoodRatio) {
  // s0 = 0.5; s1 = 1 / (1 + 10^(-10/400)) = 1 / (1 + 0.9440609) = 0.5143872.
  // The pairs sum to 3.25, their squares to 2.4375; with the prior of 0.1
  // of a sample on 0 and on 1 the weight is 5.2, the mean
  // 3.35 / 5.2 = 0.6442308 and the variance 2.5375 / 5.2 - 0.6442308^2 =
  // 0.4879808 - 0.4150333 = 0.0729475.
  // LLR = 5 (s1 - s0) (2 m - s0 - s1) / (2 v)
  //     = 5 * 0.0143872 * 0.7740744 / 0.1458950 = 0.1351369.
  // bounds: ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439
  const SprtState state = sprt({0, 10, 0.05, 0.05}, kPairs);
  EXPECT_NEAR(state.llr, 0.1351369, 1e-6);
  EXPECT_NEAR(state.lower, -2.944439, 1e-6);
  EXPECT_NEAR(state.upper, 2.944439, 1e-6);
  EXPECT_EQ(state.decision, SprtDecision::kContinue);

  // The same pairs over again: the prior weighs less each time, so each
  // copy adds a little more than the first: 10 copies 1.554077, 18 copies
  // 2.818237 (inside the bounds), 19 copies 2.976269 and 20 copies
  // 3.134301 (H1).
  const auto copies = [](int times) {
    std::vector<double> many;
    for (int i = 0; i < times; ++i) many.insert(many.end(), kPairs.begin(), kPairs.end());
    return many;
  };
  const SprtState undecided = sprt({0, 10, 0.05, 0.05}, copies(10));
  EXPECT_NEAR(undecided.llr, 1.554077, 1e-5);
  EXPECT_EQ(undecided.decision, SprtDecision::kContinue);
  const SprtState decided = sprt({0, 10, 0.05, 0.05}, copies(20));
  EXPECT_NEAR(decided.llr, 3.134301, 1e-5);
  EXPECT_EQ(decided.decision, SprtDecision::kAcceptH1);
  // Against H1 = 200 Elo: s1 = 1 / (1 + 10^-0.5) = 0.7597469; the mean
  // 0.6497006 still lies above the midpoint 0.6298735, so the LLR stays
  // positive: 100 * 0.2597469 * 0.0396542 / (2 * 0.0654141) = 7.872980.
  const SprtState far = sprt({0, 200, 0.05, 0.05}, copies(20));
  EXPECT_NEAR(far.llr, 7.872980, 1e-5);
}

// Every pair scoring the same leaves the samples no variance of their
// own: the prior's gives one, so the test decides after a run that is long
// against it. elo1 = 50: s1 = 0.5714631; alpha = beta = 0.1: bounds +-ln 9
// = +-2.197225.
TEST(Stats, SprtDecidesWhenEveryPairScoresTheSame) {
  const SprtConfig config{0, 50, 0.1, 0.1};
  const auto llr_of = [&](const SprtConfig& bounds, int pairs, double score) {
    return sprt(bounds, std::vector<double>(static_cast<std::size_t>(pairs), score));
  };
  // n sweeps: mean m = (n + 0.1) / (n + 0.2), variance m (1 - m). Two:
  // m = 0.9761905, v = 0.0232426, LLR = 2 * 0.0714631 * 0.8809179 /
  // 0.0464853 = 1.379619; three: m = 0.9838710, v = 0.0158689, LLR =
  // 3.066535, past ln 9.
  EXPECT_NEAR(llr_of(config, 2, 1.0).llr, 1.379619, 1e-5);
  EXPECT_EQ(llr_of(config, 2, 1.0).decision, SprtDecision::kContinue);
  EXPECT_EQ(llr_of(config, 3, 1.0).decision, SprtDecision::kAcceptH1);
  // n drawn pairs: the mean stays 1/2, the variance is the prior's,
  // 0.05 / (n + 0.2), so LLR = -n (n + 0.2) (s1 - s0)^2 / 0.1.
  // With elo1 = 50, 5 pairs: -26 * 0.0051070 / 0.1 = -1.327814, 6 pairs
  // -1.899795 and 7 pairs -2.573916: H0.
  EXPECT_NEAR(llr_of(config, 5, 0.5).llr, -1.327814, 1e-5);
  EXPECT_EQ(llr_of(config, 6, 0.5).decision, SprtDecision::kContinue);
  EXPECT_EQ(llr_of(config, 7, 0.5).decision, SprtDecision::kAcceptH0);
  // With the default bounds 0 and 5 ((s1 - s0)^2 = 0.0000518), 75 drawn
  // pairs give -2.919783, still inside ln(0.05 / 0.95), and 76 give
  // -2.998058: H0. Two engines that play the same games are told apart
  // from two that differ by 5 Elo.
  const SprtConfig fine{0, 5, 0.05, 0.05};
  EXPECT_NEAR(llr_of(fine, 75, 0.5).llr, -2.919783, 1e-5);
  EXPECT_EQ(llr_of(fine, 75, 0.5).decision, SprtDecision::kContinue);
  EXPECT_EQ(llr_of(fine, 76, 0.5).decision, SprtDecision::kAcceptH0);
  // Lost pairs: the mirror of the sweeps.
  EXPECT_NEAR(llr_of({-50, 0, 0.1, 0.1}, 2, 0.0).llr, -1.379619, 1e-5);
  // Draws halfway between the hypotheses favour neither, however many.
  const SprtState level = sprt({-50, 50, 0.1, 0.1}, std::vector<double>(1000, 0.5));
  EXPECT_NEAR(level.llr, 0.0, 1e-9);
  EXPECT_EQ(level.decision, SprtDecision::kContinue);
  // No sample, no evidence.
  EXPECT_EQ(sprt(config, std::vector<double>{}).llr, 0.0);
}

TEST(Stats, SprtParsing) {
  auto config = parse_sprt({"elo0=-1", "elo1=4", "alpha=0.1", "beta=0.2"});
  ASSERT_TRUE(config.ok());
  EXPECT_EQ(config->elo0, -1);
  EXPECT_EQ(config->elo1, 4);
  EXPECT_FALSE(parse_sprt({"elo0=5", "elo1=1"}).ok());
  EXPECT_FALSE(parse_sprt({"gamma=1"}).ok());
}

TEST(Stats, PlackettLuceTwoEnginesIsBradleyTerry) {
  // A first three times, B once, plus the prior of one draw (half a win
  // each): wins 3.5 and 1.5 out of 5 meetings, so strengths 3.5 : 1.5 and
  // A - B = 400 log10(7/3) = 400 * 0.3679768 = 147.1907.
  std::vector<FinishingOrder> games = {{{0}, {1}}, {{0}, {1}}, {{0}, {1}}, {{1}, {0}}};
  const auto ratings = plackett_luce_elo(2, games);
  EXPECT_NEAR(ratings[0] - ratings[1], 147.1907, 1e-3);
  EXPECT_NEAR(ratings[0] + ratings[1], 0.0, 1e-9);
  // Half a drawn game as the prior: wins 3.25 and 1.25, A - B =
  // 400 log10(2.6) = 165.9893.
  const auto weaker = plackett_luce_elo(2, games, 0.5);
  EXPECT_NEAR(weaker[0] - weaker[1], 165.9893, 1e-3);
}

TEST(Stats, PlackettLuceSymmetricOrdersGiveEqualRatings) {
  // Every engine first, second and third once: no one is better.
  std::vector<FinishingOrder> games = {{{0}, {1}, {2}}, {{1}, {2}, {0}}, {{2}, {0}, {1}}};
  for (double r : plackett_luce_elo(3, games)) EXPECT_NEAR(r, 0.0, 1e-9);
  // A tie counts as both orders: A=B ahead of C twice makes A and B equal.
  const auto tied = plackett_luce_elo(3, {{{0, 1}, {2}}, {{0, 1}, {2}}});
  EXPECT_NEAR(tied[0], tied[1], 1e-9);
  EXPECT_GT(tied[0], tied[2]);
}

TEST(Stats, PlackettLuceIntervalsHoldTheRatingAndNarrowWithMoreGames) {
  // Engine 0 first in three games of four against 1 and 2.
  std::vector<FinishingOrder> few = {
      {{0}, {1}, {2}}, {{0}, {2}, {1}}, {{0}, {1}, {2}}, {{1}, {0}, {2}}};
  std::vector<FinishingOrder> many;
  for (int i = 0; i < 25; ++i) many.insert(many.end(), few.begin(), few.end());
  const auto ratings = plackett_luce_elo(3, many);
  const auto narrow = plackett_luce_intervals(3, many);
  const auto wide = plackett_luce_intervals(3, few);
  ASSERT_EQ(narrow.size(), 3u);
  ASSERT_EQ(wide.size(), 3u);
  for (std::size_t e = 0; e < 3; ++e) {
    EXPECT_LE(narrow[e].low, ratings[e]);
    EXPECT_GE(narrow[e].high, ratings[e]);
    EXPECT_LT(narrow[e].high - narrow[e].low, wide[e].high - wide[e].low);
  }
  EXPECT_GT(narrow[0].low, narrow[2].high);
  // The same games give the same interval; one game gives none.
  EXPECT_EQ(plackett_luce_intervals(3, many)[0].low, narrow[0].low);
  EXPECT_TRUE(plackett_luce_intervals(3, {few[0]}).empty());
}

// An engine first in every game keeps the finite rating its prior gives
// it (one drawn game with each other engine), so that the ratings still
// average 0; every bootstrap sample is the same sweep, so its interval is
// open above (its opponent's below).
TEST(Stats, AnEngineThatWinsEveryGameHasAFiniteRatingAndAnOpenInterval) {
  const std::vector<FinishingOrder> sweeps = {{{0}, {1}, {1}}, {{0}, {1}, {1}}, {{0}, {1}, {1}}};
  EXPECT_EQ(unbounded_ratings(2, sweeps), (std::vector<int>{1, -1}));
  EXPECT_EQ(unbounded_ratings(3, {{{0}, {1}, {2}}, {{0}, {2}, {1}}}), (std::vector<int>{1, 0, 0}));
  EXPECT_EQ(unbounded_ratings(3, {{{1}, {0}, {2}}, {{0}, {1}, {2}}}), (std::vector<int>{0, 0, -1}));
  // Copies of engine 1 last in every game, but one first too: bounded.
  EXPECT_EQ(unbounded_ratings(2, {{{0}, {1}, {1}}, {{1}, {0}, {1}}}), (std::vector<int>{0, 0}));
  // A tie with another engine is no separation.
  EXPECT_EQ(unbounded_ratings(2, {{{0, 1}, {1}}, {{0}, {1}, {1}}}), (std::vector<int>{0, 0}));

  std::vector<GameSummary> games;
  for (int g = 0; g < 3; ++g)
    games.push_back({g + 1, 0, g, {0, 1, 1}, {{0}, {1}, {2}}, "finished", {}});
  const MatchResults results = compute_results({"new", "old"}, 3, games, std::nullopt);
  ASSERT_EQ(results.ratings.size(), 2u);
  EXPECT_TRUE(std::isfinite(results.ratings[0]));
  EXPECT_GT(results.ratings[0], 100);
  EXPECT_NEAR(results.ratings[0] + results.ratings[1], 0.0, 1e-9);
  ASSERT_EQ(results.rating_intervals.size(), 2u);
  EXPECT_LE(results.rating_intervals[0].low, results.ratings[0]);
  EXPECT_EQ(results.rating_intervals[0].high, INFINITY);
  EXPECT_EQ(results.rating_intervals[1].low, -INFINITY);
  EXPECT_GE(results.rating_intervals[1].high, results.ratings[1]);
  EXPECT_EQ(results.ratings_note,
            "new won every game: its rating rests on the prior (one drawn game with each other "
            "engine), its interval is open above");
  const auto table = results_table(results);
  EXPECT_NE(table.find("Ratings: new won every game"), std::string::npos) << table;
  EXPECT_NE(table.find(", +inf]"), std::string::npos) << table;
  EXPECT_NE(table.find("[-inf, "), std::string::npos) << table;
  const auto json = results_json(results);
  EXPECT_NEAR(json["engines"][0]["rating"].get<double>(), results.ratings[0], 1e-9);
  EXPECT_TRUE(json["engines"][0]["rating_interval"][1].is_null());
  EXPECT_TRUE(json["engines"][1]["rating_interval"][0].is_null());
}

// Four engines at three players, one of them first in every game: every
// rating is finite, and they average 0 as the docs say.
TEST(Stats, RatingsOfARoundRobinAverageZeroWithASweep) {
  std::vector<GameSummary> games;
  int number = 0;
  const std::vector<std::vector<int>> tables = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
  for (int opening = 0; opening < 2; ++opening)
    for (const auto& table : tables)
      for (int rotation = 0; rotation < 3; ++rotation) {
        std::vector<int> seats(3);
        for (int seat = 0; seat < 3; ++seat) seats[seat] = table[(seat + rotation) % 3];
        // Engine 0 first; the others by a rule that is not a strict order.
        std::vector<int> by_engine = {0, 1, 2};
        std::sort(by_engine.begin(), by_engine.end(), [&](int a, int b) {
          const int ea = seats[a], eb = seats[b];
          if ((ea == 0) != (eb == 0)) return ea == 0;
          return (ea + rotation + opening) % 3 < (eb + rotation + opening) % 3;
        });
        games.push_back({++number,
                         opening,
                         rotation,
                         seats,
                         {{by_engine[0]}, {by_engine[1]}, {by_engine[2]}},
                         "finished",
                         {}});
      }
  const MatchResults results = compute_results({"a", "b", "c", "d"}, 3, games, std::nullopt);
  ASSERT_EQ(results.ratings.size(), 4u);
  double sum = 0;
  for (double rating : results.ratings) {
    EXPECT_TRUE(std::isfinite(rating));
    sum += rating;
  }
  EXPECT_NEAR(sum, 0.0, 1e-6);
  // Every two engines met at a table of three: each has its Elo line, from
  // one sample per opening and table.
  ASSERT_EQ(results.pairs.size(), 6u);
  for (const PairResult& pair : results.pairs) {
    EXPECT_TRUE(pair.among_others);
    EXPECT_EQ(pair.samples.size(), 4u) << pair.first << " " << pair.second;
  }
  // a finished ahead of b in every game they shared.
  EXPECT_EQ(results.pairs[0].first, 0);
  EXPECT_EQ(results.pairs[0].second, 1);
  for (double sample : results.pairs[0].samples) EXPECT_EQ(sample, 1.0);
  const auto table = results_table(results);
  EXPECT_NE(table.find("Elo b - c: "), std::string::npos) << table;
  EXPECT_NE(table.find("head to head at tables of more engines"), std::string::npos) << table;
  EXPECT_EQ(results_json(results)["elo"].size(), 6u);
}

TEST(Stats, PlacementScore) {
  // Players 2 | 1=3 | 4 (0-based 1 | 0,2 | 3): player 0 has one below and
  // one tie among three others: (1 + 0.5) / 3 = 0.5.
  const std::vector<std::vector<int>> standings = {{1}, {0, 2}, {3}};
  EXPECT_NEAR(placement_score(standings, 0), 0.5, 1e-12);
  EXPECT_NEAR(placement_score(standings, 1), 1.0, 1e-12);
  EXPECT_NEAR(placement_score(standings, 3), 0.0, 1e-12);
}

TEST(Stats, ResultsOfTwoPairs) {
  // Opening 0: engine 0 wins both colours (pair score 1). Opening 1: it
  // wins as player 1 and draws as player 2 (pair score 3/4).
  std::vector<GameSummary> games = {
      {1, 0, 0, {0, 1}, {{0}, {1}}, "finished", {}},
      {2, 0, 1, {1, 0}, {{1}, {0}}, "finished", {}},
      {3, 1, 0, {0, 1}, {{0}, {1}}, "finished", {}},
      {4, 1, 1, {1, 0}, {{0, 1}}, "finished", {}},
  };
  const MatchResults results = compute_results({"new", "old"}, 2, games, SprtConfig{0, 10});
  EXPECT_EQ(results.rows[0].wins, 3);
  EXPECT_EQ(results.rows[0].draws, 1);
  EXPECT_EQ(results.rows[1].losses, 3);
  EXPECT_NEAR(results.rows[0].points + results.rows[1].points, 4.0, 1e-12);
  const PairResult* pair = results.head_to_head();
  ASSERT_NE(pair, nullptr);
  ASSERT_EQ(pair->samples.size(), 2u);
  EXPECT_EQ(pair->pentanomial, (std::array<int, 5>{0, 0, 0, 1, 1}));
  // mean 0.875, variance 0.015625: Elo = 400 log10(7) = 338.0392.
  EXPECT_NEAR(pair->elo.elo, 338.0392, 1e-3);
}

TEST(Stats, LikelihoodOfSuperiority) {
  // kPairs: mean 0.65, standard error sqrt(0.065 / 5) = 0.1140175;
  // LOS = Phi(0.15 / 0.1140175) = Phi(1.315587) = 0.905844.
  const EloEstimate elo = estimate_elo(kPairs);
  ASSERT_TRUE(elo.has_interval);
  EXPECT_NEAR(elo.los, 0.905844, 1e-5);
}

TEST(Stats, NoIntervalWithoutTheDataForOne) {
  EXPECT_FALSE(estimate_elo({}).defined);
  const EloEstimate one = estimate_elo({0.75});
  EXPECT_TRUE(one.defined);
  EXPECT_FALSE(one.has_interval);
  EXPECT_EQ(one.note, "one sample is too little data for an interval");
  const EloEstimate same = estimate_elo({0.5, 0.5, 0.5});
  EXPECT_FALSE(same.has_interval);
  EXPECT_EQ(same.note, "every sample scored the same: too little data for an interval");
  const EloEstimate won = estimate_elo({1.0, 1.0});
  EXPECT_FALSE(won.has_interval);
  EXPECT_TRUE(std::isinf(won.elo));
  EXPECT_EQ(won.note, "every sample was won: too little data for an interval");
}

// Table lines for two engines: the estimate with its interval as [lo, hi]
// (lopsided on the Elo scale, so never "+-"), or the estimate and why
// there is no interval.
TEST(Stats, TheTablePrintsIntervalsHonestly) {
  const auto table_of = [](const std::vector<GameSummary>& games) {
    return results_table(compute_results({"new", "old"}, 2, games, std::nullopt));
  };
  const auto pair = [](int opening, int first, int second) {
    // new's places in the two games of an opening: 0 first, 1 second, 2 a draw.
    const auto standings = [](int place) {
      return place == 2   ? std::vector<std::vector<int>>{{0, 1}}
             : place == 0 ? std::vector<std::vector<int>>{{0}, {1}}
                          : std::vector<std::vector<int>>{{1}, {0}};
    };
    auto second_standings = standings(second);
    if (second != 2) std::swap(second_standings[0], second_standings[1]);
    return std::vector<GameSummary>{
        {2 * opening + 1, opening, 0, {0, 1}, standings(first), "t", {}},
        {2 * opening + 2, opening, 1, {1, 0}, second_standings, "t", {}}};
  };
  std::vector<GameSummary> games;
  for (const auto& [first, second] :
       std::vector<std::pair<int, int>>{{0, 2}, {0, 0}, {1, 2}, {0, 1}, {0, 2}}) {
    auto more = pair(static_cast<int>(games.size() / 2), first, second);
    games.insert(games.end(), more.begin(), more.end());
  }
  const std::string text = table_of(games);
  EXPECT_EQ(text.find("+-"), std::string::npos) << text;
  EXPECT_NE(text.find("Elo new - old: +107.5 [-51.4, +335.6] (95%, 5 openings as game pairs), "
                      "LOS 90.6%"),
            std::string::npos)
      << text;
  const std::string one = table_of(pair(0, 0, 0));
  EXPECT_NE(one.find("Elo new - old: +inf (1 opening as game pairs; one sample is too little "
                     "data for an interval)"),
            std::string::npos)
      << one;
  // Level games: no sign on nothing, and no interval.
  const std::string level = table_of(pair(0, 2, 2));
  EXPECT_NE(level.find("Elo new - old: +0.0 (1 opening as game pairs; "), std::string::npos)
      << level;
  EXPECT_EQ(level.find("-0.0"), std::string::npos) << level;
  EXPECT_NE(table_of({}).find("Elo new - old: no estimate yet"), std::string::npos);
}

TEST(Clock, ParsesAndCharges) {
  auto control = parse_clock("10+0.1");
  ASSERT_TRUE(control.ok());
  EXPECT_EQ(control->base_ms, 10000);
  EXPECT_EQ(control->increment_ms, 100);
  EXPECT_FALSE(parse_clock("ten").ok());
  GameClock clock(*control, 2);
  EXPECT_EQ(parse_clock("2.5+.05")->base_ms, 2500);
  EXPECT_EQ(parse_clock("2.5+.05")->increment_ms, 50);
  EXPECT_EQ(clock.go_command(), "go p1time 10000 p2time 10000 p1inc 100 p2inc 100");
  EXPECT_EQ(clock.allowance_ms(0), 10100);  // plus the 100 ms margin
  EXPECT_TRUE(clock.charge(0, 400));
  EXPECT_EQ(clock.left_ms(0), 9700);
  EXPECT_FALSE(clock.charge(1, 10101));
}

TEST(Clock, RefusesWhatIsNoDecimalNumberOfSeconds) {
  // strtod read all of these: nan, hex, exponents, signs and spaces.
  for (const char* text : {"nan", "inf", "0x10", "1e3", "+5", " 5", "5 ", "-5", "10+nan", "10+-1",
                           "10+", "+1", "1.2.3", "", "99999999999"}) {
    const auto parsed = parse_clock(text);
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_NE(parsed.error().find("expected <seconds>[+<increment seconds>]"), std::string::npos)
        << parsed.error();
  }
  // A number, but no time to play with.
  for (const char* text : {"0", "0+1", "0.0004"})
    EXPECT_EQ(
        parse_clock(text).error(),
        "the base time must be above 0 seconds (at least 0.001), got '" + std::string(text) + "'");
  EXPECT_EQ(parse_clock("a\x1b[2J").error(),
            "expected <seconds>[+<increment seconds>] such as 10+0.1, got 'a\\x1b[2J'");
}

TEST(Sprt, RefusesBadParameters) {
  auto sprt = parse_sprt({"elo0=-1.5", "elo1=4", "alpha=.1", "beta=0.2"});
  ASSERT_TRUE(sprt.ok()) << sprt.error();
  EXPECT_EQ(sprt->elo0, -1.5);
  EXPECT_EQ(sprt->alpha, 0.1);
  // NaN passed the old range checks (every comparison with it is false).
  EXPECT_EQ(parse_sprt({"elo0=nan"}).error(), "--sprt: elo0 expects a decimal number, got 'nan'");
  EXPECT_FALSE(parse_sprt({"elo1=inf"}).ok());
  EXPECT_FALSE(parse_sprt({"alpha=0x1"}).ok());
  EXPECT_FALSE(parse_sprt({"alpha=1"}).ok());
  EXPECT_FALSE(parse_sprt({"elo0=5", "elo1=5"}).ok());
  EXPECT_EQ(parse_sprt({"elo1=1001"}).error(),
            "--sprt: elo0 and elo1 must lie between -1000 and 1000");
  EXPECT_EQ(parse_sprt({"gamma=1"}).error(),
            "--sprt: expected elo0, elo1, alpha or beta, got 'gamma'");
}

TEST(Clock, TimeOddsGiveEachPlayerItsOwnClock) {
  // Player 2 thinks twice as long (tc=20+0.2 against the match's 10+0.1).
  auto fast = parse_clock("10+0.1");
  auto slow = parse_clock("20+0.2");
  ASSERT_TRUE(fast.ok() && slow.ok());
  GameClock clock({*fast, *slow});
  EXPECT_EQ(clock.go_command(1), "go p1time 10000 p2time 20000 p1inc 100 p2inc 200");
  EXPECT_EQ(clock.allowance_ms(1), 20100);
  EXPECT_TRUE(clock.charge(1, 1000));
  EXPECT_EQ(clock.left_ms(1), 19200);
  EXPECT_EQ(clock.left_ms(0), 10000);
  // A player on fixed depth next to one on a clock: only the clock is sent,
  // with the mover's own limit.
  TimeControl depth;
  depth.depth = 3;
  GameClock mixed({*fast, depth});
  EXPECT_EQ(mixed.go_command(1), "go p1time 10000 p1inc 100 depth 3");
  EXPECT_EQ(mixed.go_command(0), "go p1time 10000 p1inc 100");
}

}  // namespace
}  // namespace tiaoqi::match
