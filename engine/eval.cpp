#include "engine/eval.hpp"

#include <algorithm>
#include <limits>

#include "engine/search/report.hpp"

namespace tiaoqi {
namespace {

// The terms of one army: its distance beyond the best arrangement of its
// pieces in the target, and how far its slowest piece trails.
struct ArmyTerms {
  int distance = 0;
  int straggler = 0;
};

ArmyTerms army_terms(const Position& position, int army) {
  const Rules& rules = position.rules();
  const Geometry& geometry = rules.geometry();
  const Hole tip = rules.target_tip(army);
  const Bitboard pieces = position.army(army);
  const int count = pieces.count();
  ArmyTerms terms;
  if (count == 0) return terms;

  int sum = 0, farthest = 0;
  for (int h : pieces) {
    const int d = geometry.distance(static_cast<Hole>(h), tip);
    sum += d;
    farthest = std::max(farthest, d);
  }
  // The smallest sum these pieces can have: the `count` target holes
  // nearest the tip. A target holds at most 15 holes.
  std::array<int, 32> target_distances{};
  int holes = 0;
  for (int h : rules.target(army)) {
    if (holes == static_cast<int>(target_distances.size())) break;
    target_distances[holes++] = geometry.distance(static_cast<Hole>(h), tip);
  }
  std::sort(target_distances.begin(), target_distances.begin() + holes);
  int best = 0;
  for (int i = 0; i < std::min(count, holes); ++i) best += target_distances[i];

  terms.distance = std::max(0, sum - best);
  const int mean = (sum + count - 1) / count;
  terms.straggler = std::max(0, farthest - mean - kStragglerSlack);
  return terms;
}

}  // namespace

EvalTerms evaluate_terms(const Position& position, int viewer) {
  const Rules& rules = position.rules();
  EvalTerms terms;
  terms.players = rules.player_count();
  terms.viewer = viewer;
  for (int p = 0; p < terms.players; ++p) {
    PlayerTerms& player = terms.player[p];
    player.active = !position.is_eliminated(p);
    for (int army = 0; army < kArmies; ++army) {
      if (!(rules.armies_of(p) >> army & 1)) continue;
      const ArmyTerms army_part = army_terms(position, army);
      player.distance += army_part.distance;
      player.straggler += army_part.straggler;
    }
  }

  // Against the opponent closest to finishing; alone, against the clock.
  int best_opponent = std::numeric_limits<int>::max();
  for (int p = 0; p < terms.players; ++p)
    if (p != viewer && terms.player[p].active)
      best_opponent = std::min(best_opponent, terms.player[p].cost());
  if (best_opponent == std::numeric_limits<int>::max()) best_opponent = 0;
  terms.score = std::clamp(kCentiStep * (best_opponent - terms.player[viewer].cost()),
                           -kMaxEvalScore, kMaxEvalScore);
  return terms;
}

int evaluate(const Position& position, int viewer) {
  return evaluate_terms(position, viewer).score;
}

}  // namespace tiaoqi
