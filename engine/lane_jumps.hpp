#pragma once

// The four parity classes side by side: one class grid in each 64-bit lane
// of a 256-bit register, where jumps are shifts of all four at once. Built
// where AVX-512 has 64-bit population counts on 256-bit registers
// (TIAOQI_LANES); elsewhere the callers use their one-class-at-a-time code.
#if defined(__AVX512VL__) && defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#define TIAOQI_LANES 1
#endif

#include "engine/bitboard.hpp"
#include "engine/geometry.hpp"

#ifdef TIAOQI_LANES

namespace tiaoqi::lanes {

// Four 64-bit lanes, one parity class each.
using Lanes = __m256i;

inline Lanes load(const GridBitboard* four) {
  return _mm256_loadu_si256(reinterpret_cast<const Lanes*>(four));
}

// Lane c holds class pivot_class(c, d)'s occupancy, shifted onto the
// class-c nodes it is the pivot for.
template <int kDirection>
Lanes lane_pivots(Lanes occupied) {
  constexpr int kOrder =
      Geometry::pivot_class(0, kDirection) | Geometry::pivot_class(1, kDirection) << 2 |
      Geometry::pivot_class(2, kDirection) << 4 | Geometry::pivot_class(3, kDirection) << 6;
  const Lanes by_class = _mm256_permute4x64_epi64(occupied, kOrder);
  // A negative shift is a right shift. Each lane shifts one way only: the
  // other way gets a count of 64, which clears it.
  auto left = [](int c) {
    const int shift = Geometry::pivot_shift(c, kDirection);
    return shift >= 0 ? shift : 64;
  };
  auto right = [](int c) {
    const int shift = Geometry::pivot_shift(c, kDirection);
    return shift < 0 ? -shift : 64;
  };
  const Lanes lefts = _mm256_setr_epi64x(left(0), left(1), left(2), left(3));
  const Lanes rights = _mm256_setr_epi64x(right(0), right(1), right(2), right(3));
  return _mm256_or_si256(_mm256_sllv_epi64(by_class, lefts), _mm256_srlv_epi64(by_class, rights));
}

template <int kDirection>
Lanes lane_jump(Lanes from, Lanes pivots) {
  constexpr int kShift = Geometry::grid_jump_shift(kDirection);
  const Lanes movers = _mm256_and_si256(from, pivots);
  if constexpr (kShift >= 0) {
    return _mm256_slli_epi64(movers, kShift);
  } else {
    return _mm256_srli_epi64(movers, -kShift);
  }
}

struct LaneJumps {
  Lanes pivots[kDirections];

  Lanes landings(Lanes from) const {
    return _mm256_or_si256(
        _mm256_or_si256(_mm256_or_si256(lane_jump<kEast>(from, pivots[kEast]),
                                        lane_jump<kNorthEast>(from, pivots[kNorthEast])),
                        _mm256_or_si256(lane_jump<kNorthWest>(from, pivots[kNorthWest]),
                                        lane_jump<kWest>(from, pivots[kWest]))),
        _mm256_or_si256(lane_jump<kSouthWest>(from, pivots[kSouthWest]),
                        lane_jump<kSouthEast>(from, pivots[kSouthEast])));
  }
};

// The pivots of every direction, from the occupancy of the four classes.
inline LaneJumps lane_jumps(Lanes occupied) {
  return LaneJumps{{lane_pivots<kEast>(occupied), lane_pivots<kNorthEast>(occupied),
                    lane_pivots<kNorthWest>(occupied), lane_pivots<kWest>(occupied),
                    lane_pivots<kSouthWest>(occupied), lane_pivots<kSouthEast>(occupied)}};
}

inline bool any(Lanes lanes) { return !_mm256_testz_si256(lanes, lanes); }

// The four lanes' population counts, added up.
inline int count(Lanes counts) {
  alignas(32) long long lanes[4];
  _mm256_store_si256(reinterpret_cast<Lanes*>(lanes), counts);
  return static_cast<int>(lanes[0] + lanes[1] + lanes[2] + lanes[3]);
}

// One class grid a lane, from a hole-index bitboard.
inline Lanes to_lanes(const Geometry& geometry, Bitboard holes) {
  return _mm256_setr_epi64x(static_cast<long long>(geometry.to_grid(holes, 0).raw()),
                            static_cast<long long>(geometry.to_grid(holes, 1).raw()),
                            static_cast<long long>(geometry.to_grid(holes, 2).raw()),
                            static_cast<long long>(geometry.to_grid(holes, 3).raw()));
}

}  // namespace tiaoqi::lanes

#endif
