#include "tools/python/binding/game_record.hpp"

#include <algorithm>

#include "engine/dragons.hpp"
#include "engine/facade/options.hpp"
#include "engine/notation.hpp"
#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"
#include "tools/match/referee.hpp"
#include "tools/python/binding/option_names.hpp"

namespace tiaoqi::python {

tools::GameRecord record_of_game(const Game& game, const std::string& opening,
                                 const std::vector<Hole>& dragons) {
  tools::GameRecord record;
  record.date = tools::record_date_now();
  record.options = facade::format_rule_options(rule_options_of(game.rules()));
  record.opening = opening;
  if (!dragons.empty()) record.dragons = dragons_text(game.rules().geometry(), dragons);
  const auto& moves = game.moves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    // history()[i] is the position moves()[i] was played in.
    const Position& before = game.history()[i];
    record.events.push_back({tools::RecordEvent::Kind::kMove, before.side_to_move() + 1,
                             marked_move(move_text(before, moves[i]), game.marks()[i]), 0, ""});
  }
  if (game.position().is_over()) {
    record.result = tools::format_standings(game.position().standings());
    record.termination = match::rules_termination(game.position());
  }
  return record;
}

Status check_names(const std::vector<std::string>& names) {
  for (const std::string& name : names)
    if (util::trim(name).empty() || name.find_first_of(";\n\r") != std::string::npos ||
        util::trim(name) != name)
      return fail("a name is not empty and has no ';', line break or spaces around it, got " +
                  util::quote_input(name));
  return Done{};
}

Status set_seating(tools::GameRecord& record, const std::vector<std::string>& seating,
                   int players) {
  if (static_cast<int>(seating.size()) != players)
    return fail("seating: expected a name for each of the " + std::to_string(players) +
                " players, got " + std::to_string(seating.size()));
  if (auto checked = check_names(seating); !checked) return fail("seating: " + checked.error());
  std::vector<std::string> engines;
  for (const std::string& name : seating)
    if (std::find(engines.begin(), engines.end(), name) == engines.end()) engines.push_back(name);
  record.seating = seating;
  record.engines = engines;
  return Done{};
}

Expected<std::vector<Game>> record_games(const tools::GameRecord& record) {
  auto replay = tools::replay_record(record);
  if (!replay) return Error{replay.error()};
  std::vector<Game> games;
  Game game(GameSetup{replay->rules, replay->frames.front().position});
  games.push_back(game);
  for (std::size_t line = 0; line < record.events.size(); ++line) {
    const tools::RecordEvent& event = record.events[line];
    if (event.kind == tools::RecordEvent::Kind::kElimination) {
      game = Game(GameSetup{replay->rules, replay->frames[line + 1].position});
    } else if (auto played = game.play(event.text); !played) {
      // The replay checked every move: a game that refuses one is broken.
      return fail("record line " + std::to_string(line + 1) + ": " + played.error());
    }
    games.push_back(game);
  }
  return games;
}

}  // namespace tiaoqi::python
