#include "tools/match/referee.hpp"

#include <ctime>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"

namespace tiaoqi::match {
namespace {

std::string now_text() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  return text;
}

// The path as the record keeps it: the engine's own full path when it gave
// one (it was checked hop by hop), else the shortest path.
std::string path_text(const Position& position, Move move, const std::string& reply) {
  const auto holes = tools::split_path(position.geometry(), reply);
  if (holes.size() <= 2) return move_text(position, move);
  std::string text;
  for (Hole h : holes) text += position.geometry().name(h);
  return text;
}

}  // namespace

GameOutcome play_game(const GameTask& task, const RefereeConfig& config,
                      const std::vector<EngineProcess*>& seats, const std::atomic<bool>* cancel,
                      const FaultLog& log) {
  GameOutcome outcome;
  auto& record = outcome.record;
  record.event = config.event;
  record.date = now_text();
  record.game = task.game;
  record.opening_index = task.opening_index;
  record.rotation = task.rotation;
  record.engines = config.engine_names;
  for (int engine : task.seat_engines)
    record.seating.push_back(config.engine_names[static_cast<std::size_t>(engine)]);
  record.options = facade::format_rule_options(config.rules);
  record.opening = task.opening;

  auto setup = parse_position_string(task.opening, config.rules);
  if (!setup) {
    record.termination = "bad opening: " + setup.error();
    return outcome;
  }
  // `setup` owns the rules the position points at; it lives to the end.
  Position position = setup->position;
  settle(position);
  std::string base = position_string(position);
  std::vector<std::string> moves;
  std::vector<TimeControl> seat_times;
  for (int engine : task.seat_engines)
    seat_times.push_back(static_cast<std::size_t>(engine) < config.engine_times.size()
                             ? config.engine_times[static_cast<std::size_t>(engine)]
                             : config.time);
  GameClock clock(std::move(seat_times));
  std::vector<bool> prepared(seats.size(), false);
  std::string last_fault;

  while (!position.is_over()) {
    if (cancel && cancel->load()) {
      record.termination = "interrupted";
      return outcome;
    }
    const int player = position.side_to_move();
    EngineProcess& engine = *seats[static_cast<std::size_t>(player)];
    std::string fault;
    bool restart = true;
    auto ready = engine.ensure_ready(!prepared[static_cast<std::size_t>(player)]);
    if (!ready) {
      fault = "did not start or answer isready: " + ready.error();
    } else {
      prepared[static_cast<std::size_t>(player)] = true;
      std::string command = "position fen " + base;
      if (!moves.empty()) command += " moves";
      for (const auto& m : moves) command += ' ' + m;
      const long long allowance = clock.allowance_ms(player);
      const SearchReply reply = engine.search(command, clock.go_command(player), allowance);
      switch (reply.kind) {
        case SearchReply::Kind::kCancelled:
          record.termination = "interrupted";
          return outcome;
        case SearchReply::Kind::kCrash:
          fault = "crashed: " + reply.detail;
          break;
        case SearchReply::Kind::kGarbage:
          fault = "garbage: " + reply.detail;
          break;
        case SearchReply::Kind::kTimeout:
          fault = (clock.limits_time(player) ? "lost on time: " : "hung: ") + reply.detail;
          break;
        case SearchReply::Kind::kMove: {
          if (!clock.charge(player, reply.millis)) {
            fault = "lost on time: " + std::to_string(reply.millis) + " ms for a move, " +
                    std::to_string(allowance) + " ms allowed";
            restart = false;
            break;
          }
          if (reply.move == "none") {
            fault = "illegal move: bestmove none, but it has legal moves";
            break;
          }
          if (tools::split_path(position.geometry(), reply.move).empty()) {
            fault = "garbage: bestmove '" + reply.move.substr(0, 40) + "' is not a move";
            break;
          }
          auto move = parse_move(position, reply.move);
          if (!move) {
            fault = "illegal move '" + reply.move + "': " + move.error();
            break;
          }
          const std::string path = path_text(position, *move, reply.move);
          record.events.push_back(
              {tools::RecordEvent::Kind::kMove, player + 1, path, reply.millis});
          moves.push_back(path);
          position.play(*move);
          settle(position);
          break;
        }
      }
    }
    if (fault.empty()) continue;
    log("game " + std::to_string(task.game) + ": p" + std::to_string(player + 1) + " (" +
        engine.spec().name + ") " + fault + "; its last lines:\n" + engine.transcript());
    if (restart) {
      engine.kill();
      prepared[static_cast<std::size_t>(player)] = false;
    }
    record.events.push_back({tools::RecordEvent::Kind::kElimination, player + 1, fault, 0});
    last_fault = "p" + std::to_string(player + 1) + " " + fault;
    position.eliminate_side_to_move();
    settle(position);
    // An elimination is no move, so the engines get the position itself.
    base = position_string(position);
    moves.clear();
    if (position.is_over()) break;
    last_fault.clear();
  }

  outcome.complete = true;
  outcome.standings = position.standings();
  record.result = tools::format_standings(outcome.standings);
  const int max_plies = config.rules.max_plies;
  if (!last_fault.empty())
    record.termination = last_fault;
  else if (max_plies > 0 && position.move_count() >= max_plies)
    record.termination = "move limit: adjudicated at " + std::to_string(max_plies) + " plies";
  else
    record.termination = "finished";
  return outcome;
}

}  // namespace tiaoqi::match
