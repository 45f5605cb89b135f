#include "tools/match/resume.hpp"

#include <map>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"
#include "tools/match/merge.hpp"
#include "tools/match/referee.hpp"
#include "tools/match/summary.hpp"

namespace tiaoqi::match {
namespace {

std::map<int, const GameTask*> tasks_by_game(const std::vector<GameTask>& schedule) {
  std::map<int, const GameTask*> tasks;
  for (const auto& task : schedule) tasks[task.game] = &task;
  return tasks;
}

// Does a finished game belong where the schedule puts it?
Status check_against_schedule(const GameSummary& game, const std::map<int, const GameTask*>& tasks,
                              const std::string& where) {
  const auto found = tasks.find(game.game);
  if (found == tasks.end())
    return fail(where + ": game " + std::to_string(game.game) +
                " is not in this match's schedule (or this shard's)");
  const GameTask& task = *found->second;
  if (task.opening_index != game.opening_index || task.rotation != game.rotation ||
      task.seat_engines != game.seat_engines)
    return fail(where + ": game " + std::to_string(game.game) +
                " was played with another opening or seating than this match gives it");
  return Done{};
}

}  // namespace

Expected<std::vector<GameSummary>> resume_from_record(const std::string& path,
                                                      const std::vector<GameTask>& schedule,
                                                      const RefereeConfig& referee) {
  const std::vector<std::string>& names = referee.engine_names;
  const std::string rule_options = facade::format_rule_options(referee.rules);
  auto records = tools::read_record_file(path);
  if (!records) return Error{records.error()};
  const auto tasks = tasks_by_game(schedule);
  const std::string file = "--resume: " + util::quote_input(path, 200);
  std::map<int, GameSummary> games;
  for (const auto& record : *records) {
    const std::string where = file + ", game " + std::to_string(record.game);
    if (record.engines != names) {
      std::string engines;
      for (const auto& name : record.engines) engines += (engines.empty() ? "" : "; ") + name;
      return fail(where + ": its engines " + util::quote_input(engines, 120) +
                  " are not this match's");
    }
    if (record.options != rule_options)
      return fail(where + ": its rule options are not this match's: " +
                  util::quote_input(record.options, 200));
    const auto found = tasks.find(record.game);
    if (found == tasks.end())
      return fail(where + " is not in this match's schedule (or this shard's)");
    const GameTask& task = *found->second;
    std::vector<std::string> book;
    for (const auto& event : record.events)
      if (event.is_book()) book.push_back(event.text);
    if (record.opening != task.opening->base || book != task.opening->moves)
      return fail(where + ": its opening is not the one this match gives it (another seed or " +
                  "openings file?)");
    std::vector<std::string> seating;
    for (int engine : task.seat_engines) seating.push_back(names[static_cast<std::size_t>(engine)]);
    if (record.seating != seating)
      return fail(where + ": its seating is not the one this match gives it");
    auto standings = tools::parse_standings(record.result);
    if (record.result == "*" || !standings)
      return fail(where + ": no result (a game cut short is played again; remove it first)");
    if (auto replay = tools::replay_record(record); !replay)
      return fail(where + ": " + replay.error());
    GameSummary game{record.game,
                     record.opening_index,
                     record.rotation,
                     task.seat_engines,
                     *standings,
                     record.termination,
                     {},
                     player_move_times(record, player_movetimes(referee, task.seat_engines))};
    for (const auto& event : record.events)
      if (event.kind == tools::RecordEvent::Kind::kElimination)
        if (auto kind = fault_kind_of(event.text)) game.faults.push_back({event.player - 1, *kind});
    if (auto checked = check_against_schedule(game, tasks, file); !checked)
      return Error{checked.error()};
    if (!games.emplace(game.game, game).second) return fail(where + " is in the record twice");
  }
  std::vector<GameSummary> list;
  for (auto& [number, game] : games) list.push_back(std::move(game));
  return list;
}

Expected<std::vector<GameSummary>> resume_from_json(const std::string& path,
                                                    const tools::Json& match_info,
                                                    const std::vector<GameTask>& schedule,
                                                    int players, int engines) {
  auto summary = tools::read_json_file(path);
  if (!summary) return fail("--resume: " + summary.error());
  const std::string file = "--resume: " + util::quote_input(path, 200);
  if (!summary->is_object() || !summary->contains("match") || !summary->contains("games"))
    return fail(file + " is no summary of tiaoqi-match (no \"match\" and \"games\")");
  const tools::Json& match = (*summary)["match"];
  if (const auto differs = match_difference(match, match_info, true))
    return fail(file + " " + another_match_text(*differs, "this match"));
  const tools::Json& list = (*summary)["games"];
  if (!list.is_array()) return fail(file + ": \"games\" must be a list of games");
  const auto tasks = tasks_by_game(schedule);
  std::map<int, GameSummary> games;
  for (std::size_t g = 0; g < list.size(); ++g) {
    auto game =
        read_game_entry(list[g], players, engines, file + ", game entry " + std::to_string(g + 1));
    if (!game) return Error{game.error()};
    if (auto checked = check_against_schedule(*game, tasks, file); !checked)
      return Error{checked.error()};
    if (!games.emplace(game->game, *game).second)
      return fail(file + ": game " + std::to_string(game->game) + " is listed twice");
  }
  std::vector<GameSummary> result;
  for (auto& [number, game] : games) result.push_back(std::move(game));
  return result;
}

}  // namespace tiaoqi::match
