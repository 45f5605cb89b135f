#include "tools/match/results.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "tools/common/record.hpp"
#include "tools/match/plackett_luce.hpp"

namespace tiaoqi::match {
namespace {

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

// Adds one game to the table and the pairwise scores.
void count_game(MatchResults& results, const GameSummary& game) {
  const int players = results.players;
  const auto places = places_of(game.standings, players);
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
    row.points += placement_score(game.standings, seat);
    row.placement_sum += place.middle;
    if (static_cast<std::size_t>(seat) < game.move_times.size())
      row.move_times += game.move_times[static_cast<std::size_t>(seat)];
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
  bool refused = false;
  for (const SeatFault& fault : game.faults) {
    EngineRow& row = results.rows[static_cast<std::size_t>(
        game.seat_engines[static_cast<std::size_t>(fault.player)])];
    if (fault.kind == FaultKind::kTimeLoss)
      ++row.time_losses;
    else
      ++row.faults;
    refused = refused || fault.kind == FaultKind::kRefused;
  }
  if (refused) ++results.refused_games;
}

// The games of one opening between one set of engines.
struct Meeting {
  int games = 0;
  double first_score = 0;  // the lower engine's placement scores
  int first_seats = 0;
};

// One pair's games at one opening's table of three or more engines.
struct GroupScore {
  int games = 0;
  double points = 0;  // the sum over games of the lower engine's share
};
using GroupKey = std::pair<int, std::set<int>>;  // the opening, the table

// For every two engines that met at a table of three or more engines, their
// head-to-head score at each opening's table.
std::map<std::pair<int, int>, std::map<GroupKey, GroupScore>> group_meetings(
    int players, const std::vector<GameSummary>& games) {
  std::map<std::pair<int, int>, std::map<GroupKey, GroupScore>> meetings;
  for (const auto& game : games) {
    const std::set<int> engines(game.seat_engines.begin(), game.seat_engines.end());
    if (engines.size() < 3) continue;
    std::vector<int> place(static_cast<std::size_t>(players), 0);
    for (std::size_t group = 0; group < game.standings.size(); ++group)
      for (int player : game.standings[group])
        place[static_cast<std::size_t>(player)] = static_cast<int>(group);
    for (int first : engines)
      for (int second : engines) {
        if (second <= first) continue;
        double points = 0;
        int seat_pairs = 0;
        for (int a = 0; a < players; ++a)
          for (int b = 0; b < players; ++b) {
            if (game.seat_engines[static_cast<std::size_t>(a)] != first ||
                game.seat_engines[static_cast<std::size_t>(b)] != second)
              continue;
            const int ahead =
                place[static_cast<std::size_t>(b)] - place[static_cast<std::size_t>(a)];
            points += ahead > 0 ? 1.0 : ahead == 0 ? 0.5 : 0.0;
            ++seat_pairs;
          }
        GroupScore& score = meetings[{first, second}][{game.opening_index, engines}];
        ++score.games;
        score.points += points / seat_pairs;
      }
  }
  return meetings;
}

// One sample per opening whose games between two engines all finished, and
// the Elo and pentanomial over them.
void pair_statistics(MatchResults& results, const std::vector<GameSummary>& games) {
  std::map<std::pair<int, std::pair<int, int>>, Meeting> meetings;
  for (const auto& game : games) {
    const std::set<int> engines(game.seat_engines.begin(), game.seat_engines.end());
    if (engines.size() != 2) continue;
    const int first = *engines.begin();
    const int second = *engines.rbegin();
    Meeting& meeting = meetings[{game.opening_index, {first, second}}];
    ++meeting.games;
    for (int seat = 0; seat < results.players; ++seat)
      if (game.seat_engines[static_cast<std::size_t>(seat)] == first) {
        meeting.first_score += placement_score(game.standings, seat);
        ++meeting.first_seats;
      }
  }
  std::map<std::pair<int, int>, PairResult> pairs;
  // Two engines always have their line, if only to say there is no
  // estimate yet.
  if (results.names.size() == 2) pairs[{0, 1}] = PairResult{};
  for (const auto& [key, meeting] : meetings) {
    PairResult& pair = pairs[key.second];
    pair.first = key.second.first;
    pair.second = key.second.second;
    // Every rotation of the opening: as many games as players.
    if (meeting.games != results.players || meeting.first_seats == 0) continue;
    pair.samples.push_back(meeting.first_score / meeting.first_seats);
  }
  // Two engines that met only at tables of more engines: one sample per
  // opening and table whose rotations all finished, the lower engine's
  // share of the seat pairs in which it finished ahead of the other (a
  // tie half), averaged over the games.
  for (const auto& [key, meeting] : group_meetings(results.players, games)) {
    if (pairs.count(key) && !pairs[key].among_others) continue;
    PairResult& pair = pairs[key];
    pair.first = key.first;
    pair.second = key.second;
    pair.among_others = true;
    for (const auto& [opening, score] : meeting)
      if (score.games == results.players) pair.samples.push_back(score.points / score.games);
  }
  for (auto& [key, pair] : pairs) {
    pair.elo = estimate_elo(pair.samples);
    if (results.players == 2) pair.pentanomial = pentanomial(pair.samples);
    results.pairs.push_back(std::move(pair));
  }
}

}  // namespace

const PairResult* MatchResults::head_to_head() const {
  for (const auto& pair : pairs)
    if (pair.first == 0 && pair.second == 1) return &pair;
  return nullptr;
}

MatchResults compute_results(const std::vector<std::string>& names, int players,
                             std::vector<GameSummary> games,
                             const std::optional<SprtConfig>& sprt_config, bool with_ratings) {
  std::sort(games.begin(), games.end(),
            [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  MatchResults results;
  const auto engines = names.size();
  results.names = names;
  results.players = players;
  results.games = static_cast<int>(games.size());
  results.rows.assign(engines, {});
  results.pair_points.assign(engines, std::vector<double>(engines, 0.0));
  results.pair_counts.assign(engines, std::vector<int>(engines, 0));
  std::vector<FinishingOrder> orders;
  for (const auto& game : games) {
    count_game(results, game);
    orders.push_back(engine_order(game));
  }
  pair_statistics(results, games);
  results.sprt_config = sprt_config;
  if (sprt_config) {
    const PairResult* pair = results.head_to_head();
    results.sprt = sprt(*sprt_config, pair ? pair->samples : std::vector<double>{});
  }
  if (with_ratings && (players >= 3 || engines > 2)) add_ratings(results, orders);
  return results;
}

void add_ratings(MatchResults& results, const std::vector<FinishingOrder>& orders) {
  if (orders.empty()) return;
  const int engines = static_cast<int>(results.names.size());
  results.ratings = plackett_luce_elo(engines, orders);
  results.rating_intervals = plackett_luce_intervals(engines, orders);
  // An engine above (below) every other in every game keeps the rating
  // the prior gives it, finite; but every bootstrap sample is the same
  // sweep, so its interval is open on that side: no number of such games
  // bounds it.
  const std::vector<int> unbounded = unbounded_ratings(engines, orders);
  for (std::size_t e = 0; e < unbounded.size(); ++e) {
    if (unbounded[e] == 0) continue;
    if (e < results.rating_intervals.size()) {
      RatingInterval& interval = results.rating_intervals[e];
      (unbounded[e] > 0 ? interval.high : interval.low) = unbounded[e] * INFINITY;
    }
    if (results.ratings_note.empty())
      results.ratings_note = results.names[e] + (unbounded[e] > 0 ? " won" : " lost") +
                             " every game: its rating rests on the prior (one drawn game with"
                             " each other engine), its interval is open " +
                             (unbounded[e] > 0 ? "above" : "below");
  }
}

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

namespace {

// Infinite ends are written as null: JSON has no infinity.
tools::Json number_or_null(double value) {
  return std::isfinite(value) ? tools::Json(value) : tools::Json(nullptr);
}

}  // namespace

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
    entry["time_losses"] = row.time_losses;
    entry["faults"] = row.faults;
    entry["moves"] = row.move_times.moves;
    entry["move_ms_total"] = row.move_times.total_ms;
    entry["move_ms_mean"] = row.move_times.mean_ms();
    entry["move_ms_max"] = row.move_times.max_ms;
    entry["moves_over_movetime"] = row.move_times.over_movetime;
    if (e < results.ratings.size()) entry["rating"] = number_or_null(results.ratings[e]);
    if (e < results.rating_intervals.size())
      entry["rating_interval"] = {number_or_null(results.rating_intervals[e].low),
                                  number_or_null(results.rating_intervals[e].high)};
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
  if (!results.ratings_note.empty()) json["ratings_note"] = results.ratings_note;
  tools::Json elo = tools::Json::array();
  for (const PairResult& pair : results.pairs) {
    tools::Json entry;
    entry["engines"] = {results.names[static_cast<std::size_t>(pair.first)],
                        results.names[static_cast<std::size_t>(pair.second)]};
    entry["samples"] = pair.samples.size();
    entry["score"] = pair.elo.score;
    entry["elo"] = number_or_null(pair.elo.elo);
    if (pair.elo.has_interval) {
      entry["low"] = number_or_null(pair.elo.elo_low);
      entry["high"] = number_or_null(pair.elo.elo_high);
      entry["los"] = pair.elo.los;
    } else {
      entry["note"] = pair.elo.note;
    }
    if (results.players == 2) entry["pentanomial"] = pair.pentanomial;
    elo.push_back(std::move(entry));
  }
  json["elo"] = std::move(elo);
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
  for (const auto& game : games) {
    tools::Json faults = tools::Json::array();
    for (const SeatFault& fault : game.faults)
      faults.push_back({{"player", fault.player + 1}, {"kind", fault_kind_name(fault.kind)}});
    // One entry per player, those without times as none.
    tools::Json move_times = tools::Json::array();
    for (std::size_t player = 0; player < game.seat_engines.size(); ++player) {
      const MoveTimes times =
          player < game.move_times.size() ? game.move_times[player] : MoveTimes{};
      move_times.push_back({{"moves", times.moves},
                            {"total_ms", times.total_ms},
                            {"max_ms", times.max_ms},
                            {"over_movetime", times.over_movetime}});
    }
    list.push_back({{"game", game.game},
                    {"opening", game.opening_index},
                    {"rotation", game.rotation},
                    {"seats", game.seat_engines},
                    {"result", tools::format_standings(game.standings)},
                    {"termination", game.termination},
                    {"faults", std::move(faults)},
                    {"move_times", std::move(move_times)}});
  }
  return list;
}

}  // namespace tiaoqi::match
