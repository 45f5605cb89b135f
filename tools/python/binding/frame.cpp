#include "tools/python/binding/frame.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace tiaoqi::python {
namespace {

constexpr int kBoardSizes = kMaxArmSize - kMinArmSize + 1;

// Every board size's turning tables, made at first use and never changed.
const Frame::Turns& turns_of(int arm_size, int sixths) {
  static const auto kTables = [] {
    std::array<std::array<Frame::Turns, kDirections>, kBoardSizes> tables{};
    for (int size = kMinArmSize; size <= kMaxArmSize; ++size) {
      const Geometry& geometry = Geometry::of(size);
      const int span = 2 * size;
      const int side = 4 * size + 1;
      for (int turn = 0; turn < kDirections; ++turn) {
        Frame::Turns& turns = tables[size - kMinArmSize][turn];
        for (int h = 0; h < geometry.hole_count(); ++h) {
          const auto hole = static_cast<Hole>(h);
          const Hole turned = geometry.rotate(hole, turn);
          turns.to_frame[hole] = turned;
          turns.to_board[turned] = hole;
          const Cube cube = geometry.cube(hole);
          turns.cell[hole] = static_cast<std::uint16_t>((cube.y + span) * side + cube.x + span);
        }
      }
    }
    return tables;
  }();
  return kTables[arm_size - kMinArmSize][sixths];
}

}  // namespace

const std::array<std::string_view, kPlaneCount>& plane_names() {
  static const std::array<std::string_view, kPlaneCount> kNames = {
      "holes",     "pieces+0",  "pieces+1",  "pieces+2",  "pieces+3",  "pieces+4", "pieces+5",
      "homes+0",   "homes+1",   "homes+2",   "homes+3",   "homes+4",   "homes+5",  "targets+0",
      "targets+1", "targets+2", "targets+3", "targets+4", "targets+5", "dragons"};
  return kNames;
}

Frame::Frame(const Rules& rules, int viewer) : viewer_(viewer) {
  const Geometry& geometry = rules.geometry();
  const int first_army = rules.seating().armies[static_cast<std::size_t>(viewer)].front();
  sixths_ = (kDirections - first_army) % kDirections;
  turns_ = &turns_of(geometry.arm_size(), sixths_);
  hole_count_ = geometry.hole_count();
  side_ = 4 * geometry.arm_size() + 1;
  players_ = rules.player_count();
  for (int offset = 0; offset < players_; ++offset)
    seat_of_offset_[offset] = (viewer + offset) % players_;

  const int plane = side_ * side_;
  fixed_planes_.assign(static_cast<std::size_t>(observation_size()), 0);
  const auto mark = [&](int index, Bitboard holes) {
    for (int h : holes) fixed_planes_[index * plane + cell(to_frame(static_cast<Hole>(h)))] = 1;
  };
  mark(kHolesPlane, geometry.all_holes());
  for (int offset = 0; offset < players_; ++offset) {
    const int player = seat_of_offset_[offset];
    mark(kHomesPlane + offset, rules.homes_of(player));
    mark(kTargetsPlane + offset, rules.targets_of(player));
  }
}

Expected<Move> Frame::checked_move(long long action) const {
  if (action < 0 || action >= action_count())
    return fail("action " + std::to_string(action) + " is out of range: actions are 0 to " +
                std::to_string(action_count() - 1) + " (from-hole x " +
                std::to_string(hole_count_) + " + to-hole)");
  return move(static_cast<int>(action));
}

Expected<Move> Frame::named_move(long long action) const {
  auto checked = checked_move(action);
  if (checked && checked->from == checked->to)
    return fail("action " + std::to_string(action) +
                " names no move: its start and its end are the same hole");
  return checked;
}

void Frame::write_observation(const Position& view, std::int8_t* out) const {
  std::memcpy(out, fixed_planes_.data(), fixed_planes_.size());
  const int plane = side_ * side_;
  for (int offset = 0; offset < players_; ++offset) {
    std::int8_t* pieces = out + (kPiecesPlane + offset) * plane;
    for (int h : view.pieces_of(seat_of_offset_[offset]))
      pieces[cell(to_frame(static_cast<Hole>(h)))] = 1;
  }
  std::int8_t* dragons = out + kDragonsPlane * plane;
  for (int h : view.dragons() & view.occupied()) dragons[cell(to_frame(static_cast<Hole>(h)))] = 1;
}

void Frame::write_mask(const MoveList& moves, std::int8_t* out) const {
  std::fill(out, out + action_count(), 0);
  for (const Move& move : moves) out[action(move)] = 1;
}

}  // namespace tiaoqi::python
