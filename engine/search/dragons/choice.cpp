#include "engine/search/dragons/choice.hpp"

#include <cassert>

#include "engine/util/hash.hpp"

namespace tiaoqi::search::dragons {

int choice_weight(const Rules& rules, int army, Hole hole) {
  if (!rules.home(army).test(hole)) return 1;
  const int depth = 4 - rules.geometry().distance(hole, rules.geometry().tip(army));
  return 1 + (depth > 0 ? depth : 0);
}

Hole choose_dragon(const Position& start, int player, std::uint64_t draw) {
  const Rules& rules = start.rules();
  // Weight 1 for the front row of the home, up to 4 for its tip.
  Hole holes[kMaxHomeSize];
  int weights[kMaxHomeSize];
  int count = 0;
  int total = 0;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player) >> army & 1)) continue;
    for (int h : start.army(army) & rules.home(army)) {
      holes[count] = static_cast<Hole>(h);
      weights[count] = choice_weight(rules, army, static_cast<Hole>(h));
      total += weights[count++];
      if (count == kMaxHomeSize) break;
    }
  }
  assert(count > 0);
  int pick = static_cast<int>(util::mix64(draw) % static_cast<std::uint64_t>(total));
  for (int i = 0; i < count; ++i) {
    if (pick < weights[i]) return holes[i];
    pick -= weights[i];
  }
  return holes[count - 1];
}

}  // namespace tiaoqi::search::dragons
