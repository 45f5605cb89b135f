#include "engine/search/solitaire/ida.hpp"

#include <algorithm>

#include "engine/movegen.hpp"

namespace tiaoqi::search::solitaire {

void BoundTable::resize(std::size_t bytes) {
  std::size_t buckets = 1;
  while (buckets * 2 * sizeof(Bucket) <= bytes) buckets *= 2;
  buckets_.assign(buckets, Bucket{});
}

void BoundTable::clear() { std::fill(buckets_.begin(), buckets_.end(), Bucket{}); }

int BoundTable::probe(Bits key) const {
  const Bucket& bucket = bucket_of(key);
  for (int way = 0; way < kWays; ++way)
    if (bucket.low[way] == low_of(key) && (bucket.high[way] & kHoleMask) == high_of(key))
      return static_cast<int>(bucket.high[way] >> kBoundShift);
  return 0;
}

void BoundTable::store(Bits key, int bound) {
  bound = std::min(bound, kMaxBound);
  Bucket& bucket = bucket_of(key);
  int victim = 0;
  for (int way = 0; way < kWays; ++way) {
    const bool empty = bucket.low[way] == 0 && bucket.high[way] == 0;
    if (empty ||
        (bucket.low[way] == low_of(key) && (bucket.high[way] & kHoleMask) == high_of(key))) {
      if (!empty && static_cast<int>(bucket.high[way] >> kBoundShift) >= bound) return;
      victim = way;
      break;
    }
    if ((bucket.high[way] >> kBoundShift) < (bucket.high[victim] >> kBoundShift)) victim = way;
  }
  bucket.low[victim] = low_of(key);
  bucket.high[victim] = high_of(key) | (static_cast<std::uint64_t>(bound) << kBoundShift);
}

int Ida::iterate(const Position& root, int bound) {
  path_.clear();
  const Bits bits = root.army(crossing_.army).raw();
  const int result = search(root, bits, bound, Move{}, kUnreachable);
  if (result == kFound) {
    std::reverse(path_.begin(), path_.end());
    return kFound;
  }
  return effort_.stopped() || effort_.past_limit() ? 0 : result;
}

int Ida::known_bound(Bits bits) const {
  const int bound = lower_bound_(bits);
  return crossing_.timed() ? bound : std::max(bound, table_.probe(crossing_.canonical(bits)));
}

int Ida::search(const Position& position, Bits bits, int budget, Move last, int parent_bound) {
  MoveList moves;
  generate_moves(position, moves);
  if (effort_.count(static_cast<std::uint64_t>(moves.size()))) return kUnreachable;
  std::sort(moves.begin(), moves.end(),
            [this](Move a, Move b) { return crossing_.gain(a) > crossing_.gain(b); });
  const int own_bound = known_bound(bits);
  int bound = kUnreachable;
  for (const Move& move : moves) {
    if (move == reversed(last)) {
      bound = std::min(bound, parent_bound + 1);
      continue;
    }
    // Children are bounded from their holes alone; only those within the
    // budget are played.
    const Bits child_bits = moved(bits, move);
    int child_bound = crossing_.arrived(child_bits) ? 0 : known_bound(child_bits);
    if (1 + child_bound <= budget) {
      Position child = position;
      child.play(move);
      if (child.is_over()) {
        // Arrived, or lost to a home deadline or the move limit.
        if (!child.has_finished(0)) continue;
        path_.push_back(move);
        return kFound;
      }
      child_bound = search(child, child_bits, budget - 1, move, own_bound);
      if (child_bound == kFound) {
        path_.push_back(move);
        return kFound;
      }
      if (effort_.stopped() || effort_.past_limit()) return kUnreachable;
    }
    bound = std::min(bound, 1 + child_bound);
  }
  bound = std::max(bound, own_bound);
  if (!crossing_.timed()) table_.store(crossing_.canonical(bits), bound);
  return bound;
}

}  // namespace tiaoqi::search::solitaire
