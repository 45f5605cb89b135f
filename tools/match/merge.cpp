#include "tools/match/merge.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/common/record.hpp"
#include "tools/match/schedule.hpp"
#include "tools/match/summary.hpp"

namespace tiaoqi::match {
namespace {

using tools::Json;

constexpr std::int64_t kMaxCount = std::numeric_limits<int>::max();

// A member of an object; null when it is missing or `object` is no object.
const Json& member(const Json& object, const char* key) {
  static const Json kNull;
  if (!object.is_object()) return kNull;
  const auto found = object.find(key);
  return found == object.end() ? kNull : *found;
}

Expected<std::int64_t> integer_member(const Json& object, const char* key, std::int64_t min,
                                      std::int64_t max, const std::string& where) {
  const Json& value = member(object, key);
  const bool in_range = value.is_number_unsigned()
                            ? value.get<std::uint64_t>() <= static_cast<std::uint64_t>(max) &&
                                  static_cast<std::int64_t>(value.get<std::uint64_t>()) >= min
                            : value.is_number_integer() && value.get<std::int64_t>() >= min &&
                                  value.get<std::int64_t>() <= max;
  if (!in_range)
    return fail(where + ": \"" + key + "\" must be a whole number from " + std::to_string(min) +
                " to " + std::to_string(max) + ", got " +
                util::quote_input(tools::dump_json(value)));
  return value.get<std::int64_t>();
}

Expected<std::string> string_member(const Json& object, const char* key, const std::string& where) {
  const Json& value = member(object, key);
  if (!value.is_string())
    return fail(where + ": \"" + key + "\" must be a string, got " +
                util::quote_input(tools::dump_json(value)));
  return value.get<std::string>();
}

// Every player placed exactly once.
bool is_full_standing(const std::vector<std::vector<int>>& standings, int players) {
  std::vector<bool> placed(static_cast<std::size_t>(players), false);
  int count = 0;
  for (const auto& group : standings)
    for (int player : group) {
      if (player < 0 || player >= players || placed[static_cast<std::size_t>(player)]) return false;
      placed[static_cast<std::size_t>(player)] = true;
      ++count;
    }
  return count == players;
}

constexpr std::int64_t kMaxFigure = std::numeric_limits<std::int64_t>::max();

// One player's times: whole numbers that fit together (the longest move
// within the total, the total within moves times the longest, no more
// moves over the movetime than moves).
Expected<MoveTimes> read_player_times(const Json& entry, const std::string& where) {
  MoveTimes times;
  for (auto [key, figure] :
       {std::pair{"moves", &times.moves}, std::pair{"total_ms", &times.total_ms},
        std::pair{"max_ms", &times.max_ms}, std::pair{"over_movetime", &times.over_movetime}}) {
    auto number = integer_member(entry, key, 0, kMaxFigure, where);
    if (!number) return Error{number.error()};
    *figure = *number;
  }
  const bool fits =
      times.moves == 0
          ? times.total_ms == 0 && times.max_ms == 0
          : times.max_ms <= times.total_ms &&
                times.total_ms / times.moves + (times.total_ms % times.moves != 0) <= times.max_ms;
  if (!fits || times.over_movetime > times.moves)
    return fail(where + ": the times do not fit together (max_ms <= total_ms <= max_ms * moves, " +
                "over_movetime <= moves), got moves " + std::to_string(times.moves) +
                ", total_ms " + std::to_string(times.total_ms) + ", max_ms " +
                std::to_string(times.max_ms) + ", over_movetime " +
                std::to_string(times.over_movetime));
  return times;
}

// Each player's times of a game entry; a summary written before the runner
// kept them has none, and every player counts no moves.
Expected<std::vector<MoveTimes>> read_move_times(const Json& list, int players,
                                                 const std::string& where) {
  std::vector<MoveTimes> times(static_cast<std::size_t>(players));
  if (list.is_null()) return times;
  if (!list.is_array() || list.size() != times.size())
    return fail(where + ": \"move_times\" must list the times of every player (" +
                util::plural(players, "player") + ")");
  for (std::size_t p = 0; p < times.size(); ++p) {
    auto read =
        read_player_times(list[p], where + ", the times of player " + std::to_string(p + 1));
    if (!read) return Error{read.error()};
    times[p] = *read;
  }
  return times;
}

}  // namespace

Expected<GameSummary> read_game_entry(const Json& entry, int players, int engines,
                                      const std::string& where) {
  GameSummary game;
  auto number = integer_member(entry, "game", 1, kMaxCount, where);
  auto opening = integer_member(entry, "opening", 0, kMaxCount, where);
  auto rotation = integer_member(entry, "rotation", 0, kMaxCount, where);
  if (!number) return Error{number.error()};
  if (!opening) return Error{opening.error()};
  if (!rotation) return Error{rotation.error()};
  game.game = static_cast<int>(*number);
  game.opening_index = static_cast<int>(*opening);
  game.rotation = static_cast<int>(*rotation);

  const Json& seats = member(entry, "seats");
  if (!seats.is_array() || seats.size() != static_cast<std::size_t>(players))
    return fail(where + ": \"seats\" must list one engine per player (" +
                util::plural(players, "player") + ")");
  for (const Json& seat : seats) {
    if (!seat.is_number_integer() || seat.get<std::int64_t>() < 0 ||
        seat.get<std::int64_t>() >= engines)
      return fail(where + ": a seat must be an engine number from 0 to " +
                  std::to_string(engines - 1) + ", got " +
                  util::quote_input(tools::dump_json(seat)));
    game.seat_engines.push_back(static_cast<int>(seat.get<std::int64_t>()));
  }

  auto result = string_member(entry, "result", where);
  if (!result) return Error{result.error()};
  auto standings = tools::parse_standings(*result);
  if (!standings || !is_full_standing(*standings, players))
    return fail(where + ": \"result\" must place every player once (" +
                util::plural(players, "player") + "), got " + util::quote_input(*result));
  game.standings = std::move(*standings);
  // Older summaries may lack the termination; it is only shown.
  if (!member(entry, "termination").is_null()) {
    auto termination = string_member(entry, "termination", where);
    if (!termination) return Error{termination.error()};
    game.termination = std::move(*termination);
  }
  // Older summaries lack the faults.
  const Json& faults = member(entry, "faults");
  if (!faults.is_null()) {
    if (!faults.is_array()) return fail(where + ": \"faults\" must be a list");
    for (const Json& fault : faults) {
      const std::string fault_where = where + ", a fault";
      auto player = integer_member(fault, "player", 1, players, fault_where);
      if (!player) return Error{player.error()};
      auto kind_name = string_member(fault, "kind", fault_where);
      if (!kind_name) return Error{kind_name.error()};
      const auto kind = parse_fault_kind(*kind_name);
      if (!kind)
        return fail(fault_where + ": \"kind\" must be time, fault or refused, got " +
                    util::quote_input(*kind_name));
      game.faults.push_back({static_cast<int>(*player) - 1, *kind});
    }
  }
  auto move_times = read_move_times(member(entry, "move_times"), players, where);
  if (!move_times) return Error{move_times.error()};
  game.move_times = std::move(*move_times);
  return game;
}

namespace {

Expected<std::optional<SprtConfig>> read_sprt(const Json& summary) {
  const Json& sprt = member(member(summary, "results"), "sprt");
  if (sprt.is_null()) return std::optional<SprtConfig>{};
  SprtConfig config;
  for (auto [key, value] : {std::pair{"elo0", &config.elo0}, std::pair{"elo1", &config.elo1},
                            std::pair{"alpha", &config.alpha}, std::pair{"beta", &config.beta}}) {
    const Json& number = member(sprt, key);
    if (!number.is_number())
      return fail("merge: the first summary's results.sprt lacks the number \"" + std::string(key) +
                  "\"");
    *value = number.get<double>();
  }
  auto valid = check_sprt(config);
  if (!valid) return fail("merge: the first summary's results.sprt: " + valid.error());
  return std::optional<SprtConfig>{config};
}

// What every shard must share with the first.
// The shards missing from a complete set, and whether games are missing.
std::vector<std::string> completeness(const std::vector<tools::Json>& summaries,
                                      std::int64_t scheduled, std::size_t games) {
  std::vector<std::string> warnings;
  std::set<std::int64_t> present;
  std::int64_t count = 0;
  bool labelled = true;
  for (const auto& summary : summaries) {
    const Json& shard = member(member(summary, "match"), "shard");
    const std::string label = shard.is_string() ? shard.get<std::string>() : "";
    const auto parts = util::split(label, '/');
    const auto k = parts.size() == 2 ? util::to_integer(parts[0]) : std::nullopt;
    const auto n = parts.size() == 2 ? util::to_integer(parts[1]) : std::nullopt;
    if (!k || !n || (count && *n != count)) {
      labelled = false;
      break;
    }
    count = *n;
    present.insert(*k);
  }
  if (labelled && count > 0 && static_cast<std::int64_t>(present.size()) < count) {
    std::string missing;
    int listed = 0;
    for (std::int64_t k = 1; k <= count; ++k)
      if (!present.count(k) && listed++ < 10)
        missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(count);
    if (count - static_cast<std::int64_t>(present.size()) > 10) missing += ", ...";
    warnings.push_back(util::plural(count - static_cast<std::int64_t>(present.size()), "shard") +
                       " of " + std::to_string(count) + " missing: " + missing);
  }
  if (static_cast<std::int64_t>(games) < scheduled)
    warnings.push_back(std::to_string(games) + " of the " + std::to_string(scheduled) +
                       " games the shards scheduled finished (a shard was interrupted or " +
                       "stopped early)");
  return warnings;
}

// The games one run of the SPRT would have played, and whether its test
// decided: a run plays the openings in order and stops at the end of the
// first opening at which the test decides, so the openings are taken in
// order up to the first one that is not whole, and cut at the decision.
struct SequentialCut {
  std::vector<GameSummary> games;
  int openings = 0;  // the openings kept
  bool decided = false;
};

SequentialCut cut_sequentially(const std::vector<std::string>& names, int players,
                               const std::vector<GameSummary>& games, const SprtConfig& sprt_config,
                               int per_opening) {
  std::map<int, std::vector<const GameSummary*>> by_opening;
  for (const auto& game : games) by_opening[game.opening_index].push_back(&game);
  SequentialCut cut;
  for (int opening = 0;; ++opening) {
    const auto found = by_opening.find(opening);
    if (found == by_opening.end() || static_cast<int>(found->second.size()) != per_opening) break;
    for (const GameSummary* game : found->second) cut.games.push_back(*game);
    cut.openings = opening + 1;
    const auto results = compute_results(names, players, cut.games, sprt_config, false);
    if (results.sprt.decision != SprtDecision::kContinue) {
      cut.decided = true;
      break;
    }
  }
  return cut;
}

// Why a sequential merge is not the whole of one run's test: undecided,
// with openings of the schedule still to come.
std::vector<std::string> sequential_warnings(const SequentialCut& cut, int slots,
                                             std::size_t games_given) {
  if (cut.decided || cut.openings >= slots) return {};
  return {"the SPRT is undecided after the first " + util::plural(cut.openings, "opening") +
          " of " + std::to_string(slots) + ", and opening " + std::to_string(cut.openings + 1) +
          " is not complete in the shards (" +
          util::plural(static_cast<std::int64_t>(games_given - cut.games.size()), "game") +
          " after it left out)"};
}

}  // namespace

Expected<MergedMatch> merge_summaries(const std::vector<tools::Json>& summaries, MergeCut cut) {
  if (summaries.empty()) return fail("merge: no summaries given");
  const Json& first = member(summaries.front(), "match");
  const Json& engine_list = member(first, "engines");
  if (!engine_list.is_array() || engine_list.empty())
    return fail("merge: the first summary lists no engines under match.engines");
  std::vector<std::string> names;
  for (const Json& engine : engine_list) {
    auto name = string_member(engine, "name", "merge: the first summary's engine list");
    if (!name) return Error{name.error()};
    names.push_back(*name);
  }
  auto options_text = string_member(first, "options", "merge: the first summary's match");
  if (!options_text) return Error{options_text.error()};
  auto options = facade::parse_rule_options(*options_text);
  if (!options) return fail("merge: the first summary's match.options: " + options.error());
  const int players = options->players;
  const int engines = static_cast<int>(names.size());

  std::vector<GameSummary> games;
  std::set<int> seen;
  std::int64_t scheduled = 0;
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    const std::string where = "merge: summary " + std::to_string(i + 1);
    const Json& match = member(summaries[i], "match");
    if (const auto differs = match_difference(match, first))
      return fail(where + " " + another_match_text(*differs, "summary 1"));
    auto shard_scheduled = integer_member(match, "scheduled", 0, kMaxCount, where + ", match");
    if (!shard_scheduled) return Error{shard_scheduled.error()};
    scheduled += *shard_scheduled;
    const Json& list = member(summaries[i], "games");
    if (!list.is_array()) return fail(where + ": \"games\" must be a list of games");
    for (std::size_t g = 0; g < list.size(); ++g) {
      auto game = read_game_entry(list[g], players, engines,
                                  where + ", game entry " + std::to_string(g + 1));
      if (!game) return Error{game.error()};
      if (!seen.insert(game->game).second)
        return fail("merge: game " + std::to_string(game->game) + " is in two summaries");
      games.push_back(std::move(*game));
    }
  }
  std::sort(games.begin(), games.end(),
            [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  auto sprt = read_sprt(summaries.front());
  if (!sprt) return Error{sprt.error()};

  MergedMatch merged;
  Json info = first;
  info["shard"] = "merged";
  if (cut == MergeCut::kSequential) {
    if (!*sprt) return fail("merge --sequential: the summaries hold no SPRT (--sprt)");
    ScheduleConfig schedule;
    schedule.engine_count = engines;
    schedule.rules = *options;
    auto tournament = parse_tournament(member(first, "tournament").is_string()
                                           ? member(first, "tournament").get<std::string>()
                                           : "");
    if (!tournament)
      return fail("merge: the first summary's match.tournament: " + tournament.error());
    schedule.tournament = *tournament;
    auto count =
        integer_member(first, "openings", 1, kMaxCount, "merge: the first summary's match");
    auto repeat =
        integer_member(first, "openings_repeat", 1, kMaxCount, "merge: the first summary's match");
    if (!count) return Error{count.error()};
    if (!repeat) return Error{repeat.error()};
    schedule.openings.count = static_cast<int>(*count);
    schedule.openings.repeat = static_cast<int>(*repeat);
    auto per_opening = games_per_opening(schedule);
    if (!per_opening) return fail("merge: " + per_opening.error());
    auto kept = cut_sequentially(names, players, games, **sprt, *per_opening);
    merged.warnings = sequential_warnings(kept, schedule.openings.slots(), games.size());
    games = std::move(kept.games);
    // As one run of the whole schedule would describe itself.
    info["scheduled"] = static_cast<std::int64_t>(schedule.openings.slots()) * *per_opening;
    info["sprt_stopped"] = kept.decided;
  } else {
    merged.warnings = completeness(summaries, scheduled, games.size());
    info["scheduled"] = scheduled;
  }
  merged.results = compute_results(names, players, games, *sprt);
  merged.summary = summary_json(info, merged.results, games);
  merged.games = std::move(games);
  return merged;
}

}  // namespace tiaoqi::match
