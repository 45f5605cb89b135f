#include "engine/search/solitaire/crossing.hpp"

#include <bit>

namespace tiaoqi::search::solitaire {
namespace {

void set_mirror(Crossing& crossing, const Geometry& geometry) {
  const int to_south = (kArmies - crossing.army) % kArmies;
  bool symmetric = true;
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const Cube c = geometry.cube(geometry.rotate(static_cast<Hole>(h), to_south));
    const Hole image = geometry.rotate(geometry.at(c.z, c.y), crossing.army);
    crossing.mirror[h] = image;
    crossing.turn[h] = geometry.rotate(geometry.at(-c.x, -c.y), crossing.army);
    symmetric = symmetric && crossing.stop_allowed.test(h) == crossing.stop_allowed.test(image) &&
                crossing.target.test(h) == crossing.target.test(image);
  }
  if (!symmetric)
    for (int h = 0; h < geometry.hole_count(); ++h) crossing.mirror[h] = static_cast<Hole>(h);
}

}  // namespace

std::optional<Crossing> crossing_of(const Position& root) {
  const Rules& rules = root.rules();
  if (rules.player_count() != 1 || std::popcount(rules.armies_of(0)) != 1 || root.is_over())
    return std::nullopt;
  Crossing crossing;
  crossing.rules = &rules;
  crossing.army = std::countr_zero(rules.armies_of(0));
  crossing.target = rules.target(crossing.army);
  crossing.stop_allowed = rules.stop_allowed(crossing.army);
  crossing.pieces = root.army(crossing.army).count();
  if (root.occupied() != root.army(crossing.army) || crossing.pieces < crossing.target.count())
    return std::nullopt;
  const Geometry& geometry = rules.geometry();
  const int to_south = (kArmies - crossing.army) % kArmies;
  for (int h = 0; h < geometry.hole_count(); ++h)
    crossing.progress[h] = static_cast<std::uint8_t>(
        geometry.rank_of(geometry.rotate(static_cast<Hole>(h), to_south)));
  set_mirror(crossing, geometry);
  const RuleOptions& options = rules.options();
  crossing.reversible = !options.goal_lock;
  crossing.home = rules.home(crossing.army);
  crossing.deadline = options.home_deadline;
  crossing.move_limit = options.max_plies;
  return crossing;
}

Position position_of(const Crossing& crossing, Bits bits, int move_count) {
  Position position = Position::empty(*crossing.rules);
  for (int h : Bitboard(bits)) position.put_piece(crossing.army, static_cast<Hole>(h));
  position.set_move_count(move_count);
  return position;
}

}  // namespace tiaoqi::search::solitaire
