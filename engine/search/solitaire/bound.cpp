#include "engine/search/solitaire/bound.hpp"

#include <bit>

namespace tiaoqi::search::solitaire {

std::optional<RankBound::Shape> RankBound::shape_of(const Crossing& crossing, std::size_t bytes) {
  if (crossing.pieces != crossing.target.count() || crossing.pieces > kMaxPieces)
    return std::nullopt;
  Shape shape;
  shape.ranks = crossing.rules->geometry().rank_count();
  shape.pieces = crossing.pieces;
  shape.long_jumps = crossing.rules->options().long_jumps;
  for (int h : crossing.stop_allowed) ++shape.capacity[crossing.progress[h] - 1];
  for (int h : crossing.target) ++shape.goal[crossing.progress[h] - 1];
  // States: the ways to share the pieces among the ranks within capacity.
  std::array<std::uint64_t, kMaxPieces + 1> ways{};
  ways[0] = 1;
  for (int r = 0; r < shape.ranks; ++r)
    for (int k = shape.pieces; k >= 0; --k)
      for (int c = 1; c <= std::min<int>(k, shape.capacity[r]); ++c) ways[k] += ways[k - c];
  if (ways[shape.pieces] * kBytesPerState > bytes) return std::nullopt;
  return shape;
}

void RankBound::reset(const std::optional<Shape>& shape) {
  shape_ = shape;
  distance_.clear();
  labelled_.clear();
  frontier_.clear();
  next_.clear();
  if (!shape_) return;
  count_states();
  distance_.assign(state_count_, kUnseen);
  labelled_.assign(state_count_ / 64 + 1, 0);
  const std::uint32_t goal = index_of(shape_->goal);
  distance_[goal] = 0;
  labelled_[goal >> 6] |= std::uint64_t{1} << (goal & 63);
  frontier_.push_back(goal);
  frontier_at_ = 0;
  depth_ = 0;
}

bool RankBound::extend(int distance, Effort& effort) {
  while (!complete() && depth_ < distance) {
    expand(frontier_[frontier_at_++]);
    if (frontier_at_ == frontier_.size() && !next_.empty()) {
      frontier_.swap(next_);
      next_.clear();
      frontier_at_ = 0;
      ++depth_;
    }
    if ((frontier_at_ & 255) == 0 && effort.count(256)) return false;
  }
  if (complete()) {
    std::vector<std::uint32_t>().swap(frontier_);
    std::vector<std::uint32_t>().swap(next_);
    frontier_at_ = 0;
  }
  return true;
}

void RankBound::count_states() {
  std::array<std::array<std::uint64_t, kMaxPieces + 1>, kMaxRanks + 1> ways{};
  ways[shape_->ranks][0] = 1;
  for (int r = shape_->ranks - 1; r >= 0; --r)
    for (int k = 0; k <= shape_->pieces; ++k)
      for (int c = 0; c <= std::min<int>(k, shape_->capacity[r]); ++c)
        ways[r][k] += ways[r + 1][k - c];
  for (int r = 0; r < shape_->ranks; ++r)
    for (int k = 0; k <= shape_->pieces; ++k) {
      std::uint64_t below = 0;
      for (int c = 0; c <= kMaxRankCapacity; ++c) {
        offset_[r][k][c] = static_cast<std::uint32_t>(below);
        if (c <= k && c <= shape_->capacity[r]) below += ways[r + 1][k - c];
      }
    }
  state_count_ = ways[0][shape_->pieces];
}

std::uint32_t RankBound::jump_reach(const Counts& counts, int rank) const {
  const int ranks = shape_->ranks;
  std::uint32_t reach = 1u << rank;
  if (!shape_->long_jumps) {
    // Short jumps keep the rank's parity, and the pivots sit between: the
    // ranks reached form one run up and one run down.
    for (int at = rank; at + 2 < ranks && counts[at + 1] > 0; at += 2) reach |= 1u << (at + 2);
    for (int at = rank; at - 2 >= 0 && counts[at - 1] > 0; at -= 2) reach |= 1u << (at - 2);
    return reach;
  }
  std::uint32_t frontier = reach;
  while (frontier) {
    const int at = std::countr_zero(frontier);
    frontier &= frontier - 1;
    for (int direction : {1, -1}) {
      for (int k = 1;; ++k) {
        const int landing = at + 2 * k * direction;
        if (landing < 0 || landing >= ranks) break;
        if (counts[at + k * direction] == 0 || (reach >> landing & 1)) continue;
        reach |= 1u << landing;
        frontier |= 1u << landing;
      }
    }
  }
  return reach;
}

// The index of a neighbour differs from the state's only in the terms of
// the ranks from the moving piece's rank to its new one; the terms of the
// ranks passed over change alike, so prefix sums give every neighbour's
// index in a few lookups.
void RankBound::expand(std::uint32_t index) {
  const int ranks = shape_->ranks;
  Counts counts{};
  std::array<int, kMaxRanks + 1> left{};
  std::uint32_t rest = index;
  left[0] = shape_->pieces;
  for (int r = 0; r < ranks; ++r) {
    int c = 0;
    while (c < left[r] && c < shape_->capacity[r] && offset_[r][left[r]][c + 1] <= rest) ++c;
    rest -= offset_[r][left[r]][c];
    counts[r] = static_cast<std::uint8_t>(c);
    left[r + 1] = left[r] - c;
  }
  // passed_up[r]: the change of the terms below r when a piece moves up
  // past them (one more piece above each); passed_down alike.
  std::array<std::uint32_t, kMaxRanks + 1> passed_up{}, passed_down{};
  for (int r = 0; r < ranks; ++r) {
    const std::uint32_t term = offset_[r][left[r]][counts[r]];
    const std::uint32_t up = left[r] < shape_->pieces ? offset_[r][left[r] + 1][counts[r]] : term;
    const std::uint32_t down = left[r] > 0 ? offset_[r][left[r] - 1][counts[r]] : term;
    passed_up[r + 1] = passed_up[r] + (up - term);
    passed_down[r + 1] = passed_down[r] + (down - term);
  }
  const std::uint8_t next_distance = static_cast<std::uint8_t>(depth_ + 1);
  for (int from = 0; from < ranks; ++from) {
    if (counts[from] == 0) continue;
    --counts[from];
    std::uint32_t reach = jump_reach(counts, from);
    ++counts[from];
    if (from > 0) reach |= 1u << (from - 1);
    if (from + 1 < ranks) reach |= 1u << (from + 1);
    reach &= ~(1u << from);
    for (; reach; reach &= reach - 1) {
      const int to = std::countr_zero(reach);
      if (counts[to] >= shape_->capacity[to]) continue;
      std::uint32_t neighbour =
          index - offset_[from][left[from]][counts[from]] - offset_[to][left[to]][counts[to]];
      if (from < to) {
        neighbour += offset_[from][left[from]][counts[from] - 1] +
                     (passed_up[to] - passed_up[from + 1]) +
                     offset_[to][left[to] + 1][counts[to] + 1];
      } else {
        neighbour += offset_[to][left[to]][counts[to] + 1] +
                     (passed_down[from] - passed_down[to + 1]) +
                     offset_[from][left[from] - 1][counts[from] - 1];
      }
      // The bitmap of labelled states fits a fast cache; the distances do not.
      std::uint64_t& word = labelled_[neighbour >> 6];
      const std::uint64_t bit = std::uint64_t{1} << (neighbour & 63);
      if (word & bit) continue;
      word |= bit;
      distance_[neighbour] = next_distance;
      next_.push_back(neighbour);
    }
  }
}

}  // namespace tiaoqi::search::solitaire
