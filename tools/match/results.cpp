#include "tools/match/results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "engine/util/text.hpp"
#include "tools/common/record.hpp"
#include "tools/match/plackett_luce.hpp"

namespace tiaoqi::match {
namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string elo_text(const EloEstimate& elo) {
  if (!elo.defined) return "n/a";
  if (!std::isfinite(elo.elo)) return elo.elo > 0 ? "+inf" : "-inf";
  std::string text = format("%+.1f", elo.elo);
  if (std::isfinite(elo.elo_low) && std::isfinite(elo.elo_high))
    text += " +- " + format("%.1f", elo.error());
  text += " [" + format("%.1f", elo.elo_low) + ", " + format("%.1f", elo.elo_high) + "]";
  return text;
}

struct Place {
  int group = 0;      // index of the player's group
  double middle = 1;  // the middle of the places the group covers, 1-based
};

std::vector<Place> places_of(const std::vector<std::vector<int>>& standings, int players) {
  std::vector<Place> places(static_cast<std::size_t>(players));
  int taken = 0;
  for (std::size_t g = 0; g < standings.size(); ++g) {
    const int size = static_cast<int>(standings[g].size());
    for (int player : standings[g])
      places[static_cast<std::size_t>(player)] = {static_cast<int>(g), taken + (size + 1) / 2.0};
    taken += size;
  }
  return places;
}

}  // namespace

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

namespace {

// Adds one game to the table and the pairwise scores; returns engine 0's
// mean placement score over its seats (-1 when it did not play).
double count_game(MatchResults& results, const GameSummary& game) {
  const int players = results.players;
  const auto places = places_of(game.standings, players);
  double engine0_score = 0;
  int engine0_seats = 0;
  for (int seat = 0; seat < players; ++seat) {
    const int engine = game.seat_engines[static_cast<std::size_t>(seat)];
    EngineRow& row = results.rows[static_cast<std::size_t>(engine)];
    const Place& place = places[static_cast<std::size_t>(seat)];
    ++row.games;
    if (place.group == 0 && game.standings[0].size() == 1)
      ++row.wins;
    else if (place.group == 0)
      ++row.draws;
    else
      ++row.losses;
    const double score = placement_score(game.standings, seat);
    row.points += score;
    row.placement_sum += place.middle;
    if (engine == 0) {
      engine0_score += score;
      ++engine0_seats;
    }
    for (int other = 0; other < players; ++other) {
      const int rival = game.seat_engines[static_cast<std::size_t>(other)];
      if (other == seat || rival == engine) continue;
      const Place& theirs = places[static_cast<std::size_t>(other)];
      results.pair_points[engine][rival] += place.group < theirs.group    ? 1.0
                                            : place.group == theirs.group ? 0.5
                                                                          : 0.0;
      ++results.pair_counts[engine][rival];
    }
  }
  return engine0_seats ? engine0_score / engine0_seats : -1;
}

// The game's finishing order with engines in place of players.
FinishingOrder engine_order(const GameSummary& game) {
  FinishingOrder order;
  for (const auto& group : game.standings) {
    std::vector<int> engines_in_group;
    for (int player : group)
      engines_in_group.push_back(game.seat_engines[static_cast<std::size_t>(player)]);
    order.push_back(engines_in_group);
  }
  return order;
}

// Two engines: one sample per opening whose rotations all finished, and
// the Elo, pentanomial and SPRT over them.
void two_engine_statistics(MatchResults& results,
                           const std::map<int, std::vector<double>>& opening_scores,
                           const std::optional<SprtConfig>& sprt_config) {
  for (const auto& [opening, scores] : opening_scores) {
    if (static_cast<int>(scores.size()) != results.rotations) continue;
    double sum = 0;
    for (double s : scores) sum += s;
    results.samples.push_back(sum / static_cast<double>(scores.size()));
  }
  results.elo = estimate_elo(results.samples);
  if (results.players == 2) results.pentanomial = pentanomial(results.samples);
  results.sprt_config = sprt_config;
  if (sprt_config) results.sprt = sprt(*sprt_config, results.samples);
}

}  // namespace

MatchResults compute_results(const std::vector<std::string>& names, int players,
                             std::vector<GameSummary> games,
                             const std::optional<SprtConfig>& sprt_config, bool with_ratings) {
  std::sort(games.begin(), games.end(),
            [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  MatchResults results;
  const auto engines = names.size();
  results.names = names;
  results.players = players;
  results.rotations = players;
  results.games = static_cast<int>(games.size());
  results.rows.assign(engines, {});
  results.pair_points.assign(engines, std::vector<double>(engines, 0.0));
  results.pair_counts.assign(engines, std::vector<int>(engines, 0));
  std::map<int, std::vector<double>> opening_scores;
  std::vector<FinishingOrder> orders;
  for (const auto& game : games) {
    const double engine0_score = count_game(results, game);
    if (engine0_score >= 0) opening_scores[game.opening_index].push_back(engine0_score);
    orders.push_back(engine_order(game));
  }
  if (engines == 2) two_engine_statistics(results, opening_scores, sprt_config);
  if (with_ratings && players >= 3 && !orders.empty())
    results.ratings = plackett_luce_elo(static_cast<int>(engines), orders);
  return results;
}

std::string results_table(const MatchResults& results) {
  std::string text;
  std::size_t width = 6;
  for (const auto& name : results.names) width = std::max(width, name.size());
  char line[256];
  std::snprintf(line, sizeof line, "%-*s %6s %6s %6s %6s %8s %7s", static_cast<int>(width),
                "Engine", "Games", "Wins", "Draws", "Losses", "Points", "Score");
  text += line;
  if (results.players >= 3) text += "  AvgPlace  Rating";
  text += '\n';
  for (std::size_t e = 0; e < results.rows.size(); ++e) {
    const EngineRow& row = results.rows[e];
    std::snprintf(line, sizeof line, "%-*s %6d %6d %6d %6d %8.1f %6.1f%%", static_cast<int>(width),
                  results.names[e].c_str(), row.games, row.wins, row.draws, row.losses, row.points,
                  row.games ? 100.0 * row.points / row.games : 0.0);
    text += line;
    if (results.players >= 3) {
      std::snprintf(line, sizeof line, "  %8.2f  %+6.1f", row.average_placement(),
                    e < results.ratings.size() ? results.ratings[e] : 0.0);
      text += line;
    }
    text += '\n';
  }
  if (results.names.size() > 2 || results.players >= 3) {
    text += "Pairwise scores (row against column, placement per meeting):\n";
    for (std::size_t i = 0; i < results.names.size(); ++i) {
      text += "  " + results.names[i] + ":";
      for (std::size_t j = 0; j < results.names.size(); ++j) {
        if (i == j || results.pair_counts[i][j] == 0) continue;
        std::snprintf(line, sizeof line, " %s %.1f/%d", results.names[j].c_str(),
                      results.pair_points[i][j], results.pair_counts[i][j]);
        text += line;
      }
      text += '\n';
    }
  }
  if (results.names.size() == 2) {
    text += "Elo " + results.names[0] + " - " + results.names[1] + ": " + elo_text(results.elo) +
            " (95%, " + util::plural(static_cast<std::int64_t>(results.samples.size()), "opening");
    text += results.players == 2 ? " as game pairs)" : ", placement averaged over rotations)";
    text += '\n';
    if (results.players == 2) {
      const auto& p = results.pentanomial;
      std::snprintf(line, sizeof line, "Pentanomial [0, 1/4, 1/2, 3/4, 1]: [%d, %d, %d, %d, %d]\n",
                    p[0], p[1], p[2], p[3], p[4]);
      text += line;
    }
    if (results.sprt_config) {
      std::snprintf(
          line, sizeof line, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] %s\n",
          results.sprt_config->elo0, results.sprt_config->elo1, results.sprt_config->alpha,
          results.sprt_config->beta, results.sprt.llr, results.sprt.lower, results.sprt.upper,
          decision_text(results.sprt.decision).c_str());
      text += line;
    }
  }
  return text;
}

std::string progress_line(const MatchResults& results, int scheduled) {
  std::string text =
      "games " + std::to_string(results.games) + "/" + std::to_string(scheduled) + ":";
  for (std::size_t e = 0; e < results.rows.size(); ++e)
    text += " " + results.names[e] + " " + format("%.1f", results.rows[e].points);
  if (results.names.size() == 2 && results.elo.defined) text += " | Elo " + elo_text(results.elo);
  if (results.sprt_config) text += " | LLR " + format("%.2f", results.sprt.llr);
  return text;
}

tools::Json results_json(const MatchResults& results) {
  tools::Json json;
  json["games"] = results.games;
  tools::Json rows = tools::Json::array();
  for (std::size_t e = 0; e < results.rows.size(); ++e) {
    const EngineRow& row = results.rows[e];
    tools::Json entry;
    entry["name"] = results.names[e];
    entry["games"] = row.games;
    entry["wins"] = row.wins;
    entry["draws"] = row.draws;
    entry["losses"] = row.losses;
    entry["points"] = row.points;
    entry["average_placement"] = row.average_placement();
    if (e < results.ratings.size()) entry["rating"] = results.ratings[e];
    tools::Json pairs = tools::Json::array();
    for (std::size_t j = 0; j < results.rows.size(); ++j) {
      if (j == e || results.pair_counts[e][j] == 0) continue;
      pairs.push_back({{"opponent", results.names[j]},
                       {"points", results.pair_points[e][j]},
                       {"meetings", results.pair_counts[e][j]}});
    }
    entry["pairwise"] = std::move(pairs);
    rows.push_back(std::move(entry));
  }
  json["engines"] = std::move(rows);
  if (results.names.size() == 2 && results.elo.defined) {
    tools::Json elo;
    elo["samples"] = results.samples.size();
    elo["score"] = results.elo.score;
    elo["elo"] = results.elo.elo;
    elo["low"] = results.elo.elo_low;
    elo["high"] = results.elo.elo_high;
    if (results.players == 2) elo["pentanomial"] = results.pentanomial;
    json["elo"] = std::move(elo);
  }
  if (results.sprt_config) {
    json["sprt"] = {{"elo0", results.sprt_config->elo0},
                    {"elo1", results.sprt_config->elo1},
                    {"alpha", results.sprt_config->alpha},
                    {"beta", results.sprt_config->beta},
                    {"llr", results.sprt.llr},
                    {"lower", results.sprt.lower},
                    {"upper", results.sprt.upper},
                    {"decision", decision_text(results.sprt.decision)}};
  }
  return json;
}

tools::Json games_json(const std::vector<GameSummary>& games) {
  tools::Json list = tools::Json::array();
  for (const auto& game : games)
    list.push_back({{"game", game.game},
                    {"opening", game.opening_index},
                    {"rotation", game.rotation},
                    {"seats", game.seat_engines},
                    {"result", tools::format_standings(game.standings)},
                    {"termination", game.termination}});
  return list;
}

}  // namespace tiaoqi::match
