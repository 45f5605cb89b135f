#include "engine/eval.hpp"

#include <algorithm>
#include <limits>

#include "engine/score.hpp"

namespace tiaoqi {
namespace {

int forward_jumps(const Position& position, int army) {
  const Rules& rules = position.rules();
  const Bitboard occupied = position.occupied();
  int jumps = 0;
  for (int from : position.army(army)) {
    for (const Rules::Jump& jump : rules.forward_jumps(army, static_cast<Hole>(from))) {
      if (jump.landing == kNoHole) break;
      jumps += occupied.test(jump.pivot) && !occupied.test(jump.landing);
    }
  }
  return jumps;
}

void add_army_features(const Position& position, int army, bool with_jumps,
                       FeatureValues& features) {
  const Rules& rules = position.rules();
  const Bitboard pieces = position.army(army);
  const int count = pieces.count();
  if (count == 0) return;

  int sum = 0, farthest = 0;
  for (int h : pieces) {
    const int d = rules.tip_distance(army, static_cast<Hole>(h));
    sum += d;
    farthest = std::max(farthest, d);
  }
  features[kDistance] += std::max(0, sum - rules.best_tip_distance_sum(army, count));
  const int mean = (sum + count - 1) / count;
  features[kStraggler] += std::max(0, farthest - mean - kStragglerSlack);
  features[kLastPiece] += farthest;
  features[kOutsideTarget] += (pieces & ~rules.target(army)).count();
  features[kInHome] += (pieces & rules.home(army)).count();
  if (with_jumps) features[kForwardJumps] += forward_jumps(position, army);
}

}  // namespace

std::string_view feature_name(EvalFeature feature) {
  switch (feature) {
    case kDistance:
      return "distance";
    case kStraggler:
      return "straggler";
    case kLastPiece:
      return "last_piece";
    case kOutsideTarget:
      return "outside_target";
    case kInHome:
      return "in_home";
    case kForwardJumps:
      return "forward_jumps";
    case kFeatureCount:
      break;
  }
  return "?";
}

FeatureValues player_features(const Position& position, int player, bool with_jumps) {
  FeatureValues features{};
  const std::uint8_t armies = position.rules().armies_of(player);
  for (int army = 0; army < kArmies; ++army)
    if (armies >> army & 1) add_army_features(position, army, with_jumps, features);
  return features;
}

namespace {

// All features for display and tuning; the search skips the costly ones
// that carry no weight.
EvalTerms terms_of(const Position& position, int viewer, const EvalWeights& weights,
                   bool all_features) {
  EvalTerms terms;
  terms.players = position.rules().player_count();
  terms.viewer = viewer;
  for (int p = 0; p < terms.players; ++p) {
    PlayerTerms& player = terms.player[p];
    player.active = !position.is_eliminated(p);
    player.features =
        player_features(position, p, all_features || weights.feature[kForwardJumps] != 0);
    for (int f = 0; f < kFeatureCount; ++f) player.cost += weights.feature[f] * player.features[f];
  }

  // Against the opponent closest to finishing; alone, against the clock.
  int best_opponent = std::numeric_limits<int>::max();
  for (int p = 0; p < terms.players; ++p) {
    if (p == viewer || !terms.player[p].active || terms.player[p].cost >= best_opponent) continue;
    best_opponent = terms.player[p].cost;
    terms.opponent = p;
  }
  if (terms.opponent < 0) best_opponent = 0;
  int score = best_opponent - terms.player[viewer].cost;
  score += viewer == position.side_to_move() ? weights.tempo : -weights.tempo;
  terms.score = std::clamp(score, -kMaxEvalScore, kMaxEvalScore);
  return terms;
}

}  // namespace

EvalTerms evaluate_terms(const Position& position, int viewer, const EvalWeights& weights) {
  return terms_of(position, viewer, weights, true);
}

int evaluate(const Position& position, int viewer) {
  return terms_of(position, viewer, kEvalWeights, false).score;
}

}  // namespace tiaoqi
