#include "engine/search/net/frame.hpp"

namespace tiaoqi::search::net {
namespace {

// For each army, the turn that brings its arm to arm 0, made once from the
// geometry (Geometry::rotate walks the rotation each call).
const std::array<std::array<Hole, kHoles>, kCorners>& turns() {
  static const auto kTurns = [] {
    std::array<std::array<Hole, kHoles>, kCorners> table{};
    const Geometry& geometry = Geometry::of(kArmSize);
    for (int army = 0; army < kCorners; ++army)
      for (int h = 0; h < kHoles; ++h)
        table[static_cast<std::size_t>(army)][static_cast<std::size_t>(h)] =
            geometry.rotate(static_cast<Hole>(h), kCorners - army);
    return table;
  }();
  return kTurns;
}

}  // namespace

int table_index(int players) {
  for (int i = 0; i < kTableInputs; ++i)
    if (kTableSizes[static_cast<std::size_t>(i)] == players) return i;
  return -1;
}

bool reads(const Rules& rules) {
  if (rules.dragons() || rules.geometry().hole_count() != kHoles) return false;
  if (table_index(rules.player_count()) < 0) return false;
  for (int player = 0; player < rules.player_count(); ++player)
    if (std::popcount(rules.armies_of(player)) != 1) return false;
  return true;
}

Frame frame_of(const Position& position) {
  const Rules& rules = position.rules();
  const int mover_army = std::countr_zero(rules.armies_of(position.side_to_move()));
  Frame frame;
  frame.turn = &turns()[static_cast<std::size_t>(mover_army)];
  for (int player = 0; player < rules.player_count(); ++player) {
    const int army = std::countr_zero(rules.armies_of(player));
    frame.corner_of[static_cast<std::size_t>(player)] = (army - mover_army + kCorners) % kCorners;
  }
  frame.table = table_index(rules.player_count());
  return frame;
}

int active_inputs(const Position& position, const Frame& frame,
                  std::array<std::uint16_t, kMaxActive>& active) {
  const Rules& rules = position.rules();
  int count = 0;
  for (int player = 0; player < rules.player_count(); ++player) {
    const int army = std::countr_zero(rules.armies_of(player));
    const int base = frame.corner_of[static_cast<std::size_t>(player)] * kHoles;
    for (int h : position.army(army))
      active[static_cast<std::size_t>(count++)] =
          static_cast<std::uint16_t>(base + (*frame.turn)[static_cast<std::size_t>(h)]);
  }
  active[static_cast<std::size_t>(count++)] =
      static_cast<std::uint16_t>(kCorners * kHoles + frame.table);
  return count;
}

}  // namespace tiaoqi::search::net
