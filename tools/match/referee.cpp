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

// The tags of a game about to start.
tools::GameRecord record_header(const GameTask& task, const RefereeConfig& config) {
  tools::GameRecord record;
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
  return record;
}

// Each seat's clock: its engine's own time control, or the match's.
GameClock seat_clock(const GameTask& task, const RefereeConfig& config) {
  std::vector<TimeControl> seat_times;
  for (int engine : task.seat_engines)
    seat_times.push_back(static_cast<std::size_t>(engine) < config.engine_times.size()
                             ? config.engine_times[static_cast<std::size_t>(engine)]
                             : config.time);
  return GameClock(std::move(seat_times));
}

// What one turn came to.
struct Turn {
  enum class Kind { kMoved, kFault, kCancelled };
  Kind kind = Kind::kMoved;
  std::string fault;
  // A fault that leaves the process in an unknown state restarts it; a
  // move that came too late does not.
  bool restart = true;
};

Turn fault(std::string what, bool restart = true) {
  return {Turn::Kind::kFault, std::move(what), restart};
}

// One game in progress: the position, the moves since the last position
// string sent, the clocks, and which engines have been told of the game.
class GameInPlay {
 public:
  GameInPlay(const GameTask& task, const RefereeConfig& config,
             const std::vector<EngineProcess*>& seats, const FaultLog& log, GameSetup setup,
             GameOutcome& outcome)
      : task_(task),
        config_(config),
        seats_(seats),
        log_(log),
        setup_(std::move(setup)),
        position_(setup_.position),
        clock_(seat_clock(task, config)),
        prepared_(seats.size(), false),
        outcome_(outcome) {
    settle(position_);
    base_ = position_string(position_);
  }

  bool over() const { return position_.is_over(); }

  // Asks the engine to move for the side to move and plays its answer,
  // or eliminates the player; false when the game was cut short.
  bool play_turn() {
    const int player = position_.side_to_move();
    const Turn turn = engine_turn(player);
    if (turn.kind == Turn::Kind::kCancelled) return false;
    if (turn.kind == Turn::Kind::kFault) eliminate(player, turn);
    return true;
  }

  // Result and termination of a game played to its end.
  void finish() {
    outcome_.complete = true;
    outcome_.standings = position_.standings();
    auto& record = outcome_.record;
    record.result = tools::format_standings(outcome_.standings);
    const int max_plies = config_.rules.max_plies;
    if (!last_fault_.empty())
      record.termination = last_fault_;
    else if (max_plies > 0 && position_.move_count() >= max_plies)
      record.termination = "move limit: adjudicated at " + util::plural(max_plies, "ply", "plies");
    else
      record.termination = "finished";
  }

 private:
  std::string position_command() const {
    std::string command = "position fen " + base_;
    if (!moves_.empty()) command += " moves";
    for (const auto& move : moves_) command += ' ' + move;
    return command;
  }

  Turn engine_turn(int player) {
    EngineProcess& engine = *seats_[static_cast<std::size_t>(player)];
    auto ready = engine.ensure_ready(!prepared_[static_cast<std::size_t>(player)]);
    if (!ready) return fault("did not start or answer isready: " + ready.error());
    prepared_[static_cast<std::size_t>(player)] = true;
    const long long allowance = clock_.allowance_ms(player);
    const SearchReply reply =
        engine.search(position_command(), clock_.go_command(player), allowance);
    switch (reply.kind) {
      case SearchReply::Kind::kCancelled:
        return {Turn::Kind::kCancelled, "", false};
      case SearchReply::Kind::kCrash:
        return fault("crashed: " + reply.detail);
      case SearchReply::Kind::kGarbage:
        return fault("garbage: " + reply.detail);
      case SearchReply::Kind::kTimeout:
        return fault((clock_.limits_time(player) ? "lost on time: " : "hung: ") + reply.detail);
      case SearchReply::Kind::kMove:
        break;
    }
    if (!clock_.charge(player, reply.millis))
      return fault("lost on time: " + std::to_string(reply.millis) + " ms for a move, " +
                       std::to_string(allowance) + " ms allowed",
                   false);
    return play_reply(player, reply);
  }

  // Checks the engine's move against the rules and plays it.
  Turn play_reply(int player, const SearchReply& reply) {
    if (reply.move == "none") return fault("illegal move: bestmove none, but it has legal moves");
    if (tools::split_path(position_.geometry(), reply.move).empty())
      return fault("garbage: bestmove " + util::quote_input(reply.move) + " is not a move");
    auto move = parse_move(position_, reply.move);
    // The error names the move.
    if (!move) return fault("illegal move: " + move.error());
    const std::string path = path_text(position_, *move, reply.move);
    outcome_.record.events.push_back(
        {tools::RecordEvent::Kind::kMove, player + 1, path, reply.millis});
    moves_.push_back(path);
    position_.play(*move);
    settle(position_);
    return {};
  }

  void eliminate(int player, const Turn& turn) {
    EngineProcess& engine = *seats_[static_cast<std::size_t>(player)];
    log_("game " + std::to_string(task_.game) + ": p" + std::to_string(player + 1) + " (" +
         engine.spec().name + ") " + turn.fault + "; its last lines:\n" + engine.transcript());
    if (turn.restart) {
      engine.kill();
      prepared_[static_cast<std::size_t>(player)] = false;
    }
    outcome_.record.events.push_back(
        {tools::RecordEvent::Kind::kElimination, player + 1, turn.fault, 0});
    position_.eliminate_side_to_move();
    settle(position_);
    // An elimination is no move, so the engines get the position itself.
    base_ = position_string(position_);
    moves_.clear();
    // Only a fault that ends the game names its termination.
    last_fault_ = position_.is_over() ? "p" + std::to_string(player + 1) + " " + turn.fault : "";
  }

  const GameTask& task_;
  const RefereeConfig& config_;
  const std::vector<EngineProcess*>& seats_;
  const FaultLog& log_;
  // Owns the rules the position points at.
  GameSetup setup_;
  Position position_;
  std::string base_;
  std::vector<std::string> moves_;
  GameClock clock_;
  std::vector<bool> prepared_;
  std::string last_fault_;
  GameOutcome& outcome_;
};

}  // namespace

GameOutcome play_game(const GameTask& task, const RefereeConfig& config,
                      const std::vector<EngineProcess*>& seats, const std::atomic<bool>* cancel,
                      const FaultLog& log) {
  GameOutcome outcome;
  outcome.record = record_header(task, config);
  auto setup = parse_position_string(task.opening, config.rules);
  if (!setup) {
    outcome.record.termination = "bad opening: " + setup.error();
    return outcome;
  }
  GameInPlay game(task, config, seats, log, std::move(*setup), outcome);
  while (!game.over()) {
    if ((cancel && cancel->load()) || !game.play_turn()) {
      outcome.record.termination = "interrupted";
      return outcome;
    }
  }
  game.finish();
  return outcome;
}

}  // namespace tiaoqi::match
