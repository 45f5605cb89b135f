#include "engine/position.hpp"

#include <algorithm>
#include <cassert>

#include "engine/movegen.hpp"

namespace tiaoqi {

Position Position::empty(const Rules& rules) {
  Position position(rules);
  position.hash_ = zobrist::side(0);
  return position;
}

Position Position::start(const Rules& rules) {
  Position position = empty(rules);
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.seated_armies() >> army & 1)) continue;
    for (int h : rules.home(army)) position.put_piece(army, static_cast<Hole>(h));
  }
  return position;
}

std::uint64_t Position::compute_hash() const {
  std::uint64_t hash = zobrist::side(side_);
  for (int army = 0; army < kArmies; ++army)
    for (int h : armies_[army]) hash ^= zobrist::piece(army, static_cast<Hole>(h));
  for (int h : dragons_) hash ^= zobrist::dragon(static_cast<Hole>(h));
  for (int p = 0; p < kMaxPlayers; ++p)
    if (is_eliminated(p)) hash ^= zobrist::eliminated(p);
  return hash;
}

int Position::active_player_count() const {
  int count = 0;
  for (int p = 0; p < rules_->player_count(); ++p) count += !is_eliminated(p);
  return count;
}

void Position::toggle_piece(int army_index, Hole h) {
  const Geometry& geometry = rules_->geometry();
  armies_[army_index] ^= Bitboard::bit(h);
  occupied_ ^= Bitboard::bit(h);
  grid_occupied_[geometry.parity_class(h)] ^= GridBitboard::bit(geometry.grid_bit(h));
  hash_ ^= zobrist::piece(army_index, h);
}

void Position::put_piece(int army_index, Hole h) {
  // army_at() looks at seated armies only.
  assert(rules_->seated_armies() >> army_index & 1);
  if (occupied_.test(h)) remove_piece(h);
  toggle_piece(army_index, h);
}

void Position::remove_piece(Hole h) {
  const int army_index = army_at(h);
  if (army_index < 0) return;
  set_dragon(h, false);
  toggle_piece(army_index, h);
}

void Position::set_dragon(Hole h, bool dragon) {
  if (dragons_.test(h) == dragon) return;
  dragons_ ^= Bitboard::bit(h);
  hash_ ^= zobrist::dragon(h);
}

void Position::set_side_to_move(int player) {
  hash_ ^= zobrist::side(side_) ^ zobrist::side(player);
  side_ = static_cast<std::uint8_t>(player);
}

void Position::set_eliminated(int player) {
  if (is_eliminated(player)) return;
  eliminated_ |= static_cast<std::uint8_t>(1u << player);
  elimination_order_[player] = ++eliminations_;
  hash_ ^= zobrist::eliminated(player);
}

bool Position::has_finished(int player) const {
  const bool own_rule = rules_->options().goal_rule == GoalRule::kOwn;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules_->armies_of(player) >> army & 1)) continue;
    const Bitboard target = rules_->target(army);
    if (own_rule) {
      if ((armies_[army] & target) != target) return false;
    } else if ((occupied_ & target) != target || (armies_[army] & target).none()) {
      return false;
    }
  }
  return true;
}

bool Position::has_filled_with_own(int player) const {
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules_->armies_of(player) >> army & 1)) continue;
    const Bitboard target = rules_->target(army);
    if ((armies_[army] & target) != target) return false;
  }
  return true;
}

bool Position::can_fill_with_own_at_once(int player) const {
  Position probe = *this;
  probe.set_side_to_move(player);
  MoveList moves;
  generate_moves(probe, moves);
  for (const Move& move : moves) {
    // The pieces alone are moved: play() would run the end-of-game checks.
    Position after = probe;
    const int army = after.army_at(move.from);
    if (const int swapped = after.army_at(move.to); swapped >= 0) {
      after.toggle_piece(swapped, move.to);
      after.toggle_piece(swapped, move.from);
    }
    after.toggle_piece(army, move.from);
    after.toggle_piece(army, move.to);
    if (after.has_filled_with_own(player)) return true;
  }
  return false;
}

int Position::distance_sum(int player) const {
  const Geometry& geometry = rules_->geometry();
  int sum = 0;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules_->armies_of(player) >> army & 1)) continue;
    const Hole tip = rules_->target_tip(army);
    for (int h : armies_[army]) sum += geometry.distance(static_cast<Hole>(h), tip);
  }
  return sum;
}

int Position::next_active_after(int player) const {
  const int count = rules_->player_count();
  for (int step = 1; step <= count; ++step) {
    const int candidate = (player + step) % count;
    if (!is_eliminated(candidate)) return candidate;
  }
  return player;
}

bool Position::is_last_active_in_round(int player) const {
  for (int p = player + 1; p < rules_->player_count(); ++p)
    if (!is_eliminated(p)) return false;
  return true;
}

void Position::play(Move move) {
  if (rules_->dragons()) {
    play_dragons(move);
    return;
  }
  // A legal move: the game goes on, the start holds a piece of the player
  // to move, and the end is empty or (swap rule) holds another player's.
  assert(!over_);
  assert(move.from < rules_->geometry().hole_count() && move.to < rules_->geometry().hole_count());
  assert((pieces_of(side_) & Bitboard::bit(move.from)).any());
  assert(!occupied_.test(move.to) ||
         (rules_->options().swap_rule && (pieces_of(side_) & Bitboard::bit(move.to)).none()));
  const int mover = side_;
  int mover_army = 0;
  while (!(armies_[mover_army].test(move.from))) ++mover_army;
  const bool was_dragon = dragons_.test(move.from);
  const bool swap = occupied_.test(move.to);
  if (swap) {
    // Swap rule: the displaced piece goes to the mover's start hole.
    const int swapped_army = army_at(move.to);
    const bool swapped_dragon = dragons_.test(move.to);
    set_dragon(move.to, false);
    toggle_piece(swapped_army, move.to);
    toggle_piece(mover_army, move.from);
    toggle_piece(swapped_army, move.from);
    set_dragon(move.from, swapped_dragon);
  } else {
    set_dragon(move.from, false);
    toggle_piece(mover_army, move.from);
  }
  toggle_piece(mover_army, move.to);
  set_dragon(move.to, was_dragon);
  ++move_count_;
  // The turn passes first, so a finished game's string names who is next.
  set_side_to_move(next_active_after(mover));

  // Only an army whose target holds the move's end (or, after a swap, its
  // start, where the displaced piece now stands) can have arrived now:
  // every other target is as it was or lost a piece, and a player that
  // had finished before would have ended the game. EqualTurns waits for
  // the end of the round and then looks at every player.
  const bool target_touched =
      rules_->target_armies(move.to) | (swap ? rules_->target_armies(move.from) : 0);
  if ((target_touched || rules_->options().equal_turns) && check_finished(mover)) return;
  if (check_home_deadline()) return;
  check_move_limit();
}

void Position::check_move_limit() {
  const int max_plies = rules_->options().max_plies;
  if (max_plies <= 0 || move_count_ < max_plies) return;
  if (rules_->options().move_limit_draw)
    end_in_draw();
  else
    end_game(0);
}

void Position::eliminate_side_to_move() {
  if (rules_->dragons()) {
    pass_turn();
    return;
  }
  const int player = side_;
  set_eliminated(player);
  set_side_to_move(next_active_after(player));
  if (check_survivors()) return;
  check_finished(player);
}

void Position::conclude_setup() {
  if (over_) return;
  if (rules_->dragons()) {
    // As after the previous player's move: a won group, the last dragon, the
    // move limit.
    const int count = rules_->player_count();
    int previous = side_;
    for (int step = 1; step <= count; ++step) {
      previous = (side_ + count - step) % count;
      if (!is_eliminated(previous)) break;
    }
    check_dragon_result(previous);
    return;
  }
  if (check_survivors()) return;
  // The finishing check runs as after the previous player's move.
  const int count = rules_->player_count();
  int previous = side_;
  for (int step = 1; step <= count; ++step) {
    previous = (side_ + count - step) % count;
    if (!is_eliminated(previous)) break;
  }
  if (check_finished(previous)) return;
  if (check_home_deadline()) return;
  check_move_limit();
}

bool Position::check_finished_at_once() {
  // Targets full of own pieces first: both is a draw; player 1 alone wins
  // unless player 2, to move, fills its own with its next move.
  const bool first = !is_eliminated(0) && has_filled_with_own(0);
  const bool second = !is_eliminated(1) && has_filled_with_own(1);
  if (first && second) {
    end_in_draw();
    return true;
  }
  if (first) {
    if (side_ == 1 && can_fill_with_own_at_once(1))
      end_in_draw();
    else
      end_game(1);
    return true;
  }
  if (second) {
    end_game(2);
    return true;
  }
  // Then a target completed with blockers (GoalRule filled), player 1 first.
  for (int p = 0; p < 2; ++p) {
    if (!is_eliminated(p) && has_finished(p)) {
      end_game(static_cast<std::uint8_t>(1u << p));
      return true;
    }
  }
  return false;
}

bool Position::check_finished(int mover) {
  if (rules_->options().equal_turns_at_once) return check_finished_at_once();
  const int count = rules_->player_count();
  const bool equal_turns = rules_->options().equal_turns;
  // With equal turns the check waits for the end of the round.
  if (equal_turns && !is_last_active_in_round(mover)) return false;
  std::uint8_t finished = 0;
  for (int p = 0; p < count; ++p)
    if (!is_eliminated(p) && has_finished(p)) finished |= static_cast<std::uint8_t>(1u << p);
  if (!finished) return false;
  if (equal_turns) {
    end_game(finished);
    return true;
  }
  // The mover wins if it finished, else the first finished player after it.
  for (int step = 0; step < count; ++step) {
    const int p = (mover + step) % count;
    if (finished >> p & 1) {
      end_game(static_cast<std::uint8_t>(1u << p));
      return true;
    }
  }
  return false;
}

bool Position::check_home_deadline() {
  const int deadline = rules_->options().home_deadline;
  if (deadline <= 0 || move_count_ < deadline * rules_->player_count()) return false;
  bool any = false;
  // Players caught at once share their elimination order, hence their place.
  const std::uint8_t order = eliminations_ + 1;
  for (int p = 0; p < rules_->player_count(); ++p) {
    if (is_eliminated(p) || (pieces_of(p) & rules_->homes_of(p)).none()) continue;
    set_eliminated(p);
    elimination_order_[p] = order;
    any = true;
  }
  if (any) eliminations_ = order;
  if (!any) return false;
  if (check_survivors()) return true;
  if (is_eliminated(side_)) set_side_to_move(next_active_after(side_));
  return false;
}

bool Position::check_survivors() {
  const int active = active_player_count();
  const bool alone = rules_->player_count() >= 2 ? active <= 1 : active == 0;
  if (!alone) return false;
  std::uint8_t winners = 0;
  for (int p = 0; p < rules_->player_count(); ++p)
    if (!is_eliminated(p)) winners |= static_cast<std::uint8_t>(1u << p);
  end_game(winners);
  return true;
}

void Position::end_game(std::uint8_t winners) {
  over_ = true;
  const int count = rules_->player_count();
  // Sort key: winners first, then players still in the game by distance sum
  // (move-limit adjudication), then the eliminated, last eliminated first.
  std::array<long, kMaxPlayers> key{};
  for (int p = 0; p < count; ++p) {
    if (winners >> p & 1)
      key[p] = 0;
    else if (!is_eliminated(p))
      // Dragons have no targets: the players still in share the next place.
      key[p] = 1 + (rules_->dragons() ? 0 : distance_sum(p));
    else
      key[p] = 1000000L - elimination_order_[p];
  }
  for (int p = 0; p < count; ++p) {
    int better = 0;
    for (int q = 0; q < count; ++q) better += key[q] < key[p];
    places_[p] = static_cast<std::uint8_t>(better);
  }
}

void Position::play_dragons(Move move) {
  assert(!over_);
  const int mover = side_;
  const int mover_army = army_at(move.from);
  assert(mover_army >= 0 && rules_->player_of(mover_army) == mover);
  if (occupied_.test(move.to)) {
    // A capture: the piece on the last landing is removed; a captured
    // dragon loses its owner the game.
    const int captured_army = army_at(move.to);
    const bool captured_dragon = dragons_.test(move.to);
    set_dragon(move.to, false);
    toggle_piece(captured_army, move.to);
    if (captured_dragon) set_eliminated(rules_->player_of(captured_army));
  }
  passes_ = 0;
  const bool was_dragon = dragons_.test(move.from);
  set_dragon(move.from, false);
  toggle_piece(mover_army, move.from);
  toggle_piece(mover_army, move.to);
  set_dragon(move.to, was_dragon);
  ++move_count_;
  set_side_to_move(next_active_after(mover));
  check_dragon_result(mover);
}

bool Position::check_dragon_result(int mover) {
  if (const int winner = dragon_winner(mover); winner != kNoPlayer) {
    end_game(static_cast<std::uint8_t>(1u << winner));
    return true;
  }
  // The last player with a dragon wins.
  if (check_survivors()) return true;
  // MaxPlies draws: the targets the standard game measures do not exist.
  const int max_plies = rules_->options().max_plies;
  if (max_plies > 0 && move_count_ >= max_plies) {
    end_in_draw();
    return true;
  }
  return false;
}

bool Position::dragon_group_home(int player) const {
  const Bitboard pieces = pieces_of(player);
  const Bitboard dragon = pieces & dragons_;
  if (dragon.none()) return false;
  const Geometry& geometry = rules_->geometry();
  // The dragon stands in the home arm of one of the other players (one who
  // has lost counts too).
  bool in_other_home = false;
  for (int army = 0; army < kArmies; ++army) {
    if ((rules_->seated_armies() >> army & 1) && rules_->player_of(army) != player &&
        (geometry.arm(army) & dragon).any())
      in_other_home = true;
  }
  if (!in_other_home) return false;
  // Every remaining piece is joined to the dragon through neighbouring
  // pieces of the same player.
  Bitboard group = dragon;
  Bitboard frontier = dragon;
  while (frontier) {
    Bitboard next;
    for (int h : frontier) next |= geometry.neighbour_mask(static_cast<Hole>(h));
    frontier = next & pieces & ~group;
    group |= frontier;
  }
  return group == pieces;
}

int Position::dragon_winner(int first) const {
  const int count = rules_->player_count();
  for (int step = 0; step < count; ++step) {
    const int p = (first + step) % count;
    if (!is_eliminated(p) && dragon_group_home(p)) return p;
  }
  return kNoPlayer;
}

void Position::pass_turn() {
  // When every player still in has passed in a row, nobody can move.
  if (++passes_ >= active_player_count()) {
    end_in_draw();
    return;
  }
  set_side_to_move(next_active_after(side_));
}

void Position::end_in_draw() {
  std::uint8_t active = 0;
  for (int p = 0; p < rules_->player_count(); ++p)
    if (!is_eliminated(p)) active |= static_cast<std::uint8_t>(1u << p);
  end_game(active);
}

std::vector<std::vector<int>> Position::standings() const {
  std::vector<std::vector<int>> groups;
  for (int place = 0; place < rules_->player_count(); ++place) {
    std::vector<int> group;
    for (int p = 0; p < rules_->player_count(); ++p)
      if (places_[p] == place) group.push_back(p);
    if (!group.empty()) groups.push_back(group);
  }
  return groups;
}

}  // namespace tiaoqi
