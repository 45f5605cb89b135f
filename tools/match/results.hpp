#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "tools/common/json.hpp"
#include "tools/match/faults.hpp"
#include "tools/match/move_times.hpp"
#include "tools/match/plackett_luce.hpp"
#include "tools/match/sprt.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::match {

// What the statistics need from one finished game.
struct GameSummary {
  int game = 0;  // from 1
  int opening_index = 0;
  int rotation = 0;
  std::vector<int> seat_engines;
  std::vector<std::vector<int>> standings;  // players, 0-based, best first
  std::string termination;
  std::vector<SeatFault> faults;
  // Each player's thinking time, in turn order; a summary written before
  // the runner kept them has none, which counts as no moves. (With an
  // initializer, a brace list may leave it out without a warning.)
  std::vector<MoveTimes> move_times = {};
  bool operator==(const GameSummary&) const = default;
};

// One engine's line of the table. An engine with several seats in a game
// (copies) counts once per seat.
struct EngineRow {
  int games = 0;
  int wins = 0;   // alone in first place
  int draws = 0;  // first place shared
  int losses = 0;
  double points = 0;         // placement score: 1 per player placed below, 1/2 per tie
  double placement_sum = 0;  // 1 = first; a shared place counts its middle
  int time_losses = 0;
  int faults = 0;        // crashes, hangs, illegal moves, garbage, refusals
  MoveTimes move_times;  // over every seat it held
  double average_placement() const { return games ? placement_sum / games : 0; }
};

// Two engines that met: on their own (in games of two players, or one
// engine against copies of the other), where a sample is one opening's
// games between them (every rotation finished), `first`'s mean placement
// score; or only at tables of three or more engines (among_others), where
// a sample is one opening's table, `first`'s mean share of the seat pairs
// in which it finished ahead of `second`.
struct PairResult {
  int first = 0;
  int second = 1;
  bool among_others = false;
  std::vector<double> samples;
  EloEstimate elo;
  std::array<int, 5> pentanomial{};  // games of two players only
};

struct MatchResults {
  std::vector<std::string> names;
  int players = 2;
  int games = 0;
  std::vector<EngineRow> rows;
  // pair_points[i][j]: i's score against j over every two seats they held
  // in one game; pair_counts[i][j] how many such meetings.
  std::vector<std::vector<double>> pair_points;
  std::vector<std::vector<int>> pair_counts;
  std::vector<PairResult> pairs;  // by (first, second), first < second
  std::optional<SprtConfig> sprt_config;
  SprtState sprt;
  // More than two engines, or three or more players: Plackett-Luce
  // ratings, mean 0.
  std::vector<double> ratings;
  // Their 95% intervals (empty below two games; the end a sweep leaves
  // unbounded is infinite).
  std::vector<RatingInterval> rating_intervals;
  // Why an interval is open: an engine won (or lost) every game, and its
  // rating is its prior's.
  std::string ratings_note;
  // Games that ended in a refusal (the runner and an engine disagree).
  int refused_games = 0;
  // The pair of engines 0 and 1, when they met on their own.
  const PairResult* head_to_head() const;
};

// The statistics of every game given, taken in game order so that the same
// games give the same numbers however they were played (shards, threads).
MatchResults compute_results(const std::vector<std::string>& names, int players,
                             std::vector<GameSummary> games, const std::optional<SprtConfig>& sprt,
                             bool with_ratings = true);

// The Plackett-Luce ratings of `results`' engines from the games'
// finishing orders (engine_order), their 95% intervals, open on the side a
// sweep leaves unbounded, and the note that says so. compute_results adds
// them where the runner's table shows them (more than two engines, or
// three or more players); tiaoqi.match adds them everywhere.
void add_ratings(MatchResults& results, const std::vector<FinishingOrder>& orders);
// A game's finishing order with engines in place of players.
FinishingOrder engine_order(const GameSummary& game);

tools::Json results_json(const MatchResults& results);
// The finished games as the summary lists them; merge and resume read
// them back.
tools::Json games_json(const std::vector<GameSummary>& games);

}  // namespace tiaoqi::match
