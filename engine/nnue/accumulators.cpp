#include "engine/nnue/accumulators.hpp"

#include <bit>
#include <cstdlib>

namespace tiaoqi::nnue {
namespace {

// hole -> its hole rotated by `sixths`, on the full board: built once.
const std::array<std::array<Hole, kFrameHoles>, 6>& rotations() {
  static const auto kRotations = [] {
    const Geometry& geometry = Geometry::of(kMaxArmSize);
    std::array<std::array<Hole, kFrameHoles>, 6> table{};
    for (int sixths = 0; sixths < 6; ++sixths)
      for (int h = 0; h < kFrameHoles; ++h)
        table[static_cast<std::size_t>(sixths)][static_cast<std::size_t>(h)] =
            geometry.rotate(static_cast<Hole>(h), sixths);
    return table;
  }();
  return kRotations;
}

}  // namespace

bool applies(const Rules& rules) {
  const RuleOptions& options = rules.options();
  return options.variant == Variant::kStandard && options.armies_per_player == 1 &&
         options.pieces_per_army == 10 && rules.geometry().hole_count() == kFrameHoles;
}

int frame_sixths(const Rules& rules, int army) {
  const Geometry& geometry = rules.geometry();
  for (int sixths = 0; sixths < 6; ++sixths)
    if (geometry.rotate(rules.target_tip(army), sixths) == rules.target_tip(0)) return sixths;
  // Every target tip is a rotation of every other.
  std::abort();
}

int input_index(const Rules& rules, int perspective_army, int piece_army, Hole hole) {
  const int sixths = frame_sixths(rules, perspective_army);
  const Hole framed = rotations()[static_cast<std::size_t>(sixths)][hole];
  return (piece_army == perspective_army ? 0 : kFrameHoles) + framed;
}

void Accumulators::refresh(const Network& network, const Position& position) {
  for (Accumulator& sums : sums_) sums = network.input_bias;
  pieces_ = {};
  const Rules& rules = position.rules();
  for (unsigned armies = rules.seated_armies(); armies; armies &= armies - 1) {
    const int army = std::countr_zero(armies);
    sixths_[static_cast<std::size_t>(army)] = static_cast<std::uint8_t>(frame_sixths(rules, army));
  }
  for (unsigned armies = rules.seated_armies(); armies; armies &= armies - 1) {
    const int army = std::countr_zero(armies);
    apply(network, rules, army, Bitboard{}, position.army(army));
    pieces_[static_cast<std::size_t>(army)] = position.army(army);
  }
}

void Accumulators::update(const Network& network, const Position& position) {
  const Rules& rules = position.rules();
  for (unsigned armies = rules.seated_armies(); armies; armies &= armies - 1) {
    const int army = std::countr_zero(armies);
    Bitboard& was = pieces_[static_cast<std::size_t>(army)];
    const Bitboard now = position.army(army);
    if (now == was) continue;
    apply(network, rules, army, was & ~now, now & ~was);
    was = now;
  }
}

void Accumulators::apply(const Network& network, const Rules& rules, int piece_army,
                         Bitboard removed, Bitboard added) {
  const auto& table = rotations();
  for (unsigned armies = rules.seated_armies(); armies; armies &= armies - 1) {
    const int perspective = std::countr_zero(armies);
    const auto& rotate = table[sixths_[static_cast<std::size_t>(perspective)]];
    const int offset = piece_army == perspective ? 0 : kFrameHoles;
    Accumulator& sums = sums_[static_cast<std::size_t>(perspective)];
    for (int hole : removed)
      remove_column(network, offset + rotate[static_cast<std::size_t>(hole)], sums);
    for (int hole : added)
      add_column(network, offset + rotate[static_cast<std::size_t>(hole)], sums);
  }
}

int Accumulators::cost(const Network& network, const Rules& rules, int player) const {
  return cost_of(network, of_army(std::countr_zero(unsigned{rules.armies_of(player)})));
}

}  // namespace tiaoqi::nnue
