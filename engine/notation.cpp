#include "engine/notation.hpp"

#include <array>

#include "engine/movegen.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi {
namespace {

// Splits "k3k5i7g7" or "k3-k5-i7-g7" into hole names; empty on bad syntax.
std::vector<std::string_view> split_holes(std::string_view text) {
  std::vector<std::string_view> names;
  std::size_t i = 0;
  while (i < text.size()) {
    // A dash may separate two hole names, never start, end or double.
    if (text[i] == '-' && !names.empty() && i + 1 < text.size() && text[i - 1] != '-' &&
        text[i + 1] != '-') {
      ++i;
      continue;
    }
    const char c = text[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!letter) return {};
    std::size_t end = i + 1;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (end == i + 1) return {};
    names.push_back(text.substr(i, end - i));
    i = end;
  }
  return names;
}

}  // namespace

std::string_view strip_dragon_marks(std::string_view text, DragonMarks& marks) {
  while (!text.empty() && (text.back() == '*' || text.back() == '#')) {
    (text.back() == '*' ? marks.revealed : marks.captured) = true;
    text.remove_suffix(1);
  }
  return text;
}

std::string marked_move(std::string_view text, DragonMarks marks) {
  std::string marked(text);
  if (marks.revealed) marked += '*';
  if (marks.captured) marked += '#';
  return marked;
}

std::vector<Hole> shortest_path(const Position& position, Move move) {
  const Geometry& geometry = position.geometry();
  if (geometry.neighbour_mask(move.from).test(move.to)) return {move.from, move.to};

  const Rules& rules = position.rules();
  const int army = position.army_at(move.from);
  const bool locked = rules.options().goal_lock && army >= 0 && rules.target(army).test(move.from);
  const Bitboard empty = geometry.all_holes() & ~position.occupied();
  const Bitboard passable = locked ? empty & rules.target(army) : empty;
  // GoalLockInChain: after a landing in the target the chain stays there.
  const Bitboard lock_zone =
      rules.options().goal_lock_in_chain && army >= 0 ? rules.target(army) : Bitboard();

  // Breadth-first search over chain landings; parents give the path back.
  std::array<Hole, kMaxHoles> parent;
  parent.fill(kNoHole);
  Bitboard visited = Bitboard::bit(move.from);
  std::vector<Hole> queue{move.from};
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Hole hole = queue[head];
    Bitboard landings = single_jump_landings(position, move.from, hole);
    if (hole != move.from && lock_zone.test(hole)) landings &= lock_zone;
    // The end is either an empty landing or, under the swap rule, an
    // occupied one reached by the last jump.
    if (landings.test(move.to)) {
      std::vector<Hole> path{move.to};
      for (Hole h = hole; h != kNoHole; h = parent[h]) path.insert(path.begin(), h);
      return path;
    }
    for (int landing : landings& passable & ~visited) {
      visited.set(landing);
      parent[landing] = hole;
      queue.push_back(static_cast<Hole>(landing));
    }
  }
  return {move.from, move.to};
}

std::string move_text(const Position& position, Move move) {
  std::string text;
  for (Hole h : shortest_path(position, move)) text += position.geometry().name(h);
  return text;
}

std::string move_ends_text(const Geometry& geometry, Move move) {
  return geometry.name(move.from) + geometry.name(move.to);
}

Expected<Move> parse_move(const Position& position, std::string_view text) {
  const Geometry& geometry = position.geometry();
  const auto names = split_holes(text);
  if (names.size() < 2)
    return fail("move " + util::quote_input(text) +
                ": expected at least two hole names such as 'm1l2' or 'k3-k5-i7'");
  std::vector<Hole> holes;
  for (std::string_view name : names) {
    const auto hole = geometry.parse_hole(name);
    if (!hole)
      return fail("move " + util::quote_input(text) + ": " + util::quote_input(name) +
                  " is not a hole of this board");
    holes.push_back(*hole);
  }
  if (position.is_over()) return fail("move " + util::quote_input(text) + ": the game is over");

  const Move move{holes.front(), holes.back()};
  const int player = position.side_to_move();
  const int army = position.army_at(move.from);
  if (army < 0 || position.rules().player_of(army) != player)
    return fail("move " + util::quote_input(text) + ": " + geometry.name(move.from) +
                " holds no piece of player " + std::to_string(player + 1));

  MoveList legal;
  generate_moves(position, legal);
  if (!legal.contains(move))
    return fail("move " + util::quote_input(text) + ": illegal, no legal move of player " +
                std::to_string(player + 1) + " goes from " + geometry.name(move.from) + " to " +
                geometry.name(move.to));
  if (holes.size() == 2) return move;

  // A full path: every hop must be a jump over the board as it stands, with
  // the moving piece lifted; only the last landing may be occupied (swap).
  const Rules& rules = position.rules();
  const bool locked = rules.options().goal_lock && rules.target(army).test(move.from);
  const Bitboard lifted = position.occupied() & ~Bitboard::bit(move.from);
  for (std::size_t i = 1; i < holes.size(); ++i) {
    const std::string hop = geometry.name(holes[i - 1]) + "-" + geometry.name(holes[i]);
    if (!single_jump_landings(position, move.from, holes[i - 1]).test(holes[i]))
      return fail("move " + util::quote_input(text) + ": hop " + std::to_string(i) + " (" + hop +
                  ") is not a legal jump");
    const bool last = i + 1 == holes.size();
    if (!last && lifted.test(holes[i]))
      return fail("move " + util::quote_input(text) + ": hop " + std::to_string(i) + " (" + hop +
                  ") lands on an occupied hole");
    if (locked && !rules.target(army).test(holes[i]))
      return fail("move " + util::quote_input(text) + ": hop " + std::to_string(i) + " (" + hop +
                  ") leaves the target, which the goal lock forbids");
    if (rules.options().goal_lock_in_chain && i >= 2 && rules.target(army).test(holes[i - 1]) &&
        !rules.target(army).test(holes[i]))
      return fail("move " + util::quote_input(text) + ": hop " + std::to_string(i) + " (" + hop +
                  ") leaves the target after a landing in it, which GoalLockInChain forbids");
  }
  return move;
}

}  // namespace tiaoqi
