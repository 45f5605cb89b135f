#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::python {

// The board as one player sees it in the Python module: turned by sixths
// of a turn so that the player's first army starts in arm a (south) and
// heads for arm d (north), whichever seat it has. Observations and actions
// are written in this frame, so that a policy learned in one seat plays in
// every seat.
//
// A frame hole is a hole index of the turned board (rank order, as
// everywhere). An action is from * holes + to over frame holes: a move is
// its start and its end (docs/rules.md, "Moves"), so every legal move has
// exactly one action, whatever paths reach its end.

// The observation planes, in order. "+k" names the player k seats after
// the viewer in turn order (+0 is the viewer); planes of seats the game
// does not have stay 0.
inline constexpr int kSeatPlanes = kMaxPlayers;
inline constexpr int kHolesPlane = 0;
inline constexpr int kPiecesPlane = 1;
inline constexpr int kHomesPlane = kPiecesPlane + kSeatPlanes;
inline constexpr int kTargetsPlane = kHomesPlane + kSeatPlanes;
inline constexpr int kDragonsPlane = kTargetsPlane + kSeatPlanes;
inline constexpr int kPlaneCount = kDragonsPlane + 1;
const std::array<std::string_view, kPlaneCount>& plane_names();

class Frame {
 public:
  Frame(const Rules& rules, int viewer);

  int viewer() const { return viewer_; }
  // Sixths of a turn clockwise from the board to the frame.
  int sixths() const { return sixths_; }
  int hole_count() const { return hole_count_; }
  int action_count() const { return hole_count_ * hole_count_; }
  // Planes are side x side: row r is rank r + 1 of the turned board,
  // column c is file c (letter 'a' + c).
  int side() const { return side_; }
  int observation_size() const { return kPlaneCount * side_ * side_; }

  Hole to_frame(Hole board_hole) const { return turns_->to_frame[board_hole]; }
  Hole to_board(Hole frame_hole) const { return turns_->to_board[frame_hole]; }
  int action(Move move) const { return to_frame(move.from) * hole_count_ + to_frame(move.to); }
  // The move an action names, on the board; the action must be in range.
  Move move(int action) const {
    return Move{to_board(static_cast<Hole>(action / hole_count_)),
                to_board(static_cast<Hole>(action % hole_count_))};
  }
  // The same for any number: an action out of range is refused.
  Expected<Move> checked_move(long long action) const;
  // The same, and an action whose start is its end (which names no move)
  // is refused too.
  Expected<Move> named_move(long long action) const;
  // The plane cell of a frame hole.
  int cell(Hole frame_hole) const { return turns_->cell[frame_hole]; }

  // Writes observation_size() values, 0 or 1, from this position (the
  // viewer's view in the dragons variant: only the dragons it knows).
  void write_observation(const Position& view, std::int8_t* out) const;
  // Writes action_count() flags, 1 for the actions of these moves, else 0.
  void write_mask(const MoveList& moves, std::int8_t* out) const;

  // Turning tables of one board size and one turn, made once.
  struct Turns {
    std::array<Hole, kMaxHoles> to_frame{};
    std::array<Hole, kMaxHoles> to_board{};
    std::array<std::uint16_t, kMaxHoles> cell{};
  };

 private:
  const Turns* turns_;
  int viewer_;
  int sixths_;
  int hole_count_;
  int side_;
  // The planes that do not change during a game: holes, homes, targets.
  std::vector<std::int8_t> fixed_planes_;
  std::array<int, kMaxPlayers> seat_of_offset_{};
  int players_;
};

}  // namespace tiaoqi::python
