#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/bitboard.hpp"

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace tiaoqi {

// A hole index in rank order: rank 1 first, files ascending within a rank.
using Hole = std::uint8_t;
inline constexpr Hole kNoHole = 255;
inline constexpr int kMaxHoles = 121;
inline constexpr int kMinArmSize = 2;
inline constexpr int kMaxArmSize = 4;
inline constexpr int kArmies = 6;
inline constexpr int kDirections = 6;
inline constexpr int kParityClasses = 4;

// Counter-clockwise from east; direction d + 3 is the opposite of d.
enum Direction : int { kEast, kNorthEast, kNorthWest, kWest, kSouthWest, kSouthEast };

struct Cube {
  int x = 0, y = 0, z = 0;
  constexpr bool operator==(const Cube&) const = default;
};

inline constexpr std::array<Cube, kDirections> kDirectionVectors = {
    Cube{1, 0, -1}, Cube{0, 1, -1}, Cube{-1, 1, 0}, Cube{-1, 0, 1}, Cube{0, -1, 1}, Cube{1, -1, 0}};

inline constexpr int hex_distance(Cube a, Cube b) {
  const int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
  const int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  const int dz = a.z > b.z ? a.z - b.z : b.z - a.z;
  return (dx + dy + dz) / 2;
}

// The star board of one arm size, as immutable precomputed tables.
//
// Besides hole indices, every hole has a place in one of four parity-class
// grids: a jump moves a piece by two holes, so all landings of a chain share
// the start's (x mod 2, y mod 2) class. Each class is laid out as a padded
// grid in which "jump in direction d" is a constant bit shift, so a whole
// chain's landings are found by a flood fill of shifts (see movegen.cpp).
class Geometry {
 public:
  // The geometry for arm size 2, 3 or 4; built once and never changed.
  static const Geometry& of(int arm_size);

  int arm_size() const { return arm_size_; }
  int hole_count() const { return hole_count_; }
  int rank_count() const { return 4 * arm_size_ + 1; }

  Cube cube(Hole h) const { return cubes_[h]; }
  // The hole at cube coordinates (x, y), if it exists.
  Hole at(int x, int y) const;
  Hole neighbour(Hole h, int direction) const {
    assert(h < hole_count_ && direction >= 0 && direction < kDirections);
    return neighbours_[h][direction];
  }
  // The hole two steps away in a direction (a short jump's landing).
  Hole beyond(Hole h, int direction) const { return beyond_[h][direction]; }
  Bitboard neighbour_mask(Hole h) const { return neighbour_masks_[h]; }
  int distance(Hole a, Hole b) const { return hex_distance(cubes_[a], cubes_[b]); }

  std::string name(Hole h) const;
  // Parses a hole name such as "m1"; nullopt when malformed or off the board.
  std::optional<Hole> parse_hole(std::string_view text) const;

  // Rank numbers start at 1 (the south tip).
  int rank_of(Hole h) const { return cubes_[h].y + 2 * arm_size_ + 1; }
  int rank_length(int rank) const { return rank_lengths_[rank - 1]; }
  Hole rank_first(int rank) const { return rank_starts_[rank - 1]; }

  Bitboard all_holes() const { return all_; }
  Bitboard hexagon() const { return hexagon_; }
  // The arm of an army letter index (0 = a, south ... 5 = f, south-east).
  Bitboard arm(int arm_index) const { return arms_[arm_index]; }
  // The arm plus the hexagon row touching it (the 15-piece home).
  Bitboard wide_arm(int arm_index) const { return wide_arms_[arm_index]; }
  Hole tip(int arm_index) const { return tips_[arm_index]; }
  // The hole reached by rotating a hole 60 degrees clockwise `sixths` times;
  // arm k goes to arm k + sixths.
  Hole rotate(Hole h, int sixths) const;

  // Parity-class grids: 64 bits a class, bit (x >> 1) + 8 (y >> 1) + 31 for
  // cube coordinates (x, y). The layout is the same on every board size so
  // that every shift below is a compile-time constant. Checked for every
  // board size (geometry_test): no two holes of a class share a bit, and a
  // jump or a pivot that leaves the board never lands on another hole's bit.
  static constexpr int kGridWidth = 8;
  static constexpr int kGridOffset = 31;
  int parity_class(Hole h) const { return classes_[h]; }
  int grid_bit(Hole h) const { return grid_bits_[h]; }
  Hole grid_hole(int parity_class, int bit) const { return grid_holes_[parity_class][bit]; }
  const GridBitboard& grid_holes_mask(int parity_class) const { return grid_valid_[parity_class]; }
  // Shift that moves a grid node to its jump landing in a direction.
  static constexpr int grid_jump_shift(int direction) {
    return kDirectionVectors[direction].y * kGridWidth + kDirectionVectors[direction].x;
  }
  // For class c and direction d: the class holding the jumped-over hole, and
  // the shift that brings that class's bits onto the nodes they are pivots for.
  static constexpr int pivot_class(int parity_class, int direction) {
    const int px = (parity_class & 1) + kDirectionVectors[direction].x;
    const int py = ((parity_class >> 1) & 1) + kDirectionVectors[direction].y;
    return (px & 1) | ((py & 1) << 1);
  }
  static constexpr int pivot_shift(int parity_class, int direction) {
    const int px = (parity_class & 1) + kDirectionVectors[direction].x;
    const int py = ((parity_class >> 1) & 1) + kDirectionVectors[direction].y;
    return -((py >> 1) * kGridWidth + (px >> 1));
  }
  // The holes of one parity class, as a hole-index bitboard.
  Bitboard class_holes(int parity_class) const { return class_holes_[parity_class]; }
  // Converts a hole-index bitboard into one class's grid layout and back.
  // Within a class, hole order (rank, then file) and grid order (row, then
  // column) agree, so the conversion is a bit extract and a bit deposit.
  GridBitboard to_grid(Bitboard holes, int parity_class) const {
    const ClassPacking& packing = packing_[parity_class];
    const std::uint64_t packed = compress(holes.low(), packing.holes_low) |
                                 compress(holes.high(), packing.holes_high) << packing.low_count;
    return GridBitboard(deposit(packed, packing.grid));
  }
  Bitboard from_grid(GridBitboard grid, int parity_class) const {
    const ClassPacking& packing = packing_[parity_class];
    const std::uint64_t packed = compress(grid.raw(), packing.grid);
    return Bitboard(Bitboard::Bits{deposit(packed >> packing.low_count, packing.holes_high)} << 64 |
                    deposit(packed, packing.holes_low));
  }

  // Rays for long jumps: the holes in a direction, nearest first.
  int ray_length(Hole h, int direction) const { return ray_lengths_[h][direction]; }
  Hole ray_hole(Hole h, int direction, int distance) const {
    return rays_[h][direction][distance - 1];
  }
  Bitboard ray_mask(Hole h, int direction) const { return ray_masks_[h][direction]; }

 private:
  explicit Geometry(int arm_size);

  // A class's holes in the hole-index layout (two 64-bit halves and the
  // count of the low one) and in its grid.
  struct ClassPacking {
    std::uint64_t holes_low = 0, holes_high = 0;
    int low_count = 0;
    std::uint64_t grid = 0;
  };
  static std::uint64_t compress(std::uint64_t bits, std::uint64_t mask) {
#ifdef __BMI2__
    return _pext_u64(bits, mask);
#else
    std::uint64_t out = 0;
    for (std::uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
      if (bits & mask & -mask) out |= bit;
    return out;
#endif
  }
  static std::uint64_t deposit(std::uint64_t bits, std::uint64_t mask) {
#ifdef __BMI2__
    return _pdep_u64(bits, mask);
#else
    std::uint64_t out = 0;
    for (std::uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
      if (bits & bit) out |= mask & -mask;
    return out;
#endif
  }

  static constexpr int kGridBits = 64;
  static constexpr int kMaxRay = 16;

  int arm_size_;
  int hole_count_ = 0;
  std::array<Cube, kMaxHoles> cubes_{};
  std::array<std::array<Hole, kDirections>, kMaxHoles> neighbours_{};
  std::array<std::array<Hole, kDirections>, kMaxHoles> beyond_{};
  std::array<Bitboard, kMaxHoles> neighbour_masks_{};
  std::array<int, 17> rank_lengths_{};
  std::array<Hole, 17> rank_starts_{};
  // Hole index by (x + 2n) * 17 + (y + 2n); kNoHole off the board.
  std::array<Hole, 17 * 17> by_coordinates_{};
  Bitboard all_, hexagon_;
  std::array<Bitboard, kArmies> arms_{}, wide_arms_{};
  std::array<Hole, kArmies> tips_{};
  std::array<std::uint8_t, kMaxHoles> classes_{}, grid_bits_{};
  std::array<std::array<Hole, kGridBits>, kParityClasses> grid_holes_{};
  std::array<GridBitboard, kParityClasses> grid_valid_{};
  std::array<Bitboard, kParityClasses> class_holes_{};
  std::array<ClassPacking, kParityClasses> packing_{};
  std::array<std::array<std::uint8_t, kDirections>, kMaxHoles> ray_lengths_{};
  std::array<std::array<std::array<Hole, kMaxRay>, kDirections>, kMaxHoles> rays_{};
  std::array<std::array<Bitboard, kDirections>, kMaxHoles> ray_masks_{};
};

}  // namespace tiaoqi
