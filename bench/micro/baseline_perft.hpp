#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

// A plain perft to measure the engine's move generator against: the
// standard board, one army per player, the default rules (a move ends in
// the centre, the army's home or its target), no end-of-game checks. It
// is what a first implementation would look like: a neighbour table, a
// depth-first search per piece with a visited mark per hole, and moves
// made and unmade in place. Its counts match the engine's wherever no
// game can end within the depth, which bench/micro/perft_ratio.cpp checks.
namespace tiaoqi::bench {

class BaselinePerft {
 public:
  // From a position string of the standard board (17 ranks) with one army
  // per player; nullopt when it is anything else.
  static std::optional<BaselinePerft> from(std::string_view position_string);

  std::uint64_t perft(int depth);

 private:
  static constexpr int kCells = 121;
  static constexpr int kNone = -1;

  // Adds the destinations of the piece on `from` to `targets` (at most
  // once each) and returns how many there are.
  int destinations(int from, int player, std::array<std::uint8_t, kCells>& targets);

  // Geometry: cube coordinates in hole order (rank, then file).
  std::array<std::array<int, 6>, kCells> neighbour_{};
  std::array<std::array<int, 6>, kCells> landing_{};
  // Where each player's pieces may end a move.
  std::array<std::array<bool, kCells>, 6> may_stop_{};
  // The board: -1 empty, else the player whose piece stands there.
  std::array<int, kCells> owner_{};
  std::vector<std::vector<int>> pieces_;
  int to_move_ = 0;
  // Visit marks of the search, a fresh stamp per piece (no clearing).
  std::array<std::uint32_t, kCells> seen_{};
  std::uint32_t stamp_ = 0;
};

}  // namespace tiaoqi::bench
