#pragma once

#include <cstdint>

#include "engine/util/hash.hpp"

namespace tiaoqi::util {

// The searches' generator (SplitMix64): fast, and the same numbers for the
// same seed, so that one thread replays a search exactly.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return splitmix64_next(state_); }
  // Uniform in [0, bound).
  int below(int bound) {
    return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(bound)) >> 32);
  }
  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace tiaoqi::util
