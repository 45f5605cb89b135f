#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/board.hpp"
#include "engine/move.hpp"
#include "engine/rules.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi {

// A game position: the armies on the board, whose turn it is, the move count,
// eliminated players and, once the game has ended, the final places.
//
// Positions are small values copied to make a move (copy-make); they point at
// Rules that the owner (a Game, a test) keeps alive. The end-of-game rules
// that a move triggers are applied by play() (EqualTurnsAtOnce asks the
// move generator, which reads only the Board part); the rule that a player
// without a legal move loses is applied by the caller through
// eliminate_side_to_move(), see game.hpp. The pieces, the side to move and
// is_over() are the Board's.
class Position : public Board {
 public:
  // The start position: every seated army fills its home.
  static Position start(const Rules& rules);
  // An empty board for building positions piece by piece.
  static Position empty(const Rules& rules);

  // Dragons known to the viewer (dragons variant only).
  Bitboard dragons() const { return dragons_; }
  int move_count() const { return move_count_; }
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;

  bool is_eliminated(int player) const { return eliminated_ >> player & 1; }
  std::uint8_t eliminated_mask() const { return eliminated_; }
  int active_player_count() const;
  // With the game over: each player's place, 0 = first; equal places share.
  int place_of(int player) const { return places_[player]; }
  // Players grouped by place, best first (only meaningful when over).
  std::vector<std::vector<int>> standings() const;

  // Has every army of this player arrived (GoalRule)?
  bool has_finished(int player) const;
  // Is every target of this player's armies full of the army's own pieces
  // (arrival under GoalRule own, whatever the GoalRule)?
  bool has_filled_with_own(int player) const;
  // Could the player fill its targets with its own pieces by one move, if
  // it were its turn (EqualTurnsAtOnce)?
  bool can_fill_with_own_at_once(int player) const;
  // Sum over a player's pieces of the distance to its armies' target tips.
  int distance_sum(int player) const;

  // Plays a legal move of the side to move and applies the end-of-game
  // rules a move triggers: finishing, equal turns, home deadline, move limit.
  void play(Move move);
  // The side to move has no legal move: it loses (docs/rules.md, "No legal
  // move"); in the dragons variant it passes instead (pass_turn()).
  void eliminate_side_to_move();
  // Dragons variant: the side to move has no legal move and passes (not a
  // move); when every player still in has passed in a row, a draw.
  void pass_turn();
  void end_in_draw();
  // Dragons variant: the player whose dragon stands in another player's
  // home arm with all its remaining pieces joined to it, looking at `first`
  // and then the others in turn order; kNoPlayer when none (or when the
  // dragons are not known in this view).
  int dragon_winner(int first) const;
  // Applies the end-of-game checks to a position that was set up rather
  // than reached by play() (a parsed position string).
  void conclude_setup();

  // Set-up helpers for parsers and tests; they keep the hash in step.
  void put_piece(int army_index, Hole h);
  void remove_piece(Hole h);
  void set_dragon(Hole h, bool dragon);
  void set_side_to_move(int player);
  void set_move_count(int count) { move_count_ = count; }
  void set_eliminated(int player);

 private:
  explicit Position(const Rules& rules) : Board(rules) {}

  void toggle_piece(int army_index, Hole h);
  void play_dragons(Move move);
  bool dragon_group_home(int player) const;
  bool check_dragon_result(int mover);
  int next_active_after(int player) const;
  bool is_last_active_in_round(int player) const;
  // Finishing check after the turn of `mover`; true when the game ended.
  bool check_finished(int mover);
  // The finishing check of EqualTurnsAtOnce (two players).
  bool check_finished_at_once();
  // MaxPlies: ranks by distance, or draws under MoveLimitDraw.
  void check_move_limit();
  bool check_home_deadline();
  bool check_survivors();
  void end_game(std::uint8_t winners);

  Bitboard dragons_;
  std::uint64_t hash_ = 0;
  std::int32_t move_count_ = 0;
  std::uint8_t eliminated_ = 0;
  // Dragons variant: passes since the last move.
  std::uint8_t passes_ = 0;
  // Order of elimination per player (1 = first eliminated), for the places.
  std::uint8_t eliminations_ = 0;
  std::array<std::uint8_t, kMaxPlayers> elimination_order_{};
  std::array<std::uint8_t, kMaxPlayers> places_{};
};

// Zobrist keys: fixed pseudo-random numbers, the same in every run (SplitMix64
// from a fixed seed, made at compile time; the keys are part of the bench
// signature).
namespace zobrist {

struct Keys {
  std::array<std::array<std::uint64_t, kMaxHoles>, kArmies> pieces{};
  std::array<std::uint64_t, kMaxPlayers> sides{}, eliminations{};
  std::array<std::uint64_t, kMaxHoles> dragons{};
};

constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x7469616f7169ULL;
  for (auto& army : keys.pieces)
    for (auto& key : army) key = util::splitmix64_next(state);
  for (auto& key : keys.sides) key = util::splitmix64_next(state);
  for (auto& key : keys.eliminations) key = util::splitmix64_next(state);
  for (auto& key : keys.dragons) key = util::splitmix64_next(state);
  return keys;
}

inline constexpr Keys kKeys = make_keys();

inline std::uint64_t piece(int army, Hole h) { return kKeys.pieces[army][h]; }
inline std::uint64_t side(int player) { return kKeys.sides[player]; }
inline std::uint64_t eliminated(int player) { return kKeys.eliminations[player]; }
inline std::uint64_t dragon(Hole h) { return kKeys.dragons[h]; }

}  // namespace zobrist

}  // namespace tiaoqi
