#include "engine/geometry.hpp"

#include <bit>
#include <cctype>
#include <cstdlib>

namespace tiaoqi {
namespace {

constexpr int kCoordinateSpan = 17;  // -8..8 on the largest board

bool on_board(Cube c, int n) {
  return (c.x >= -n && c.y >= -n && c.z >= -n) || (c.x <= n && c.y <= n && c.z <= n);
}

// 60 degrees clockwise (north up): the south arm goes to the south-west arm.
Cube rotate_once(Cube c) { return Cube{-c.z, -c.x, -c.y}; }

// The coordinate and sign that define arm k: arm a is y <= -(n + 1), and
// each next arm is the previous rotated by 60 degrees clockwise.
int arm_coordinate(Cube c, int arm_index) {
  switch (arm_index) {
    case 0:
      return -c.y;
    case 1:
      return c.z;
    case 2:
      return -c.x;
    case 3:
      return c.y;
    case 4:
      return -c.z;
    default:
      return c.x;
  }
}

}  // namespace

const Geometry& Geometry::of(int arm_size) {
  static const Geometry kGeometries[] = {Geometry(2), Geometry(3), Geometry(4)};
  if (arm_size < kMinArmSize || arm_size > kMaxArmSize) std::abort();
  return kGeometries[arm_size - kMinArmSize];
}

Geometry::Geometry(int arm_size) : arm_size_(arm_size) {
  const int n = arm_size;
  by_coordinates_.fill(kNoHole);
  for (auto& row : grid_holes_) row.fill(kNoHole);

  for (int y = -2 * n; y <= 2 * n; ++y) {
    const int rank = y + 2 * n + 1;
    rank_starts_[rank - 1] = static_cast<Hole>(hole_count_);
    for (int x = -2 * n; x <= 2 * n; ++x) {
      const Cube c{x, y, -x - y};
      if (!on_board(c, n)) continue;
      const Hole h = static_cast<Hole>(hole_count_++);
      cubes_[h] = c;
      by_coordinates_[(x + 2 * n) * kCoordinateSpan + (y + 2 * n)] = h;
      ++rank_lengths_[rank - 1];
    }
  }

  for (Hole h = 0; h < hole_count_; ++h) {
    const Cube c = cubes_[h];
    all_.set(h);
    if (std::abs(c.x) <= n && std::abs(c.y) <= n && std::abs(c.z) <= n) hexagon_.set(h);
    for (int arm = 0; arm < kArmies; ++arm) {
      const int depth = arm_coordinate(c, arm);
      if (depth >= n + 1) arms_[arm].set(h);
      if (depth >= n + 1 || (depth == n && hexagon_.test(h))) wide_arms_[arm].set(h);
    }
    const int parity = (c.x & 1) | ((c.y & 1) << 1);
    const int bit = (c.x >> 1) + kGridWidth * (c.y >> 1) + kGridOffset;
    classes_[h] = static_cast<std::uint8_t>(parity);
    grid_bits_[h] = static_cast<std::uint8_t>(bit);
    grid_holes_[parity][bit] = h;
    grid_valid_[parity].set(bit);
    class_holes_[parity].set(h);
  }
  for (int c = 0; c < kParityClasses; ++c) {
    ClassPacking& packing = packing_[c];
    packing.holes_low = class_holes_[c].low();
    packing.holes_high = class_holes_[c].high();
    packing.low_count = std::popcount(packing.holes_low);
    packing.grid = grid_valid_[c].raw();
  }

  for (Hole h = 0; h < hole_count_; ++h) {
    const Cube c = cubes_[h];
    for (int d = 0; d < kDirections; ++d) {
      const Cube v = kDirectionVectors[d];
      neighbours_[h][d] = at(c.x + v.x, c.y + v.y);
      beyond_[h][d] = at(c.x + 2 * v.x, c.y + 2 * v.y);
      if (neighbours_[h][d] != kNoHole) neighbour_masks_[h].set(neighbours_[h][d]);
      int length = 0;
      for (Hole r = at(c.x + v.x, c.y + v.y); r != kNoHole;
           r = at(cubes_[r].x + v.x, cubes_[r].y + v.y)) {
        rays_[h][d][length++] = r;
        ray_masks_[h][d].set(r);
      }
      ray_lengths_[h][d] = static_cast<std::uint8_t>(length);
    }
  }

  Cube tip{n, -2 * n, n};
  for (int arm = 0; arm < kArmies; ++arm) {
    tips_[arm] = at(tip.x, tip.y);
    tip = rotate_once(tip);
  }
}

Hole Geometry::at(int x, int y) const {
  const int n = arm_size_;
  if (x < -2 * n || x > 2 * n || y < -2 * n || y > 2 * n) return kNoHole;
  return by_coordinates_[(x + 2 * n) * kCoordinateSpan + (y + 2 * n)];
}

std::string Geometry::name(Hole h) const {
  const Cube c = cubes_[h];
  std::string text(1, static_cast<char>('a' + c.x + 2 * arm_size_));
  text += std::to_string(c.y + 2 * arm_size_ + 1);
  return text;
}

std::optional<Hole> Geometry::parse_hole(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char file = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  if (file < 'a' || file > 'z') return std::nullopt;
  int rank = 0;
  for (char digit : text.substr(1)) {
    if (digit < '0' || digit > '9') return std::nullopt;
    rank = rank * 10 + (digit - '0');
  }
  if (text[1] == '0') return std::nullopt;
  const int x = file - 'a' - 2 * arm_size_;
  const int y = rank - 1 - 2 * arm_size_;
  const Hole h = at(x, y);
  if (h == kNoHole) return std::nullopt;
  return h;
}

Hole Geometry::rotate(Hole h, int sixths) const {
  Cube c = cubes_[h];
  for (int i = 0; i < ((sixths % 6) + 6) % 6; ++i) c = rotate_once(c);
  return at(c.x, c.y);
}

}  // namespace tiaoqi
