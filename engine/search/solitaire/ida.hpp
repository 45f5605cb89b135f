#pragma once

// Internal to the solitaire solver: the IDA* that proves lower bounds (and
// finds optimal crossings), with its table of proven bounds.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/solitaire/bound.hpp"
#include "engine/search/solitaire/crossing.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search::solitaire {

// Lower bounds learned by IDA*, keyed by the exact holes of the army (so a
// bound is never applied to another position), in four-way buckets of one
// cache line. The bound lives in the key's unused top bits (holes < 121).
class BoundTable {
 public:
  void resize(std::size_t bytes);
  void clear();

  // The bound stored for `key`, or 0.
  int probe(Bits key) const;
  // Keeps the larger bound for `key`; a full bucket gives up its smallest.
  void store(Bits key, int bound);

 private:
  static constexpr int kWays = 4;
  static constexpr int kBoundShift = 57;
  static constexpr int kMaxBound = 127;
  static constexpr std::uint64_t kHoleMask = (std::uint64_t{1} << kBoundShift) - 1;
  struct alignas(64) Bucket {
    std::uint64_t low[kWays] = {};
    std::uint64_t high[kWays] = {};
  };
  const Bucket& bucket_of(Bits key) const { return buckets_[hash_of(key) & (buckets_.size() - 1)]; }
  Bucket& bucket_of(Bits key) { return buckets_[hash_of(key) & (buckets_.size() - 1)]; }

  std::vector<Bucket> buckets_;
};

// Iterative deepening A* on the number of moves. Children are tried
// forward-first; the table keeps, per position, the moves proven still
// needed, so transpositions and the mirror image of a searched position cost
// one probe. The move undoing the last one is skipped (it leads back to the
// parent); the bound stored for a node then counts that child as the
// parent's known bound plus one, so every stored bound stays a true bound.
class Ida {
 public:
  static constexpr int kFound = -1;

  Ida(const Crossing& crossing, const LowerBound& lower_bound, BoundTable& table, Effort& effort)
      : crossing_(crossing), lower_bound_(lower_bound), table_(table), effort_(effort) {}

  // Searches every crossing of at most `bound` moves. Returns kFound (see
  // path()), or a proven lower bound above `bound`, or 0 when interrupted.
  int iterate(const Position& root, int bound);
  const std::vector<Move>& path() const { return path_; }

 private:
  int known_bound(Bits bits) const;

  // A lower bound on the moves from `position` to arrival, above `budget`
  // unless a crossing within it was found.
  int search(const Position& position, Bits bits, int budget, Move last, int parent_bound);

  const Crossing& crossing_;
  const LowerBound& lower_bound_;
  BoundTable& table_;
  Effort& effort_;
  std::vector<Move> path_;
};

}  // namespace tiaoqi::search::solitaire
