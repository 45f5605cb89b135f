#include "engine/eval.hpp"

#include <algorithm>
#include <limits>

#include "engine/lane_jumps.hpp"
#include "engine/score.hpp"

namespace tiaoqi {
namespace {}  // namespace

int forward_jumps_scalar(const Position& position, int army) {
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

namespace {

#ifdef TIAOQI_LANES

// The forward jumps of every piece at once: per direction, the pieces whose
// jump goes forward, whose pivot is taken and whose landing is empty.
template <int kDirection>
__m256i open_forward(__m256i pieces, const lanes::LaneJumps& jumps, __m256i empty,
                     const GridBitboard* forward) {
  using namespace lanes;
  constexpr int kShift = Geometry::grid_jump_shift(kDirection);
  // The node whose landing is empty: the empty nodes shifted back.
  const __m256i landing_empty =
      kShift >= 0 ? _mm256_srli_epi64(empty, kShift) : _mm256_slli_epi64(empty, -kShift);
  const __m256i open = _mm256_and_si256(_mm256_and_si256(pieces, load(forward)),
                                        _mm256_and_si256(jumps.pivots[kDirection], landing_empty));
  return _mm256_popcnt_epi64(open);
}

}  // namespace

int forward_jumps(const Position& position, int army) {
  using namespace lanes;
  const Rules& rules = position.rules();
  const Geometry& geometry = rules.geometry();
  const __m256i pieces = to_lanes(geometry, position.army(army));
  const __m256i occupied = load(&position.grid_occupied(0));
  const LaneJumps jumps = lane_jumps(occupied);
  const __m256i empty = _mm256_andnot_si256(occupied, load(&geometry.grid_holes_mask(0)));
  __m256i counts = _mm256_add_epi64(
      open_forward<kEast>(pieces, jumps, empty, &rules.forward_grid(army, kEast, 0)),
      open_forward<kNorthEast>(pieces, jumps, empty, &rules.forward_grid(army, kNorthEast, 0)));
  counts = _mm256_add_epi64(
      counts,
      _mm256_add_epi64(
          open_forward<kNorthWest>(pieces, jumps, empty, &rules.forward_grid(army, kNorthWest, 0)),
          open_forward<kWest>(pieces, jumps, empty, &rules.forward_grid(army, kWest, 0))));
  counts = _mm256_add_epi64(
      counts, _mm256_add_epi64(open_forward<kSouthWest>(pieces, jumps, empty,
                                                        &rules.forward_grid(army, kSouthWest, 0)),
                               open_forward<kSouthEast>(pieces, jumps, empty,
                                                        &rules.forward_grid(army, kSouthEast, 0))));
  return count(counts);
}

#else

}  // namespace

int forward_jumps(const Position& position, int army) {
  return forward_jumps_scalar(position, army);
}

#endif

namespace {

void add_army_features(const Position& position, int army, bool with_jumps,
                       FeatureValues& features) {
  const Rules& rules = position.rules();
  const Bitboard pieces = position.army(army);
  const int count = pieces.count();
  if (count == 0) return;

  // Tip distances summed bit by bit, and the farthest found by halving.
  int sum = 0;
  for (int bit = 0; bit < Rules::kDistanceBits; ++bit)
    sum += (pieces & rules.tip_distance_bit(army, bit)).count() << bit;
  int farthest = 0;
  for (int step = 16; step > 0; step /= 2)
    if (farthest + step <= Rules::kMaxTipDistance &&
        (pieces & rules.tip_distance_at_least(army, farthest + step)).any())
      farthest += step;
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
