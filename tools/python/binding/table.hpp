#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/move.hpp"
#include "tools/common/record.hpp"
#include "tools/python/binding/frame.hpp"

namespace tiaoqi::python {

// One game refereed for the Python environments: the whole truth, what
// each player knows of it, the legal moves of the player to move and each
// player's frame. Everything a step needs is here, so that a step from
// Python is one call that makes no Python objects.
//
// In the dragons variant the truth knows every dragon and each player's
// view only its own and the revealed ones (the referee's marks, as the
// match runner gives them); the truth never leaves this class, only views
// do. In the other variants every view is the truth.
class GameTable {
 public:
  // The rules must make a valid game (made by Rules::make).
  explicit GameTable(std::shared_ptr<const Rules> rules);

  // A new game from the start. Dragons variant: each player's dragon, a
  // hole of its home in turn order ("m1 c11 l12", as the match runner
  // reads them), or drawn from `seed` when empty. On error nothing changes.
  Status reset(std::string_view dragons, std::uint64_t seed);

  // What makes this game again (pickle): the dragons it started with
  // (empty outside the dragons variant) and the moves played since.
  const std::vector<Hole>& start_dragons() const { return dragons_; }
  const std::vector<Move>& moves() const { return truth_->moves(); }
  // The game those make, replayed from its start; on error nothing changes.
  Status restore(const std::vector<Hole>& dragons, const std::vector<Move>& moves);

  const Rules& rules() const { return *rules_; }
  int players() const { return rules_->player_count(); }
  bool is_over() const { return truth_->position().is_over(); }
  // The player to move, or -1 once the game is over.
  int to_move() const { return is_over() ? -1 : truth_->position().side_to_move(); }
  int moves_played() const { return static_cast<int>(truth_->moves().size()); }
  const Frame& frame(int player) const { return frames_[static_cast<std::size_t>(player)]; }
  // What `player` knows of the game.
  const Game& view(int player) const;
  // The legal moves of the player to move (none once the game is over).
  const MoveList& legal_moves() const { return legal_; }

  // The action in the mover's frame, checked against the legal moves;
  // on error nothing changes and the message names the action.
  Status step(long long action);
  // The move step(action) would play, or step's error; changes nothing.
  Expected<Move> checked_action(long long action) const;
  // A legal move of the player to move, as an engine chose it.
  Status play(Move move);

  // The game as a record (game_record.hpp), from the start of the rules:
  // the referee's document, which in the dragons variant names every
  // dragon; the header's tags are the caller's.
  tools::GameRecord record() const;

  // With the game over, each player's reward: 2 x its placement score - 1,
  // so 1 for first alone, -1 for last alone, the rewards summing to 0;
  // all 0 while the game runs.
  std::vector<double> rewards() const;
  // Players grouped by place, best first (empty while the game runs).
  std::vector<std::vector<int>> standings() const;

  void write_observation(int viewer, std::int8_t* out) const;
  // All 0 unless `viewer` is to move.
  void write_mask(int viewer, std::int8_t* out) const;
  // The same into a mask that has 1 only at the actions `marked` lists:
  // only those are cleared, and `marked` then lists the new mask's 1s
  // (the batched environment's masks, mostly 0, are rewritten so).
  void update_mask(int viewer, std::int8_t* out, std::vector<std::int32_t>& marked) const;

 private:
  void start(const Position& start, const std::vector<Hole>& dragons);
  void play_checked(Move move);
  void refresh_legal();

  std::shared_ptr<const Rules> rules_;
  std::optional<Game> truth_;
  // Dragons variant only: each player's view, in turn order.
  std::vector<Game> views_;
  std::vector<Hole> dragons_;
  std::uint8_t revealed_ = 0;
  std::vector<Frame> frames_;
  MoveList legal_;
};

}  // namespace tiaoqi::python
