#include "engine/game.hpp"

#include <algorithm>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi {

void settle(Position& position) {
  // In the dragons variant eliminate_side_to_move() passes, and a round of
  // passes ends the game in a draw.
  while (!position.is_over() && !has_legal_move(position)) position.eliminate_side_to_move();
}

void RepetitionCount::add(Position& position) {
  const int limit = position.rules().options().repetitions;
  if (limit == 0) return;
  const std::uint64_t hash = position.hash();
  seen_.push_back(hash);
  if (position.is_over()) return;
  // The hash leaves the move count out.
  if (std::count(seen_.begin(), seen_.end(), hash) >= limit) position.end_in_draw();
}

void RepetitionCount::take_back(const Position& position) {
  if (position.rules().options().repetitions != 0 && !seen_.empty()) seen_.pop_back();
}

Game::Game(GameSetup setup) : rules_(std::move(setup.rules)) {
  history_.push_back(setup.position);
  settle(history_.back());
  repetitions_.add(history_.back());
}

std::vector<std::uint64_t> Game::earlier_hashes() const {
  std::vector<std::uint64_t> hashes;
  hashes.reserve(history_.size() - 1);
  for (std::size_t i = 0; i + 1 < history_.size(); ++i) hashes.push_back(history_[i].hash());
  return hashes;
}

Game game_at(const Position& position) {
  // The aliasing constructor: points at the rules without owning them.
  return Game(GameSetup{
      std::shared_ptr<const Rules>(std::shared_ptr<const Rules>(), &position.rules()), position});
}

namespace {

// The army of a dragon this position knows elsewhere than on `hole`, which
// would make a second dragon of that army; empty when there is none.
std::string other_dragon(const Position& position, int army, Hole hole) {
  const Bitboard known = position.army(army) & position.dragons() & ~Bitboard::bit(hole);
  return known.any() ? position.geometry().name(static_cast<Hole>(known.lowest())) : "";
}

// The referee's marks must agree with what the game knows: '*' only where a
// dragon ends in another player's home, '#' only on a capture, never a
// second dragon of an army, and a known dragon captured only with '#'.
Status check_dragon_marks(const Position& position, Move move, DragonMarks marks,
                          std::string_view text) {
  const Rules& rules = position.rules();
  const Geometry& geometry = position.geometry();
  const std::string what = "move " + util::quote_input(text) + ": ";
  const int mover_army = position.army_at(move.from);
  if (marks.revealed) {
    if (const std::string known = other_dragon(position, mover_army, move.from); !known.empty())
      return fail(what + "'*' reveals the piece on " + geometry.name(move.from) +
                  " as a dragon, but army " + army_letter(mover_army) + "'s dragon is on " + known);
    bool other_home = false;
    for (int army = 0; army < kArmies; ++army)
      if ((rules.seated_armies() >> army & 1) && army != mover_army &&
          geometry.arm(army).test(move.to))
        other_home = true;
    if (!other_home)
      return fail(what + "'*' reveals a dragon that ends in another player's home, but " +
                  geometry.name(move.to) + " is in none");
  }
  const int captured_army = position.army_at(move.to);
  if (marks.captured) {
    if (captured_army < 0)
      return fail(what + "'#' marks a captured dragon, but the move captures nothing");
    if (const std::string known = other_dragon(position, captured_army, move.to); !known.empty())
      return fail(what + "'#' says the piece on " + geometry.name(move.to) +
                  " was a dragon, but army " + army_letter(captured_army) + "'s dragon is on " +
                  known);
  } else if (captured_army >= 0 && position.dragons().test(move.to)) {
    return fail(what + "the piece captured on " + geometry.name(move.to) +
                " is a known dragon: the move needs '#'");
  }
  return Done{};
}

}  // namespace

Expected<Move> Game::play(std::string_view move_text) {
  DragonMarks marks;
  const std::string_view text = strip_dragon_marks(move_text, marks);
  if ((marks.revealed || marks.captured) && !rules_->dragons())
    return fail("move " + util::quote_input(move_text) +
                ": '*' and '#' mark dragons, which exist only in the dragons variant");
  auto move = parse_move(position(), text);
  if (!move) return move;
  if (rules_->dragons()) {
    if (auto checked = check_dragon_marks(position(), *move, marks, move_text); !checked)
      return Error{checked.error()};
  }
  play(*move, marks);
  return move;
}

void Game::play(Move move, DragonMarks marks) {
  Position next = position();
  // What the marks reveal is known before the move, so that the move's
  // consequences (a lost dragon, a won group) follow from it.
  if (marks.revealed) next.set_dragon(move.from, true);
  if (marks.captured) next.set_dragon(move.to, true);
  next.play(move);
  settle(next);
  history_.push_back(next);
  repetitions_.add(history_.back());
  moves_.push_back(move);
  marks_.push_back(marks);
}

bool Game::undo() {
  if (moves_.empty()) return false;
  repetitions_.take_back(history_.back());
  history_.pop_back();
  moves_.pop_back();
  marks_.pop_back();
  return true;
}

}  // namespace tiaoqi
