#pragma once

#include <array>
#include <cstdint>

#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/position.hpp"

namespace tiaoqi::search::net {

// What the learned model reads of a position, the one place that knows it:
// the engine's inference, the self-play data and the trainer all go
// through here, so that a position means the same inputs everywhere.
//
// The model sees the board from the side to move's seat: the star turned
// so that the mover's army stands on arm 0 (the south arm, whose target
// is the north). One model then serves every seat, and a move's holes
// mean the same thing whoever plays it.

// The board the model reads: the 121-hole star (arm size 4).
inline constexpr int kHoles = 121;
inline constexpr int kArmSize = 4;
// The corners, counted clockwise from the mover's own.
inline constexpr int kCorners = 6;
// The table sizes a model can cover, one input each.
inline constexpr std::array<int, 4> kTableSizes = {2, 3, 4, 6};
inline constexpr int kTableInputs = static_cast<int>(kTableSizes.size());
// One input a corner and hole (a piece of that corner's army stands
// there), then the table size.
inline constexpr int kInputs = kCorners * kHoles + kTableInputs;
// The most inputs that are on at once: every piece (15 a home at most, six
// armies) and the table size.
inline constexpr int kMaxActive = kCorners * 15 + 1;
// The policy scores a move by its start hole and its end hole in the
// frame: one output each.
inline constexpr int kPolicyOutputs = 2 * kHoles;

// The index of a table size in kTableSizes; -1 for another size.
int table_index(int players);

// Whether the model can read positions under these rules: the standard
// game (not the dragons variant) on the 121-hole star, one army a player,
// at a table size of kTableSizes.
bool reads(const Rules& rules);

// The turn of the board for one position: where each hole goes, and at
// which corner each player's army stands, counted from the mover's.
struct Frame {
  // Hole in the board -> hole in the frame.
  const std::array<Hole, kHoles>* turn = nullptr;
  std::array<int, kMaxPlayers> corner_of{};
  int table = 0;
};

// The frame of `position` (reads(position.rules()) must hold).
Frame frame_of(const Position& position);

// The inputs that are on,; returns how many.
int active_inputs(const Position& position, const Frame& frame,
                  std::array<std::uint16_t, kMaxActive>& active);

// A move's two policy outputs: its start hole's and its end hole's.
inline int from_output(const Frame& frame, Move move) { return (*frame.turn)[move.from]; }
inline int to_output(const Frame& frame, Move move) { return kHoles + (*frame.turn)[move.to]; }

}  // namespace tiaoqi::search::net
