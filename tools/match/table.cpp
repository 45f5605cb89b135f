#include "tools/match/table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string elo_number(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  // No "-0.0": a difference that rounds to nothing has no sign.
  if (std::abs(elo) < 0.05) elo = 0;
  return format("%+.1f", elo);
}

// An end of a rating's interval: whole Elo, or an open end.
std::string interval_end(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return format("%+.0f", elo);
}

// "41/57": the mean and the longest milliseconds of a move.
std::string move_times_text(const MoveTimes& times) {
  return format("%.0f", times.mean_ms()) + "/" + std::to_string(times.max_ms);
}

std::string padded(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

void add_cross_table(std::string& text, const MatchResults& results, std::size_t width) {
  text += "Cross table (points of the row against the column / meetings):\n";
  std::size_t cell = 9;
  for (const auto& name : results.names) cell = std::max(cell, name.size() + 2);
  text += std::string(width + 2, ' ');
  for (const auto& name : results.names) text += padded(name, cell);
  text += '\n';
  for (std::size_t i = 0; i < results.names.size(); ++i) {
    text += "  " + results.names[i] + std::string(width - results.names[i].size(), ' ');
    for (std::size_t j = 0; j < results.names.size(); ++j) {
      std::string entry = "-";
      if (i != j && results.pair_counts[i][j] > 0)
        entry = format("%g", results.pair_points[i][j]) + "/" +
                std::to_string(results.pair_counts[i][j]);
      else if (i != j)
        entry = ".";
      text += padded(entry, cell);
    }
    text += '\n';
  }
}

std::string samples_text(const MatchResults& results, const PairResult& pair) {
  std::string text = util::plural(static_cast<std::int64_t>(pair.samples.size()), "opening");
  if (pair.among_others) return text + ", head to head at tables of more engines";
  return text + (results.players == 2 ? " as game pairs" : ", placement averaged over rotations");
}

}  // namespace

std::string results_table(const MatchResults& results) {
  std::string text;
  std::size_t width = 6;
  for (const auto& name : results.names) width = std::max(width, name.size());
  const bool placements = results.players >= 3;
  const bool ratings = !results.ratings.empty();
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %6s %6s %6s %6s %8s %7s %6s %6s %9s %5s",
                static_cast<int>(width), "Engine", "Games", "Wins", "Draws", "Losses", "Points",
                "Score", "Time", "Faults", "ms/move", "Over");
  text += line;
  if (placements) text += "  AvgPlace";
  if (ratings) text += "  Rating [95% interval]";
  text += '\n';
  for (std::size_t e = 0; e < results.rows.size(); ++e) {
    const EngineRow& row = results.rows[e];
    std::snprintf(line, sizeof line, "%-*s %6d %6d %6d %6d %8.1f %6.1f%% %6d %6d %9s %5lld",
                  static_cast<int>(width), results.names[e].c_str(), row.games, row.wins, row.draws,
                  row.losses, row.points, row.games ? 100.0 * row.points / row.games : 0.0,
                  row.time_losses, row.faults, move_times_text(row.move_times).c_str(),
                  row.move_times.over_movetime);
    text += line;
    if (placements) text += format("  %8.2f", row.average_placement());
    if (ratings) text += format("  %+6.1f", e < results.ratings.size() ? results.ratings[e] : 0.0);
    if (ratings && e < results.rating_intervals.size())
      text += " [" + interval_end(results.rating_intervals[e].low) + ", " +
              interval_end(results.rating_intervals[e].high) + "]";
    text += '\n';
  }
  if (!results.ratings_note.empty()) text += "Ratings: " + results.ratings_note + "\n";
  if (results.names.size() > 2 || placements) add_cross_table(text, results, width);
  for (const PairResult& pair : results.pairs) {
    const std::string& first = results.names[static_cast<std::size_t>(pair.first)];
    const std::string& second = results.names[static_cast<std::size_t>(pair.second)];
    text += "Elo " + first + " - " + second + ": ";
    if (!pair.elo.defined) {
      text += "no estimate yet (no opening has finished all its games between them)\n";
      continue;
    }
    text += elo_number(pair.elo.elo);
    if (pair.elo.has_interval)
      text += " [" + elo_number(pair.elo.elo_low) + ", " + elo_number(pair.elo.elo_high) +
              "] (95%, " + samples_text(results, pair) + "), LOS " +
              format("%.1f%%", 100.0 * pair.elo.los);
    else
      text += " (" + samples_text(results, pair) + "; " + pair.elo.note + ")";
    text += '\n';
    if (results.players == 2 && results.names.size() == 2) {
      const auto& p = pair.pentanomial;
      std::snprintf(line, sizeof line, "Pentanomial [0, 1/4, 1/2, 3/4, 1]: [%d, %d, %d, %d, %d]\n",
                    p[0], p[1], p[2], p[3], p[4]);
      text += line;
    }
  }
  if (results.sprt_config) {
    std::snprintf(line, sizeof line,
                  "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] %s\n",
                  results.sprt_config->elo0, results.sprt_config->elo1, results.sprt_config->alpha,
                  results.sprt_config->beta, results.sprt.llr, results.sprt.lower,
                  results.sprt.upper, decision_text(results.sprt.decision).c_str());
    text += line;
  }
  return text;
}

std::string score_line(const MatchResults& results) {
  std::string text;
  for (std::size_t e = 0; e < results.rows.size(); ++e)
    text += (e ? " " : "") + results.names[e] + " " + format("%g", results.rows[e].points);
  if (results.names.size() == 2)
    if (const PairResult* pair = results.head_to_head(); pair && pair->elo.has_interval)
      text += " | Elo " + elo_number(pair->elo.elo) + " [" + elo_number(pair->elo.elo_low) + ", " +
              elo_number(pair->elo.elo_high) + "]";
  if (results.sprt_config) text += " | LLR " + format("%.2f", results.sprt.llr);
  return text;
}

}  // namespace tiaoqi::match
