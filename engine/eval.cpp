#include "engine/eval.hpp"

#include <algorithm>
#include <limits>

#include "engine/search/report.hpp"

namespace tiaoqi {
namespace {

void add_army_features(const Position& position, int army, FeatureValues& features) {
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
    case kFeatureCount:
      break;
  }
  return "?";
}

FeatureValues player_features(const Position& position, int player) {
  FeatureValues features{};
  const std::uint8_t armies = position.rules().armies_of(player);
  for (int army = 0; army < kArmies; ++army)
    if (armies >> army & 1) add_army_features(position, army, features);
  return features;
}

EvalTerms evaluate_terms(const Position& position, int viewer, const EvalWeights& weights) {
  EvalTerms terms;
  terms.players = position.rules().player_count();
  terms.viewer = viewer;
  for (int p = 0; p < terms.players; ++p) {
    PlayerTerms& player = terms.player[p];
    player.active = !position.is_eliminated(p);
    player.features = player_features(position, p);
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

int evaluate(const Position& position, int viewer) {
  return evaluate_terms(position, viewer).score;
}

}  // namespace tiaoqi
