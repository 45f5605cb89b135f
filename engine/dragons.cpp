#include "engine/dragons.hpp"

#include "engine/util/hash.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi {
namespace {

// Is `hole` in the home arm of a seated army of another player than
// `player`?
bool in_other_home(const Position& position, int player, Hole hole) {
  const Rules& rules = position.rules();
  for (int army = 0; army < kArmies; ++army)
    if ((rules.seated_armies() >> army & 1) && rules.player_of(army) != player &&
        position.geometry().arm(army).test(hole))
      return true;
  return false;
}

std::string player_name(int player) { return "p" + std::to_string(player + 1); }

}  // namespace

DragonMarks referee_marks(const Position& truth, Move move) {
  DragonMarks marks;
  marks.revealed =
      truth.dragons().test(move.from) && in_other_home(truth, truth.side_to_move(), move.to);
  marks.captured = truth.occupied().test(move.to) && truth.dragons().test(move.to);
  return marks;
}

Expected<std::vector<Hole>> parse_dragons(const Position& start, std::string_view text) {
  const Rules& rules = start.rules();
  std::string spaced(text);
  for (char& c : spaced)
    if (c == ',') c = ' ';
  const auto words = util::tokenize(spaced);
  const int players = rules.player_count();
  if (static_cast<int>(words.size()) != players)
    return fail("dragons: expected " + util::plural(players, "hole") +
                ", one for each player in turn order (such as m1,c11,l12), got " +
                util::quote_input(text));
  std::vector<Hole> dragons;
  for (int player = 0; player < players; ++player) {
    const std::string_view word = words[static_cast<std::size_t>(player)];
    const auto hole = start.geometry().parse_hole(word);
    if (!hole) return fail("dragons: " + util::quote_input(word) + " is no hole of this board");
    if (!(start.pieces_of(player) & rules.homes_of(player)).test(*hole))
      return fail("dragons: the dragon of " + player_name(player) + " must start on a piece of " +
                  "its home, got " + util::quote_input(word));
    dragons.push_back(*hole);
  }
  return dragons;
}

std::vector<Hole> draw_dragons(const Position& start, std::uint64_t seed) {
  const Rules& rules = start.rules();
  std::uint64_t state = util::mix64(seed);
  std::vector<Hole> dragons;
  for (int player = 0; player < rules.player_count(); ++player) {
    Bitboard holes = start.pieces_of(player) & rules.homes_of(player);
    const int count = holes.count();
    // A count of 0 cannot happen at the start; the guard keeps the modulo sound.
    int pick = count > 0 ? static_cast<int>(util::splitmix64_next(state) % count) : 0;
    Hole chosen = kNoHole;
    for (int h : holes)
      if (pick-- == 0) chosen = static_cast<Hole>(h);
    dragons.push_back(chosen);
  }
  return dragons;
}

std::string dragons_text(const Geometry& geometry, const std::vector<Hole>& dragons) {
  std::string text;
  for (Hole h : dragons) text += (text.empty() ? "" : " ") + geometry.name(h);
  return text;
}

void place_dragons(Position& position, const std::vector<Hole>& dragons) {
  for (Hole h : dragons)
    if (h != kNoHole) position.set_dragon(h, true);
}

void eliminate_by_referee(Position& position) {
  if (!position.rules().dragons()) {
    position.eliminate_side_to_move();
    return;
  }
  const int player = position.side_to_move();
  const int count = position.rules().player_count();
  position.set_eliminated(player);
  for (int step = 1; step < count; ++step) {
    const int next = (player + step) % count;
    if (!position.is_eliminated(next)) {
      position.set_side_to_move(next);
      break;
    }
  }
  // The rules' checks as after a move: the last player with a dragon wins.
  position.conclude_setup();
}

std::uint8_t revealed_after(std::uint8_t revealed, int mover, DragonMarks marks) {
  return marks.revealed ? static_cast<std::uint8_t>(revealed | 1u << mover) : revealed;
}

Position view_for(const Position& truth, int viewer, std::uint8_t revealed) {
  if (viewer < 0) return truth;
  Position view = truth;
  for (int player = 0; player < truth.rules().player_count(); ++player) {
    if (player == viewer || (revealed >> player & 1)) continue;
    for (int h : truth.pieces_of(player) & truth.dragons())
      view.set_dragon(static_cast<Hole>(h), false);
  }
  return view;
}

}  // namespace tiaoqi
