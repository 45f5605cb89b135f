#pragma once

#include <cstdint>

namespace tiaoqi::util {

// 2^64 divided by the golden ratio: the increment of SplitMix64, and a
// multiplier that spreads small keys over all 64 bits (Fibonacci hashing).
inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// SplitMix64's finaliser: a well-mixed 64-bit hash of a 64-bit value.
constexpr std::uint64_t mix64_finalise(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A hash of a value, for seeded choices that must replay exactly.
constexpr std::uint64_t mix64(std::uint64_t value) { return mix64_finalise(value + kGoldenGamma); }

// The SplitMix64 generator: advances `state` and returns the next number.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) {
  state += kGoldenGamma;
  return mix64_finalise(state);
}

}  // namespace tiaoqi::util
