#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "tools/common/json.hpp"
#include "tools/match/sprt.hpp"
#include "tools/match/stats.hpp"

namespace tiaoqi::match {

// What the statistics need from one finished game.
struct GameSummary {
  int game = 0;
  int opening_index = 0;
  int rotation = 0;
  std::vector<int> seat_engines;
  std::vector<std::vector<int>> standings;  // players, 0-based, best first
  std::string termination;
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
  double average_placement() const { return games ? placement_sum / games : 0; }
};

struct MatchResults {
  std::vector<std::string> names;
  int players = 2;
  int rotations = 2;
  int games = 0;
  std::vector<EngineRow> rows;
  // pair_points[i][j]: i's score against j over every two seats they held
  // in one game; pair_counts[i][j] how many such meetings.
  std::vector<std::vector<double>> pair_points;
  std::vector<std::vector<int>> pair_counts;
  // Two engines: engine 0's mean score over the rotations of each opening
  // whose rotations all finished.
  std::vector<double> samples;
  EloEstimate elo;
  std::array<int, 5> pentanomial{};
  std::optional<SprtConfig> sprt_config;
  SprtState sprt;
  // Three or more players: Plackett-Luce ratings, mean 0.
  std::vector<double> ratings;
};

// A seat's placement score in [0, 1]: (players placed below + half the
// others sharing its place) / (players - 1).
double placement_score(const std::vector<std::vector<int>>& standings, int player);

// The statistics of every game given, taken in game order so that the same
// games give the same numbers however they were played (shards, threads).
MatchResults compute_results(const std::vector<std::string>& names, int players,
                             std::vector<GameSummary> games, const std::optional<SprtConfig>& sprt,
                             bool with_ratings = true);

std::string results_table(const MatchResults& results);
std::string progress_line(const MatchResults& results, int scheduled);

tools::Json results_json(const MatchResults& results);
// The finished games as the summary lists them; merge reads them back.
tools::Json games_json(const std::vector<GameSummary>& games);

}  // namespace tiaoqi::match
