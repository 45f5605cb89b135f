#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "engine/move.hpp"

namespace tiaoqi::search {

enum class Bound : std::uint8_t { kNone, kUpper, kLower, kExact };

// What the table remembers of one position.
struct TtProbe {
  bool hit = false;
  Move move;
  int score = 0;
  int depth = 0;
  Bound bound = Bound::kNone;
};

// A transposition table of 8-byte entries in 64-byte clusters (one cache
// line): 16 bits of the hash confirm a hit, the cluster index takes the
// high bits. Replacement prefers, within a cluster, the entry that is
// shallowest and oldest (by search generation). Safe to share between
// search threads: a torn entry only costs a wrong move hint, which callers
// check for legality.
class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);

  // False (and the table as it was) when the memory cannot be had.
  bool resize(std::size_t megabytes);
  void clear();
  // A new search: older entries become preferred victims. Only searches
  // store, so from here on clear() has something to clear.
  void new_search() {
    generation_ = static_cast<std::uint8_t>((generation_ + 1) & kGenerationMask);
    dirty_ = true;
  }

  TtProbe probe(std::uint64_t hash) const;
  void store(std::uint64_t hash, Move move, int score, int depth, Bound bound);
  // Permille of the first thousand clusters' entries written this search.
  int hashfull() const;
  std::size_t megabytes() const { return megabytes_; }

 private:
  struct Entry {
    std::uint16_t key;
    std::uint8_t from, to;
    std::int16_t score;
    std::uint8_t depth;
    // Low 2 bits: bound; high 6 bits: generation.
    std::uint8_t bound_generation;
  };
  static constexpr int kClusterSize = 8;
  static constexpr std::uint8_t kGenerationMask = 0x3f;
  struct alignas(64) Cluster {
    Entry entries[kClusterSize];
  };

  Cluster& cluster_of(std::uint64_t hash) const;

  // Zeroed memory from calloc: the system maps zero pages lazily, so a
  // table costs only what a search touches until the first clear().
  struct FreeMemory {
    void operator()(void* memory) const { std::free(memory); }
  };
  std::unique_ptr<void, FreeMemory> memory_;
  Cluster* clusters_ = nullptr;
  // A search ran since the last clear (clearing is a full pass).
  bool dirty_ = false;
  std::size_t cluster_count_ = 0;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace tiaoqi::search
