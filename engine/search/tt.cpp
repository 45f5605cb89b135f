#include "engine/search/tt.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace tiaoqi::search {

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

bool TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::max<std::size_t>(megabytes, 1);
  const std::size_t count = megabytes * 1024 * 1024 / sizeof(Cluster);
  // One cluster more than needed, to align the first to a cache line.
  void* memory = std::calloc(count + 1, sizeof(Cluster));
  if (!memory) return false;
  memory_.reset(memory);
  const auto address = reinterpret_cast<std::uintptr_t>(memory);
  clusters_ = reinterpret_cast<Cluster*>((address + alignof(Cluster) - 1) &
                                         ~static_cast<std::uintptr_t>(alignof(Cluster) - 1));
  cluster_count_ = count;
  megabytes_ = megabytes;
  dirty_ = false;
  generation_ = 0;
  return true;
}

void TranspositionTable::clear() {
  if (dirty_) std::memset(static_cast<void*>(clusters_), 0, cluster_count_ * sizeof(Cluster));
  dirty_ = false;
  generation_ = 0;
}

TranspositionTable::Cluster& TranspositionTable::cluster_of(std::uint64_t hash) const {
  // Multiply-high maps the hash onto any cluster count without a modulo.
  const auto index =
      static_cast<std::size_t>((static_cast<unsigned __int128>(hash) * cluster_count_) >> 64);
  return clusters_[index];
}

TtProbe TranspositionTable::probe(std::uint64_t hash) const {
  const auto key = static_cast<std::uint16_t>(hash);
  const Cluster& cluster = cluster_of(hash);
  for (const Entry& entry : cluster.entries) {
    const auto bound = static_cast<Bound>(entry.bound_generation & 3);
    if (entry.key != key || bound == Bound::kNone) continue;
    TtProbe probe;
    probe.hit = true;
    probe.move = Move{entry.from, entry.to};
    probe.score = entry.score;
    probe.depth = entry.depth;
    probe.bound = bound;
    return probe;
  }
  return {};
}

void TranspositionTable::store(std::uint64_t hash, Move move, int score, int depth, Bound bound) {
  const auto key = static_cast<std::uint16_t>(hash);
  Cluster& cluster = cluster_of(hash);
  Entry* victim = &cluster.entries[0];
  int victim_value = 1 << 30;
  for (Entry& entry : cluster.entries) {
    if (entry.key == key || (entry.bound_generation & 3) == 0) {
      victim = &entry;
      break;
    }
    // Older generations and shallower entries go first.
    const int age = (generation_ - (entry.bound_generation >> 2)) & kGenerationMask;
    const int value = entry.depth - 8 * age;
    if (value < victim_value) {
      victim_value = value;
      victim = &entry;
    }
  }
  // Keep a deeper entry's move when the new result has none.
  if (victim->key == key && move.is_none()) move = Move{victim->from, victim->to};
  victim->key = key;
  victim->from = move.from;
  victim->to = move.to;
  victim->score = static_cast<std::int16_t>(std::clamp(score, -32000, 32000));
  victim->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
  victim->bound_generation =
      static_cast<std::uint8_t>((generation_ << 2) | static_cast<int>(bound));
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(cluster_count_, 1000 / kClusterSize + 1);
  int used = 0, total = 0;
  for (std::size_t i = 0; i < sample; ++i) {
    for (const Entry& entry : clusters_[i].entries) {
      ++total;
      used += (entry.bound_generation & 3) != 0 && (entry.bound_generation >> 2) == generation_;
    }
  }
  return total ? used * 1000 / total : 0;
}

}  // namespace tiaoqi::search
