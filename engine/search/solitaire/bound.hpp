#pragma once

// Internal to the solitaire solver: the admissible lower bound on the moves
// left, from the empty target holes and a relaxation to counts per rank.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/search/solitaire/crossing.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search::solitaire {

inline constexpr int kMaxRanks = 17;
inline constexpr int kMaxPieces = 15;
inline constexpr int kMaxRankCapacity = 13;

// A lower bound from the ranks alone. In the relaxation only the number of
// pieces on each rank (counted from the army's home tip) is kept: a step
// moves a piece one rank or none, a jump moves it two ranks over any piece
// on the rank between (with long jumps, 2k ranks over any piece k ranks
// away), and chains repeat jumps. Every real move is such a move of the
// counts, so the exact distance to the target's counts in this small graph
// (a few million states, labelled by a breadth-first search from the goal)
// never exceeds the real distance. It sees what counting pieces outside the
// target misses: pieces far behind need ladders of pieces ahead of them, and
// ladders cost moves to build and to clear away. The search is resumable;
// a partly labelled table still gives valid bounds.
class RankBound {
 public:
  using Counts = std::array<std::uint8_t, kMaxRanks>;
  struct Shape {
    int ranks = 0;
    int pieces = 0;
    bool long_jumps = false;
    Counts capacity{}, goal{};
    bool operator==(const Shape&) const = default;
  };
  // Bytes a state needs: its distance, its bit, and room in the queues.
  static constexpr std::size_t kBytesPerState = 2;

  // The relaxation of a crossing, or nullopt when it needs more memory.
  static std::optional<Shape> shape_of(const Crossing& crossing, std::size_t bytes);

  const std::optional<Shape>& shape() const { return shape_; }

  void reset(const std::optional<Shape>& shape);

  bool complete() const { return !shape_ || frontier_at_ >= frontier_.size(); }

  // Labels states until every state within `distance` of the goal is
  // labelled (or all are), or `effort` says stop; true when done.
  bool extend(int distance, Effort& effort);

  int bound(const Crossing& crossing, Bits bits) const {
    if (!shape_ || (Bitboard(bits) & ~crossing.stop_allowed).any()) return 0;
    Counts counts{};
    for (int h : Bitboard(bits)) ++counts[crossing.progress[h] - 1];
    for (int r = 0; r < shape_->ranks; ++r)
      if (counts[r] > shape_->capacity[r]) return 0;
    const std::uint8_t distance = distance_[index_of(counts)];
    if (distance != kUnseen) return distance;
    // Unlabelled states lie beyond the frontier, or nowhere when it is done.
    return complete() ? kUnreachable : depth_ + 1;
  }

 private:
  static constexpr std::uint8_t kUnseen = 255;

  // States are ranked lexicographically by their counts: offset_[r][k][c]
  // is the number of states that put fewer than c pieces on rank r when k
  // pieces are left for ranks r and above.
  void count_states();

  std::uint32_t index_of(const Counts& counts) const {
    std::uint32_t index = 0;
    int left = shape_->pieces;
    for (int r = 0; r < shape_->ranks; ++r) {
      index += offset_[r][left][counts[r]];
      left -= counts[r];
    }
    return index;
  }

  // Ranks a lifted piece on `rank` reaches by a chain of jumps.
  std::uint32_t jump_reach(const Counts& counts, int rank) const;

  // Labels the unseen neighbours of a state.
  void expand(std::uint32_t index);

  std::optional<Shape> shape_;
  std::array<std::array<std::array<std::uint32_t, kMaxRankCapacity + 1>, kMaxPieces + 1>, kMaxRanks>
      offset_{};
  std::uint64_t state_count_ = 0;
  std::vector<std::uint8_t> distance_;
  std::vector<std::uint64_t> labelled_;
  std::vector<std::uint32_t> frontier_, next_;
  std::size_t frontier_at_ = 0;
  int depth_ = 0;
};

// The admissible bound both searches read: each move fills at most one
// target hole, and the rank relaxation above.
struct LowerBound {
  const Crossing& crossing;
  const RankBound& ranks;

  int operator()(Bits bits) const {
    const int unfilled = (crossing.target & ~Bitboard(bits)).count();
    return std::max(unfilled, ranks.bound(crossing, bits));
  }
};

}  // namespace tiaoqi::search::solitaire
