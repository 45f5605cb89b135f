#include "tools/match/referee.hpp"

#include <cstdio>
#include <map>
#include <variant>

#include "engine/dragons.hpp"
#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/hash.hpp"
#include "engine/util/text.hpp"
#include "protocol/ccp/cells.hpp"
#include "tools/common/replay.hpp"

namespace tiaoqi::match {
namespace {

std::string player_name(int player) { return "p" + std::to_string(player + 1); }

// The path as the record keeps it: the engine's own full path when it gave
// one (it was checked hop by hop), else the shortest path.
std::string path_text(const Position& position, Move move, const std::string& reply) {
  const auto holes = tools::split_path(position.geometry(), reply);
  if (holes.size() <= 2) return move_text(position, move);
  std::string text;
  for (Hole h : holes) text += position.geometry().name(h);
  return text;
}

// "+0.35/12 0.14s": the engine's last score and depth, and the time.
std::string move_comment(const SearchInfo& info, long long millis) {
  std::string text;
  if (info.has_score()) {
    text = info.score_text();
    if (info.depth > 0) text += "/" + std::to_string(info.depth);
    text += ' ';
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2fs", static_cast<double>(millis) / 1000.0);
  return text + seconds;
}

// The tags of a game about to start.
tools::GameRecord record_header(const GameTask& task, const RefereeConfig& config) {
  tools::GameRecord record;
  record.event = config.event;
  record.date = tools::record_date_now();
  record.game = task.game;
  record.opening_index = task.opening_index;
  record.rotation = task.rotation;
  record.engines = config.engine_names;
  for (int engine : task.seat_engines)
    record.seating.push_back(config.engine_names[static_cast<std::size_t>(engine)]);
  record.options = facade::format_rule_options(config.rules);
  record.opening = task.opening->base;
  return record;
}

// An engine's own time control, or the match's.
const TimeControl& engine_time(const RefereeConfig& config, int engine) {
  return static_cast<std::size_t>(engine) < config.engine_times.size()
             ? config.engine_times[static_cast<std::size_t>(engine)]
             : config.time;
}

// Each seat's clock.
GameClock seat_clock(const GameTask& task, const RefereeConfig& config) {
  std::vector<TimeControl> seat_times;
  for (int engine : task.seat_engines) seat_times.push_back(engine_time(config, engine));
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
             GameOutcome& outcome, std::vector<Hole> dragons)
      : task_(task),
        config_(config),
        seats_(seats),
        log_(log),
        setup_(std::move(setup)),
        position_(setup_.position),
        clock_(seat_clock(task, config)),
        prepared_(seats.size(), false),
        adjudicator_(config.adjudication, config.rules.players),
        outcome_(outcome),
        dragons_(std::move(dragons)) {
    // The referee knows every dragon; each engine is told only its own.
    place_dragons(position_, dragons_);
    settle(position_);
    base_ = position_string(position_);
    repetitions_.add(position_);
  }

  // Plays the opening's moves, which the record keeps as book moves.
  Status play_book(const std::vector<std::string>& moves) {
    for (const auto& text : moves) {
      auto move = parse_move(position_, text);
      if (!move || position_.is_over()) return fail("opening move " + util::quote_input(text));
      const std::string marked = mark(text, *move);
      outcome_.record.events.push_back({tools::RecordEvent::Kind::kMove,
                                        position_.side_to_move() + 1, marked, 0,
                                        std::string(tools::RecordEvent::kBookComment)});
      moves_.push_back(marked);
      play(*move);
    }
    return Done{};
  }

  bool over() const { return position_.is_over() || drawn_; }

  // Asks the engine to move for the side to move and plays its answer,
  // or eliminates the player; false when the game was cut short.
  // Dragons variant, --dragons choose: every engine chooses its player's
  // dragon before the opening's moves. An engine that gives none keeps the
  // one drawn for it and is taken out at its first turn. False when the
  // game was cut short.
  bool choose_dragons() {
    for (int player = 0; player < config_.rules.players; ++player) {
      const Turn turn = choose_dragon(player);
      if (turn.kind == Turn::Kind::kCancelled) return false;
      if (turn.kind == Turn::Kind::kFault) pending_faults_[player] = turn;
    }
    outcome_.record.dragons = dragons_text(position_.geometry(), dragons_);
    return true;
  }

  bool play_turn() {
    const int player = position_.side_to_move();
    if (auto pending = pending_faults_.find(player); pending != pending_faults_.end()) {
      const Turn turn = pending->second;
      pending_faults_.erase(pending);
      eliminate(player, turn, true);
      return true;
    }
    if (adjudicator_.resigns(player)) {
      termination_ = adjudicator_.resign_text(player);
      eliminate(player, {Turn::Kind::kFault, "resigned (adjudication by score)", false}, false);
      return true;
    }
    if (adjudicator_.draws(game_plies_)) {
      termination_ = adjudicator_.draw_text();
      drawn_ = true;
      return true;
    }
    const Turn turn = engine_turn(player);
    if (turn.kind == Turn::Kind::kCancelled) return false;
    if (turn.kind == Turn::Kind::kFault) eliminate(player, turn, true);
    return true;
  }

  // Result and termination of a game played to its end.
  void finish() {
    outcome_.complete = true;
    if (drawn_) {
      std::vector<int> everyone;
      for (int p = 0; p < config_.rules.players; ++p) everyone.push_back(p);
      outcome_.standings = {everyone};
    } else {
      outcome_.standings = position_.standings();
    }
    auto& record = outcome_.record;
    record.result = tools::format_standings(outcome_.standings);
    record.termination = termination_.empty() ? rules_termination(position_) : termination_;
    outcome_.move_times = player_move_times(record, player_movetimes(config_, task_.seat_engines));
  }

 private:
  // The dragons variant's marks on a move about to be played (none in the
  // other variants), as the engines and the record get it.
  std::string mark(const std::string& text, Move move) {
    if (!position_.rules().dragons()) return text;
    const DragonMarks marks = referee_marks(position_, move);
    revealed_ = revealed_after(revealed_, position_.side_to_move(), marks);
    return marked_move(text, marks);
  }

  // What `player`'s engine is told: the position string and the moves
  // since, or in the dragons variant the start with its own dragon (after
  // an elimination, the position as it knows it).
  std::string position_command(int player) const {
    // A CCP engine gets the whole position, without moves.
    if (seats_[static_cast<std::size_t>(player)]->spec().ccp)
      return "position cells " + protocol::ccp::cells_text(position_) + " player " +
             std::to_string(position_.side_to_move()) + " ply " +
             std::to_string(position_.move_count());
    std::string command = "position fen " + base_;
    if (!dragons_.empty()) {
      command = views_.empty()
                    ? "position startpos dragon " +
                          position_.geometry().name(dragons_[static_cast<std::size_t>(player)])
                    : "position fen " + views_[static_cast<std::size_t>(player)];
    }
    if (!moves_.empty()) command += " moves";
    for (const auto& move : moves_) command += ' ' + move;
    return command;
  }

  // Sends a position and a go to `player`'s engine, started and told of
  // the game if it was not yet; the reply, or what went wrong.
  std::variant<SearchReply, Turn> ask(int player, const std::string& position,
                                      const std::string& go) {
    EngineProcess& engine = *seats_[static_cast<std::size_t>(player)];
    auto ready = engine.ensure_ready(!prepared_[static_cast<std::size_t>(player)]);
    if (!ready && engine.cancelled()) return Turn{Turn::Kind::kCancelled, "", false};
    if (!ready) return fault("did not start or answer isready: " + ready.error());
    prepared_[static_cast<std::size_t>(player)] = true;
    SearchReply reply = engine.search(position, go, clock_.allowance_ms(player));
    switch (reply.kind) {
      case SearchReply::Kind::kCancelled:
        return Turn{Turn::Kind::kCancelled, "", false};
      case SearchReply::Kind::kCrash:
        return fault("crashed: " + reply.detail);
      case SearchReply::Kind::kGarbage:
        return fault("garbage: " + reply.detail);
      case SearchReply::Kind::kRefused:
        return fault("refused the position or go: " + reply.detail);
      case SearchReply::Kind::kTimeout:
        return fault((clock_.limits_time(player) ? "lost on time: " : "hung: ") + reply.detail);
      case SearchReply::Kind::kMove:
        break;
    }
    return reply;
  }

  // Asks `player`'s engine for its dragon on the start position (`go
  // choose`) and takes it; a bad answer is a fault.
  Turn choose_dragon(int player) {
    auto asked = ask(player, "position startpos", "go choose " + std::to_string(player + 1));
    if (const Turn* turn = std::get_if<Turn>(&asked)) return *turn;
    const std::string& answer = std::get<SearchReply>(asked).move;
    const auto hole = position_.geometry().parse_hole(answer);
    if (!hole || !(position_.pieces_of(player) & position_.rules().homes_of(player)).test(*hole))
      return fault("illegal dragon: bestmove " + util::quote_input(answer) +
                   " is no hole of its home");
    Hole& dragon = dragons_[static_cast<std::size_t>(player)];
    position_.set_dragon(dragon, false);
    dragon = *hole;
    position_.set_dragon(dragon, true);
    return {};
  }

  Turn engine_turn(int player) {
    const long long allowance = clock_.allowance_ms(player);
    auto asked = ask(player, position_command(player), clock_.go_command(player));
    if (const Turn* turn = std::get_if<Turn>(&asked)) return *turn;
    const SearchReply& reply = std::get<SearchReply>(asked);
    if (!clock_.charge(player, reply.millis))
      return fault("lost on time: " + std::to_string(reply.millis) + " ms for a move, " +
                       std::to_string(allowance) + " ms allowed",
                   false);
    return play_reply(player, reply);
  }

  // Checks the engine's move against the rules and plays it.
  Turn play_reply(int player, const SearchReply& reply) {
    if (reply.move == "none") return fault("illegal move: bestmove none, but it has legal moves");
    // The marks are the referee's to give: an engine's own are ignored.
    DragonMarks engine_marks;
    const std::string reply_move(position_.rules().dragons()
                                     ? strip_dragon_marks(reply.move, engine_marks)
                                     : std::string_view(reply.move));
    if (tools::split_path(position_.geometry(), reply_move).empty())
      return fault("garbage: bestmove " + util::quote_input(reply.move) + " is not a move");
    auto move = parse_move(position_, reply_move);
    // The error names the move.
    if (!move) return fault("illegal move: " + move.error());
    const std::string path = mark(path_text(position_, *move, reply_move), *move);
    outcome_.record.events.push_back({tools::RecordEvent::Kind::kMove, player + 1, path,
                                      reply.millis, move_comment(reply.info, reply.millis)});
    adjudicator_.record(player, reply.info);
    ++game_plies_;
    moves_.push_back(path);
    play(*move);
    return {};
  }

  // Plays a move on the referee's board, with the end-of-game rules that
  // need the game's past: under Repetitions, a position come back often
  // enough draws, as the engines' own games count it (game.hpp).
  void play(Move move) {
    position_.play(move);
    settle(position_);
    const bool over = position_.is_over();
    repetitions_.add(position_);
    if (!over && position_.is_over())
      termination_ = "draw by repetition: a position came " +
                     std::to_string(position_.rules().options().repetitions) + " times";
  }

  void eliminate(int player, const Turn& turn, bool is_fault) {
    EngineProcess& engine = *seats_[static_cast<std::size_t>(player)];
    if (is_fault) {
      log_("game " + std::to_string(task_.game) + ": " + player_name(player) + " (" +
           engine.spec().name + ") " + turn.fault + "; its last lines:\n" + engine.transcript());
      if (auto kind = fault_kind_of(turn.fault)) outcome_.faults.push_back({player, *kind});
    }
    if (turn.restart) {
      engine.kill();
      prepared_[static_cast<std::size_t>(player)] = false;
    }
    outcome_.record.events.push_back(
        {tools::RecordEvent::Kind::kElimination, player + 1, turn.fault, 0, ""});
    eliminate_by_referee(position_);
    settle(position_);
    // An elimination is no move, so the engines get the position itself
    // (in the dragons variant, each as its player knows it).
    base_ = position_string(position_);
    if (!dragons_.empty()) {
      views_.clear();
      for (int p = 0; p < config_.rules.players; ++p)
        views_.push_back(position_string(view_for(position_, p, revealed_)));
    }
    moves_.clear();
    // Only a fault that ends the game names its termination.
    if (is_fault) termination_ = position_.is_over() ? player_name(player) + " " + turn.fault : "";
  }

  const GameTask& task_;
  const RefereeConfig& config_;
  const std::vector<EngineProcess*>& seats_;
  const FaultLog& log_;
  // Owns the rules the position points at.
  GameSetup setup_;
  Position position_;
  RepetitionCount repetitions_;
  std::string base_;
  std::vector<std::string> moves_;
  GameClock clock_;
  std::vector<bool> prepared_;
  Adjudicator adjudicator_;
  int game_plies_ = 0;  // engine moves, book moves not counted
  bool drawn_ = false;
  std::string termination_;
  GameOutcome& outcome_;
  // Dragons variant: each player's dragon at the start, the players whose
  // dragon is revealed (a bit each), and after an elimination each
  // player's view of the position.
  std::vector<Hole> dragons_;
  std::uint8_t revealed_ = 0;
  std::vector<std::string> views_;
  // Faults in choosing a dragon, by player, charged at its first turn.
  std::map<int, Turn> pending_faults_;
};

std::string players_text(const std::vector<int>& players) {
  std::string text;
  for (std::size_t i = 0; i < players.size(); ++i)
    text += (i == 0 ? "" : i + 1 == players.size() ? " and " : ", ") + player_name(players[i]);
  return text;
}

}  // namespace

std::vector<long long> player_movetimes(const RefereeConfig& config,
                                        const std::vector<int>& seat_engines) {
  std::vector<long long> movetimes;
  for (int engine : seat_engines) movetimes.push_back(engine_time(config, engine).movetime_ms);
  return movetimes;
}

std::string dragons_termination(const Position& position) {
  const auto standings = position.standings();
  if (standings.empty()) return "finished";
  const int max_plies = position.rules().options().max_plies;
  if (standings[0].size() > 1)
    return max_plies > 0 && position.move_count() >= max_plies
               ? "move limit of " + util::plural(max_plies, "ply", "plies") + ": a draw"
               : "no player can move: a draw";
  const int winner = standings[0][0];
  if (position.active_player_count() == 1)
    return player_name(winner) + " is the last player with a dragon";
  return player_name(winner) +
         "'s dragon stands in another player's home, every piece joined to it";
}

std::string rules_termination(const Position& position) {
  if (position.rules().dragons()) return dragons_termination(position);
  const int max_plies = position.rules().options().max_plies;
  std::vector<int> finished, active;
  for (int p = 0; p < position.rules().player_count(); ++p) {
    if (position.is_eliminated(p)) continue;
    active.push_back(p);
    if (position.has_finished(p)) finished.push_back(p);
  }
  const std::vector<int> first_place = position.standings().front();
  if (finished.size() == 1 && first_place.size() > 1) {
    // EqualTurnsAtOnce: the other could have filled its target with its
    // next move, so the rules drew at once (docs/rules.md).
    std::vector<int> others;
    for (int p : first_place)
      if (p != finished[0]) others.push_back(p);
    return player_name(finished[0]) + " reached its target and " + players_text(others) +
           " could reach " + (others.size() == 1 ? "its own" : "theirs") +
           " with the next move: a draw";
  }
  if (finished.size() == 1) return player_name(finished[0]) + " reached its target";
  if (finished.size() > 1) return players_text(finished) + " reached their targets";
  if (max_plies > 0 && position.move_count() >= max_plies)
    return position.rules().options().move_limit_draw
               ? "move limit of " + util::plural(max_plies, "ply", "plies") + ": a draw"
               : "adjudicated: move limit of " + util::plural(max_plies, "ply", "plies") +
                     ", placed by distance";
  if (active.size() == 1) return player_name(active[0]) + " is the last player left";
  return "finished";
}

Expected<std::vector<Hole>> game_dragons(const RefereeConfig& config, const Position& start,
                                         int opening_index) {
  if (!start.rules().dragons()) return std::vector<Hole>{};
  auto fresh = start_setup(config.rules);
  if (!fresh) return Error{fresh.error()};
  if (position_string(start) != position_string(fresh->position))
    return fail(
        "a game of the dragons variant starts from the start position, where every "
        "dragon is in its home; got " +
        util::quote_input(position_string(start)));
  // Chosen by the engines: the drawn ones stand in for an engine that
  // fails to choose.
  if (!config.dragons.empty() && config.dragons != kChooseDragons)
    return parse_dragons(start, config.dragons);
  return draw_dragons(start, util::mix64(config.dragon_seed ^
                                         util::mix64(static_cast<std::uint64_t>(opening_index))));
}

GameOutcome play_game(const GameTask& task, const RefereeConfig& config,
                      const std::vector<EngineProcess*>& seats, const std::atomic<bool>* cancel,
                      const FaultLog& log) {
  GameOutcome outcome;
  outcome.record = record_header(task, config);
  auto setup = parse_position_string(task.opening->base, config.rules);
  if (!setup) {
    outcome.record.termination = "bad opening: " + setup.error();
    return outcome;
  }
  auto dragons = game_dragons(config, setup->position, task.opening_index);
  if (!dragons) {
    outcome.record.termination = "bad opening: " + dragons.error();
    return outcome;
  }
  if (!dragons->empty())
    outcome.record.dragons = dragons_text(setup->position.geometry(), *dragons);
  GameInPlay game(task, config, seats, log, std::move(*setup), outcome, std::move(*dragons));
  if (config.dragons == kChooseDragons && !game.choose_dragons()) {
    outcome.record.termination = "interrupted";
    return outcome;
  }
  if (auto book = game.play_book(task.opening->moves); !book) {
    outcome.record.termination = "bad opening: " + book.error();
    return outcome;
  }
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
