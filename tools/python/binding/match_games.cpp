#include "tools/python/binding/match_games.hpp"

#include <chrono>
#include <memory>

#include "engine/notation.hpp"
#include "engine/util/hash.hpp"
#include "tools/match/move_times.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/game_record.hpp"
#include "tools/python/binding/table.hpp"

namespace tiaoqi::python {
namespace {

// One entry as the game loop calls it.
struct Seat {
  py::object entry;
  Searcher* engine = nullptr;  // null for an agent
  search::SearchLimits limits;
};

std::optional<long long> limit(const py::dict& limits, const char* name) {
  if (!limits.contains(name)) return std::nullopt;
  return limits[name].cast<long long>();
}

Seat seat_of(const py::object& entry) {
  Seat seat{entry, nullptr, {}};
  if (py::hasattr(entry, "answer_at")) return seat;
  seat.engine = &entry.attr("engine").cast<Searcher&>();
  const py::dict limits = entry.attr("limits");
  seat.limits = search_limits(limit(limits, "nodes"), limit(limits, "movetime"),
                              limit(limits, "depth"), false);
  return seat;
}

// Where `name` sat in game `game`: what an error of its move says first.
std::string where(const std::string& name, int player, int game) {
  return "match: " + py::repr(py::str(name)).cast<std::string>() + " as player " +
         std::to_string(player) + " of game " + std::to_string(game) + ": ";
}

// The engines' seed for a game of opening `opening`, the same in each of
// its rotations.
std::uint64_t opening_seed(std::uint64_t seed, int opening) {
  return util::mix64(seed ^ util::mix64(static_cast<std::uint64_t>(opening) + 1)) >> 1;
}

// Plays one game of the schedule; the record's header, book comments and
// times are filled in.
tools::GameRecord play_game(const MatchRequest& request, std::vector<Seat>& seats,
                            const std::shared_ptr<const Rules>& rules,
                            const match::GameTask& task) {
  const std::uint64_t seed = opening_seed(request.seed, task.opening_index);
  for (std::size_t entry = 0; entry < seats.size(); ++entry)
    seats[entry].entry.attr("new_game")(seed + entry);
  GameTable table(rules);
  raise_on_error(table.reset("", seed));
  for (const std::string& text : task.opening->moves) {
    const int mover = table.to_move();
    const Move move = value_or_raise(parse_move(table.view(mover).position(), text));
    raise_on_error(table.play(move));
  }
  const std::size_t book = task.opening->moves.size();
  std::vector<long long> millis;
  while (table.to_move() >= 0) {
    const int player = table.to_move();
    const int entry = task.seat_engines[static_cast<std::size_t>(player)];
    Seat& seat = seats[static_cast<std::size_t>(entry)];
    const std::string& name = request.names[static_cast<std::size_t>(entry)];
    const auto start = std::chrono::steady_clock::now();
    if (seat.engine) {
      const Move move = search_or_raise(*seat.engine, table.view(player), seat.limits).best;
      if (const Status played = table.play(move); !played)
        throw py::value_error(where(name, player, task.game) + played.error());
    } else {
      const py::object answer = seat.entry.attr("answer_at")(py::cast(&table), player);
      try {
        play_move(table, answer);
      } catch (const py::value_error& error) {
        throw py::value_error(where(name, player, task.game) + error.what());
      }
    }
    millis.push_back(std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - start)
                         .count());
  }
  tools::GameRecord record = table.record();
  std::vector<std::string> seating;
  for (int entry : task.seat_engines)
    seating.push_back(request.names[static_cast<std::size_t>(entry)]);
  raise_on_error(set_seating(record, seating, table.players()));
  record.engines = request.names;
  record.event = request.event;
  record.game = task.game;
  record.opening_index = task.opening_index;
  record.rotation = task.rotation;
  for (std::size_t line = 0; line < record.events.size(); ++line) {
    if (line < book)
      record.events[line].comment = tools::RecordEvent::kBookComment;
    else
      record.events[line].millis = millis[line - book];
  }
  return record;
}

}  // namespace

PlayedMatch play_match(const MatchRequest& request) {
  if (auto checked = check_names(request.names); !checked)
    throw py::value_error("names: " + checked.error());
  match::ScheduleConfig schedule;
  schedule.engine_count = static_cast<int>(request.entries.size());
  schedule.rules = request.rules;
  schedule.tournament = request.tournament;
  if (request.openings) schedule.openings.count = *request.openings;
  if (request.opening_plies) schedule.openings.random_plies = *request.opening_plies;
  schedule.openings.seed = request.seed;
  const auto tasks = value_or_raise(match::build_schedule(schedule));
  const auto rules = std::make_shared<const Rules>(value_or_raise(Rules::make(request.rules)));
  std::vector<Seat> seats;
  for (const py::object& entry : request.entries) seats.push_back(seat_of(entry));
  PlayedMatch played;
  for (const match::GameTask& task : tasks) {
    tools::GameRecord record = play_game(request, seats, rules, task);
    const auto standings = value_or_raise(tools::parse_standings(record.result));
    // The times of the runner's table; no seat has a movetime to go over.
    const std::vector<long long> movetimes(task.seat_engines.size(), 0);
    played.games.push_back({task.game,
                            task.opening_index,
                            task.rotation,
                            task.seat_engines,
                            standings,
                            record.termination,
                            {},
                            match::player_move_times(record, movetimes)});
    played.records.push_back(std::move(record));
  }
  played.results =
      match::compute_results(request.names, request.rules.players, played.games, std::nullopt);
  if (played.results.ratings.empty()) {
    std::vector<match::FinishingOrder> orders;
    for (const match::GameSummary& game : played.games) orders.push_back(match::engine_order(game));
    match::add_ratings(played.results, orders);
  }
  return played;
}

}  // namespace tiaoqi::python
