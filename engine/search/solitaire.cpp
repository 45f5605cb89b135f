#include "engine/search/solitaire.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

#include "engine/game.hpp"
#include "engine/movegen.hpp"

namespace tiaoqi {
namespace {

using Bits = Bitboard::Bits;

constexpr int kMaxRanks = 17;
constexpr int kMaxPieces = 15;
constexpr int kMaxRankCapacity = 13;
constexpr int kUnreachable = 1000;
constexpr std::uint64_t kPollInterval = 4096;

std::uint64_t mix(std::uint64_t value) {
  value ^= value >> 31;
  value *= 0x7fb5d329728ea185ULL;
  value ^= value >> 27;
  value *= 0x81dadef4bc2dd44dULL;
  return value ^ (value >> 33);
}

std::uint64_t low_of(Bits bits) { return static_cast<std::uint64_t>(bits); }
std::uint64_t high_of(Bits bits) { return static_cast<std::uint64_t>(bits >> 64); }
Bits bits_of(std::uint64_t low, std::uint64_t high) { return (Bits{high} << 64) | low; }
std::uint64_t hash_of(Bits bits) { return mix(low_of(bits) ^ mix(high_of(bits) + 0x9e37)); }

Bits moved(Bits bits, Move move) { return bits ^ (Bits{1} << move.from) ^ (Bits{1} << move.to); }
Move reversed(Move move) { return Move{move.to, move.from}; }

// What the searches need to know about a solitaire position's rules.
struct Crossing {
  const Rules* rules = nullptr;
  int army = 0;
  int pieces = 0;
  Bitboard target, stop_allowed;
  // Rank of each hole counted from the army's home tip (1) towards its target.
  std::array<std::uint8_t, kMaxHoles> progress{};
  // The left-right mirror along the army's axis, which maps every rule onto
  // itself (the identity if it did not).
  std::array<Hole, kMaxHoles> mirror{};
  // A symmetry of the board that swaps the army's home and target.
  std::array<Hole, kMaxHoles> turn{};
  // Moves can be undone (no goal lock), so a search backward from the
  // arrived army is a search forward from it.
  bool reversible = false;
  // A home deadline or move limit (0 = none): the same holes at another
  // move count are another state, so the table of lower bounds is not used.
  Bitboard home;
  int deadline = 0, move_limit = 0;
  bool timed() const { return deadline > 0 || move_limit > 0; }
  // The army loses with these holes after its move number `move_count`.
  bool lost(Bits bits, int move_count) const {
    if (arrived(bits)) return false;
    return (deadline > 0 && move_count >= deadline && (Bitboard(bits) & home).any()) ||
           (move_limit > 0 && move_count >= move_limit);
  }

  bool arrived(Bits bits) const { return (Bitboard(bits) & target) == target; }
  static Bits image(Bits bits, const std::array<Hole, kMaxHoles>& map) {
    Bits image = 0;
    for (int h : Bitboard(bits)) image |= Bits{1} << map[h];
    return image;
  }
  Bits mirrored(Bits bits) const { return image(bits, mirror); }
  // One key for a position and its mirror image: their distances are equal.
  Bits canonical(Bits bits) const { return std::min(bits, mirrored(bits)); }
  int progress_sum(Bits bits) const {
    int sum = 0;
    for (int h : Bitboard(bits)) sum += progress[h];
    return sum;
  }
  int gain(Move move) const { return progress[move.to] - progress[move.from]; }
};

void set_mirror(Crossing& crossing, const Geometry& geometry) {
  const int to_south = (kArmies - crossing.army) % kArmies;
  bool symmetric = true;
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const Cube c = geometry.cube(geometry.rotate(static_cast<Hole>(h), to_south));
    const Hole image = geometry.rotate(geometry.at(c.z, c.y), crossing.army);
    crossing.mirror[h] = image;
    crossing.turn[h] = geometry.rotate(geometry.at(-c.x, -c.y), crossing.army);
    symmetric = symmetric && crossing.stop_allowed.test(h) == crossing.stop_allowed.test(image) &&
                crossing.target.test(h) == crossing.target.test(image);
  }
  if (!symmetric)
    for (int h = 0; h < geometry.hole_count(); ++h) crossing.mirror[h] = static_cast<Hole>(h);
}

// The rules of a solitaire root, or nullopt when it is not one: one player
// owning one army, the only pieces on the board, the game not over, and
// enough pieces to fill the target.
std::optional<Crossing> crossing_of(const Position& root) {
  const Rules& rules = root.rules();
  if (rules.player_count() != 1 || std::popcount(rules.armies_of(0)) != 1 || root.is_over())
    return std::nullopt;
  Crossing crossing;
  crossing.rules = &rules;
  crossing.army = std::countr_zero(rules.armies_of(0));
  crossing.target = rules.target(crossing.army);
  crossing.stop_allowed = rules.stop_allowed(crossing.army);
  crossing.pieces = root.army(crossing.army).count();
  if (root.occupied() != root.army(crossing.army) || crossing.pieces < crossing.target.count())
    return std::nullopt;
  const Geometry& geometry = rules.geometry();
  const int to_south = (kArmies - crossing.army) % kArmies;
  for (int h = 0; h < geometry.hole_count(); ++h)
    crossing.progress[h] = static_cast<std::uint8_t>(
        geometry.rank_of(geometry.rotate(static_cast<Hole>(h), to_south)));
  set_mirror(crossing, geometry);
  const RuleOptions& options = rules.options();
  crossing.reversible = !options.goal_lock;
  crossing.home = rules.home(crossing.army);
  crossing.deadline = options.home_deadline;
  crossing.move_limit = options.max_plies;
  return crossing;
}

Position position_of(const Crossing& crossing, Bits bits, int move_count) {
  Position position = Position::empty(*crossing.rules);
  for (int h : Bitboard(bits)) position.put_piece(crossing.army, static_cast<Hole>(h));
  position.set_move_count(move_count);
  return position;
}

// Plays a plan from the root; true when every move is legal and the army
// arrives with the last one.
bool replays_to_arrival(const Position& root, const std::vector<Move>& moves) {
  Position position = root;
  MoveList legal;
  for (const Move& move : moves) {
    if (position.is_over()) return false;
    generate_moves(position, legal);
    if (!legal.contains(move)) return false;
    position.play(move);
    settle(position);
  }
  return position.is_over() && position.has_finished(0);
}

// The nodes of one solve and its stop polls.
class Effort {
 public:
  explicit Effort(const SolitaireSolver::StopPoll& poll) : poll_(poll) {}

  // Counts nodes; true when the search must stop (asked to, or past the limit).
  bool count(std::uint64_t nodes) {
    nodes_ += nodes;
    if (nodes_ >= next_poll_) {
      next_poll_ = nodes_ + kPollInterval;
      if (polled_ && !stopped_ && poll_) stopped_ = poll_(nodes_);
    }
    return stopped_ || nodes_ >= limit_;
  }
  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }
  void set_polled(bool polled) { polled_ = polled; }
  // A slice of work ends at this many nodes.
  void set_limit(std::uint64_t limit) { limit_ = limit; }
  bool past_limit() const { return nodes_ >= limit_; }

 private:
  const SolitaireSolver::StopPoll& poll_;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_poll_ = kPollInterval;
  std::uint64_t limit_ = UINT64_MAX;
  bool polled_ = false;
  bool stopped_ = false;
};

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

  void reset(const std::optional<Shape>& shape) {
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

  bool complete() const { return !shape_ || frontier_at_ >= frontier_.size(); }

  // Labels states until every state within `distance` of the goal is
  // labelled (or all are), or `effort` says stop; true when done.
  bool extend(int distance, Effort& effort) {
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
  void count_states() {
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
  std::uint32_t jump_reach(const Counts& counts, int rank) const {
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

  // Labels the unseen neighbours of a state. The index of a neighbour
  // differs from the state's only in the terms of the ranks from the moving
  // piece's rank to its new one; the terms of the ranks passed over change
  // alike, so prefix sums give every neighbour's index in a few lookups.
  void expand(std::uint32_t index) {
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

// Lower bounds learned by IDA*, keyed by the exact holes of the army (so a
// bound is never applied to another position), in four-way buckets of one
// cache line. The bound lives in the key's unused top bits (holes < 121).
class BoundTable {
 public:
  void resize(std::size_t bytes) {
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= bytes) buckets *= 2;
    buckets_.assign(buckets, Bucket{});
  }
  void clear() { std::fill(buckets_.begin(), buckets_.end(), Bucket{}); }

  int probe(Bits key) const {
    const Bucket& bucket = bucket_of(key);
    for (int way = 0; way < kWays; ++way)
      if (bucket.low[way] == low_of(key) && (bucket.high[way] & kHoleMask) == high_of(key))
        return static_cast<int>(bucket.high[way] >> kBoundShift);
    return 0;
  }

  void store(Bits key, int bound) {
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
  int iterate(const Position& root, int bound) {
    path_.clear();
    const Bits bits = root.army(crossing_.army).raw();
    const int result = search(root, bits, bound, Move{}, kUnreachable);
    if (result == kFound) {
      std::reverse(path_.begin(), path_.end());
      return kFound;
    }
    return effort_.stopped() || effort_.past_limit() ? 0 : result;
  }
  const std::vector<Move>& path() const { return path_; }

 private:
  int known_bound(Bits bits) const {
    const int bound = lower_bound_(bits);
    return crossing_.timed() ? bound : std::max(bound, table_.probe(crossing_.canonical(bits)));
  }

  // A lower bound on the moves from `position` to arrival, above `budget`
  // unless a crossing within it was found.
  int search(const Position& position, Bits bits, int budget, Move last, int parent_bound) {
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

  const Crossing& crossing_;
  const LowerBound& lower_bound_;
  BoundTable& table_;
  Effort& effort_;
  std::vector<Move> path_;
};

// Open addressing from 64-bit hashes to entry numbers. A slot holds the
// hash's top half as a tag beside the entry number + 1, so a probe reads
// only the slot array until a tag matches. The table doubles at half load.
class HashIndex {
 public:
  void reset(std::size_t expected) {
    std::size_t size = 16;
    while (size < 2 * expected) size *= 2;
    slots_.assign(size, 0);
    count_ = 0;
  }

  // The entry with this hash for which `same(entry)` holds, or -1.
  template <class Same>
  std::int64_t find(std::uint64_t hash, const Same& same) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
      const std::uint64_t value = slots_[slot];
      if (value == 0) return -1;
      const std::uint32_t entry = static_cast<std::uint32_t>(value) - 1;
      if ((value >> 32) == (hash >> 32) && same(entry)) return entry;
    }
  }

  // Adds an entry; `hash_of_entry` gives the others' hashes when growing.
  template <class HashOfEntry>
  void add(std::uint64_t hash, std::uint32_t entry, const HashOfEntry& hash_of_entry) {
    if (2 * (count_ + 1) > slots_.size()) {
      const std::vector<std::uint64_t> old = std::move(slots_);
      slots_.assign(old.size() * 2, 0);
      for (const std::uint64_t value : old)
        if (value) place(hash_of_entry(static_cast<std::uint32_t>(value) - 1), value);
    }
    place(hash, (hash >> 32 << 32) | (entry + 1));
    ++count_;
  }

 private:
  void place(std::uint64_t hash, std::uint64_t value) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = hash & mask;
    while (slots_[slot]) slot = (slot + 1) & mask;
    slots_[slot] = value;
  }

  std::vector<std::uint64_t> slots_;
  std::size_t count_ = 0;
};

// A set of holes with its mirror image, updated together by a move.
struct Mirrored {
  Bits bits = 0, image = 0;

  Mirrored after(Move move, const std::array<Hole, kMaxHoles>& mirror) const {
    return {moved(bits, move), moved(image, Move{mirror[move.from], mirror[move.to]})};
  }
  Bits canonical() const { return std::min(bits, image); }
};

// A beam search from both ends at once. The forward side starts at the
// root and keeps, per depth, the `width` states of most progress; the
// backward side starts at the arrived army and keeps the states of least
// progress, i.e. it searches from the goal towards the homes (moves can be
// undone, so its moves are real moves read backwards). Every child of one
// side is looked up among all states the other side kept and among the
// children of its last layer (its fringe): a hit joins the two halves into
// a crossing. States are kept once per mirror pair (the arrived army is
// symmetric, so a half from it can be mirrored to fit). For the start
// position the two sides are images of each other under the half turn
// (ties are broken alike for a state and its image), so they meet where a
// crossing's midpoint is.
class Beam {
 public:
  static constexpr int kMaxDepth = 64;
  // Worst-case bytes per unit of width: nodes with their index slots on
  // both sides, and both fringes (some 150 children a node, with slots).
  static constexpr std::size_t kBytesPerWidth = 2 * (kMaxDepth * (24 + 16) + 150 * (16 + 16));

  // The shortest crossing found, if any, shorter than `best` moves.
  std::optional<std::vector<Move>> run(const Crossing& crossing, const Position& root, int width,
                                       std::uint64_t seed, int best, Effort& effort);

 private:
  struct Node {
    std::uint64_t low = 0, high = 0;  // the canonical holes
    std::int32_t parent = -1;
    Move move;  // from the parent's actual holes, in this side's direction
    std::uint8_t depth = 0;
    bool flipped = false;  // the actual holes are the mirror image of the key
    Bits key() const { return bits_of(low, high); }
  };
  struct Child {
    std::int64_t score;
    std::int32_t parent;
    Move move;
  };
  struct Side {
    const Crossing* crossing = nullptr;
    bool forward = true;
    int depth = 0;
    std::size_t layer_begin = 0, layer_end = 0;
    std::vector<Node> nodes;
    HashIndex index;  // every kept state once
    // Every child of the last layer, kept or not, and an index over them.
    std::vector<Child> fringe;
    HashIndex fringe_index;

    void start(const Crossing& crossing, Bits origin, std::size_t expected);
    Bits actual(std::int32_t node) const {
      const Bits key = nodes[node].key();
      return nodes[node].flipped ? crossing->mirrored(key) : key;
    }
    Bits child_bits(const Child& child) const { return moved(actual(child.parent), child.move); }
    std::int64_t find(Bits key) const {
      return index.find(hash_of(key), [&](std::uint32_t node) { return nodes[node].key() == key; });
    }
    bool insert(Bits bits, std::int32_t parent, Move move);
    void index_fringe();
    const Child* find_in_fringe(Bits key) const;
    // The moves from the side's origin to a node.
    std::vector<Move> path_to(std::int32_t node) const;
  };
  // Where the halves join: a child of `parent` on one side is, up to the
  // mirror, a node of the other side or a child of one (then `other_move`
  // is not none).
  struct Meeting {
    int length = kUnreachable;
    bool on_forward = true;
    std::int32_t parent = -1, other = -1;
    Move move, other_move;
  };

  void expand(Side& side, const Side* other, int move_count, int width, std::uint64_t seed,
              Meeting& meeting, Effort& effort);
  void look_up(const Side& side, const Side* other, std::int32_t parent, Move move, Bits key,
               Meeting& meeting) const;
  std::vector<Move> join(const Meeting& meeting) const;

  Side forward_, backward_;
};

void Beam::Side::start(const Crossing& crossing_rules, Bits origin, std::size_t expected) {
  crossing = &crossing_rules;
  nodes.clear();
  fringe.clear();
  fringe_index.reset(0);
  index.reset(expected);
  depth = 0;
  insert(origin, -1, Move{});
  layer_begin = 0;
  layer_end = 1;
}

bool Beam::Side::insert(Bits bits, std::int32_t parent, Move move) {
  const Bits key = crossing->canonical(bits);
  const std::uint64_t hash = hash_of(key);
  if (index.find(hash, [&](std::uint32_t node) { return nodes[node].key() == key; }) >= 0)
    return false;
  nodes.push_back(
      Node{low_of(key), high_of(key), parent, move, static_cast<std::uint8_t>(depth), key != bits});
  index.add(hash, static_cast<std::uint32_t>(nodes.size() - 1),
            [&](std::uint32_t node) { return hash_of(nodes[node].key()); });
  return true;
}

void Beam::Side::index_fringe() {
  fringe_index.reset(fringe.size());
  const auto hash_of_child = [&](std::uint32_t c) {
    return hash_of(crossing->canonical(child_bits(fringe[c])));
  };
  for (std::uint32_t c = 0; c < fringe.size(); ++c)
    fringe_index.add(hash_of_child(c), c, hash_of_child);
}

const Beam::Child* Beam::Side::find_in_fringe(Bits key) const {
  const std::int64_t c = fringe_index.find(hash_of(key), [&](std::uint32_t entry) {
    return crossing->canonical(child_bits(fringe[entry])) == key;
  });
  return c >= 0 ? &fringe[c] : nullptr;
}

std::vector<Move> Beam::Side::path_to(std::int32_t node) const {
  std::vector<Move> moves;
  for (; nodes[node].parent >= 0; node = nodes[node].parent) moves.push_back(nodes[node].move);
  std::reverse(moves.begin(), moves.end());
  return moves;
}

std::optional<std::vector<Move>> Beam::run(const Crossing& crossing, const Position& root,
                                           int width, std::uint64_t seed, int best,
                                           Effort& effort) {
  const bool both_ends = crossing.reversible && crossing.pieces == crossing.target.count();
  if (crossing.move_limit > 0) best = std::min(best, crossing.move_limit - root.move_count() + 1);
  const std::size_t expected = static_cast<std::size_t>(width) * 16;
  forward_.forward = true;
  forward_.start(crossing, root.army(crossing.army).raw(), expected);
  backward_.forward = false;
  backward_.start(crossing, crossing.target.raw(), both_ends ? expected : 0);
  if (!both_ends) backward_.layer_end = 0;

  // The sides take turns while a meeting of both would be shorter than
  // `best`; then the forward side goes on alone, still looking for the
  // backward side's states.
  Meeting meeting;
  while (meeting.length == kUnreachable && forward_.layer_begin < forward_.layer_end &&
         forward_.depth + 1 < std::min(best, kMaxDepth)) {
    const bool backward_next = backward_.layer_begin < backward_.layer_end &&
                               backward_.depth < forward_.depth &&
                               forward_.depth + backward_.depth + 1 < best;
    Side& side = backward_next ? backward_ : forward_;
    const Side* other = both_ends ? (backward_next ? &forward_ : &backward_) : nullptr;
    expand(side, other, root.move_count() + forward_.depth, width, seed, meeting, effort);
    if (effort.stopped() || effort.past_limit()) break;
  }
  if (meeting.length >= best) return std::nullopt;
  return join(meeting);
}

void Beam::look_up(const Side& side, const Side* other, std::int32_t parent, Move move, Bits key,
                   Meeting& meeting) const {
  const int length = side.depth + 1;
  if (!other) {
    if (side.crossing->arrived(key) && length < meeting.length)
      meeting = Meeting{length, true, parent, 0, move, Move{}};
    return;
  }
  const std::int64_t node = other->find(key);
  if (node >= 0) {
    const int total = length + other->nodes[node].depth;
    if (total < meeting.length)
      meeting = Meeting{total, side.forward, parent, static_cast<std::int32_t>(node), move, {}};
  }
  if (length + other->depth >= meeting.length) return;
  if (const Child* far = other->find_in_fringe(key))
    meeting = Meeting{length + other->depth, side.forward, parent, far->parent, move, far->move};
}

void Beam::expand(Side& side, const Side* other, int move_count, int width, std::uint64_t seed,
                  Meeting& meeting, Effort& effort) {
  const Crossing& crossing = *side.crossing;
  side.fringe.clear();
  MoveList moves;
  for (std::size_t i = side.layer_begin; i < side.layer_end; ++i) {
    const auto parent = static_cast<std::int32_t>(i);
    const Bits bits = side.actual(parent);
    const Mirrored state{bits, crossing.mirrored(bits)};
    // Ties are broken by the state as seen from its side's origin: for the
    // backward side, turned half round (the start's two sides then match).
    Mirrored seen = state;
    if (!side.forward) {
      seen.bits = Crossing::image(bits, crossing.turn);
      seen.image = crossing.mirrored(seen.bits);
    }
    const int progress = crossing.progress_sum(bits);
    generate_moves(position_of(crossing, bits, move_count), moves);
    if (effort.count(static_cast<std::uint64_t>(moves.size()))) return;
    for (const Move& move : moves) {
      const Mirrored child = state.after(move, crossing.mirror);
      if (side.forward && crossing.lost(child.bits, move_count + 1)) continue;
      look_up(side, other, parent, move, child.canonical(), meeting);
      const Bits tie_key =
          side.forward
              ? child.canonical()
              : seen.after(Move{crossing.turn[move.from], crossing.turn[move.to]}, crossing.mirror)
                    .canonical();
      const std::int64_t tie = static_cast<std::int64_t>((hash_of(tie_key) ^ seed) & 0xffffffff);
      const int child_progress = progress + crossing.gain(move);
      const std::int64_t score = side.forward ? child_progress : -child_progress;
      side.fringe.push_back(Child{(score << 32) | tie, parent, move});
    }
  }
  // The best few times the width go to the de-duplication, best first.
  const auto better = [](const Child& a, const Child& b) { return a.score > b.score; };
  const std::size_t shortlist = std::min(side.fringe.size(), 4 * static_cast<std::size_t>(width));
  std::nth_element(side.fringe.begin(), side.fringe.begin() + shortlist, side.fringe.end(), better);
  std::sort(side.fringe.begin(), side.fringe.begin() + shortlist, better);
  if (other) side.index_fringe();
  ++side.depth;
  side.layer_begin = side.nodes.size();
  int kept = 0;
  for (std::size_t c = 0; c < shortlist && kept < width; ++c)
    kept +=
        side.insert(side.child_bits(side.fringe[c]), side.fringe[c].parent, side.fringe[c].move);
  side.layer_end = side.nodes.size();
}

std::vector<Move> Beam::join(const Meeting& meeting) const {
  const Side& near_side = meeting.on_forward ? forward_ : backward_;
  const Side& far_side = meeting.on_forward ? backward_ : forward_;
  std::vector<Move> near = near_side.path_to(meeting.parent);
  near.push_back(meeting.move);
  const Bits near_end = moved(near_side.actual(meeting.parent), meeting.move);
  // Without a backward side, `other` is its origin: the arrived army.
  std::vector<Move> far = far_side.path_to(meeting.other);
  Bits far_end = far_side.actual(meeting.other);
  if (!meeting.other_move.is_none()) {
    far.push_back(meeting.other_move);
    far_end = moved(far_end, meeting.other_move);
  }
  std::vector<Move> from_root = meeting.on_forward ? near : far;
  std::vector<Move> from_goal = meeting.on_forward ? far : near;
  // The halves meet in mirror images: mirror the half from the (symmetric) goal.
  if (near_end != far_end) {
    const Crossing& crossing = *near_side.crossing;
    for (Move& move : from_goal) move = Move{crossing.mirror[move.from], crossing.mirror[move.to]};
  }
  for (auto move = from_goal.rbegin(); move != from_goal.rend(); ++move)
    from_root.push_back(reversed(*move));
  return from_root;
}

// A plan found earlier in this game, with the positions it passes through.
struct KeptPlan {
  RuleOptions options;
  int army = 0;
  std::vector<Bits> armies;  // before each move
  SolitairePlan plan;
};

}  // namespace

class SolitaireSolver::Impl {
 public:
  explicit Impl(std::size_t table_megabytes)
      : budget_bytes_(std::max<std::size_t>(table_megabytes, 2) << 20) {
    table_.resize(budget_bytes_ / 4);
  }

  void clear() {
    table_.clear();
    kept_.reset();
  }

  SolitairePlan solve(const Position& root, const StopPoll& should_stop,
                      const ProgressSink& on_progress);

 private:
  // Small first beam: found before the first poll.
  static constexpr int kFirstWidth = 32;

  struct Run {
    const Crossing& crossing;
    const Position& root;
    const ProgressSink& on_progress;
    Effort effort;
    SolitairePlan best;

    bool proven() const {
      return !best.moves.empty() && static_cast<int>(best.moves.size()) <= best.lower_bound;
    }
    int best_length() const {
      return best.moves.empty() ? kUnreachable : static_cast<int>(best.moves.size());
    }
    void offer(const std::vector<Move>& moves);
    void raise_lower_bound(int bound);
  };

  std::optional<SolitairePlan> from_kept_plan(const Position& root) const;
  void keep(const Crossing& crossing, const Position& root, const SolitairePlan& plan);
  void prepare_rank_bound(const Crossing& crossing);
  void run_ida(Run& run, std::uint64_t slice);
  int max_width() const;

  std::size_t budget_bytes_;
  BoundTable table_;
  RuleOptions table_options_;
  RankBound ranks_;
  Beam beam_;
  std::optional<KeptPlan> kept_;
};

void SolitaireSolver::Impl::Run::offer(const std::vector<Move>& moves) {
  if (moves.empty() || static_cast<int>(moves.size()) >= best_length()) return;
  if (!replays_to_arrival(root, moves)) return;
  best.moves = moves;
  best.proven_optimal = proven();
  if (on_progress) on_progress(static_cast<int>(moves.size()), effort.nodes(), best);
}

void SolitaireSolver::Impl::Run::raise_lower_bound(int bound) {
  if (bound <= best.lower_bound) return;
  best.lower_bound = std::min(bound, best_length());
  best.proven_optimal = proven();
  if (on_progress) on_progress(best.lower_bound, effort.nodes(), best);
}

int SolitaireSolver::Impl::max_width() const {
  // A quarter for the table, a quarter for the rank relaxation, the rest here.
  const std::size_t beam_bytes = budget_bytes_ / 2;
  int width = kFirstWidth;
  while (static_cast<std::size_t>(width) * 2 * Beam::kBytesPerWidth <= beam_bytes) width *= 2;
  return width;
}

void SolitaireSolver::Impl::prepare_rank_bound(const Crossing& crossing) {
  const auto shape = RankBound::shape_of(crossing, budget_bytes_ / 4);
  if (shape != ranks_.shape()) ranks_.reset(shape);
}

// One slice of IDA*: completes bounds upwards from the proven lower bound
// while the slice lasts; an interrupted bound is searched again next time
// (the table keeps what it learned).
void SolitaireSolver::Impl::run_ida(Run& run, std::uint64_t slice) {
  run.effort.set_limit(run.effort.nodes() + slice);
  const LowerBound lower_bound{run.crossing, ranks_};
  const Bits root_bits = run.root.army(run.crossing.army).raw();
  Ida ida(run.crossing, lower_bound, table_, run.effort);
  while (!run.proven() && !run.effort.past_limit() && !run.effort.stopped()) {
    const int bound = std::max(run.best.lower_bound, 1);
    // The relaxation must know every distance up to the bound to prune well.
    if (!ranks_.extend(bound, run.effort)) break;
    if (lower_bound(root_bits) > bound) {
      run.raise_lower_bound(lower_bound(root_bits));
      continue;
    }
    const int result = ida.iterate(run.root, bound);
    if (result == Ida::kFound) {
      run.offer(ida.path());
      run.raise_lower_bound(static_cast<int>(ida.path().size()));
      break;
    }
    if (result == 0) break;
    run.raise_lower_bound(result);
  }
  run.effort.set_limit(UINT64_MAX);
}

SolitairePlan SolitaireSolver::Impl::solve(const Position& root, const StopPoll& should_stop,
                                           const ProgressSink& on_progress) {
  if (auto plan = from_kept_plan(root)) {
    if (on_progress) on_progress(static_cast<int>(plan->moves.size()), 0, *plan);
    return *plan;
  }
  const auto crossing = crossing_of(root);
  if (!crossing) return {};
  // The table's bounds hold for one set of rules.
  if (root.rules().options() != table_options_) table_.clear();
  table_options_ = root.rules().options();
  prepare_rank_bound(*crossing);
  Run run{*crossing, root, on_progress, Effort(should_stop), {}};
  run.best.lower_bound = LowerBound{*crossing, ranks_}(root.army(crossing->army).raw());
  if (run.best.lower_bound >= kUnreachable) return {};

  run.offer(beam_.run(*crossing, root, kFirstWidth, 0, kUnreachable, run.effort)
                .value_or(std::vector<Move>{}));
  run.effort.set_polled(true);
  const int widest = max_width();
  // No crossing exists once the lower bound reaches kUnreachable.
  for (int round = 1; !run.proven() && !run.effort.stopped() && run.best.lower_bound < kUnreachable;
       ++round) {
    const std::uint64_t before = run.effort.nodes();
    const int width = std::min(kFirstWidth << std::min(round, 20), widest);
    if (auto moves = beam_.run(*crossing, root, width, mix(round), run.best_length(), run.effort))
      run.offer(*moves);
    if (run.proven() || run.effort.stopped()) break;
    run_ida(run, std::max<std::uint64_t>(run.effort.nodes() - before, 100000));
  }
  if (!run.best.moves.empty()) keep(*crossing, root, run.best);
  return run.best;
}

std::optional<SolitairePlan> SolitaireSolver::Impl::from_kept_plan(const Position& root) const {
  if (!kept_ || root.is_over() || root.rules().options() != kept_->options ||
      root.rules().player_count() != 1 || root.rules().armies_of(0) != (1u << kept_->army))
    return std::nullopt;
  const Bits bits = root.army(kept_->army).raw();
  const auto at = std::find(kept_->armies.begin(), kept_->armies.end(), bits);
  if (at == kept_->armies.end()) return std::nullopt;
  const auto done = at - kept_->armies.begin();
  SolitairePlan rest;
  rest.moves.assign(kept_->plan.moves.begin() + done, kept_->plan.moves.end());
  // A tail of a shortest crossing is a shortest crossing of its own.
  rest.proven_optimal = kept_->plan.proven_optimal;
  rest.lower_bound = std::max<int>(kept_->plan.lower_bound - static_cast<int>(done), 0);
  if (!replays_to_arrival(root, rest.moves)) return std::nullopt;
  return rest;
}

void SolitaireSolver::Impl::keep(const Crossing& crossing, const Position& root,
                                 const SolitairePlan& plan) {
  KeptPlan kept{root.rules().options(), crossing.army, {}, plan};
  Bits bits = root.army(crossing.army).raw();
  for (const Move& move : plan.moves) {
    kept.armies.push_back(bits);
    bits = moved(bits, move);
  }
  kept_ = std::move(kept);
}

SolitaireSolver::SolitaireSolver(std::size_t table_megabytes)
    : impl_(std::make_unique<Impl>(table_megabytes)) {}
SolitaireSolver::~SolitaireSolver() = default;
SolitaireSolver::SolitaireSolver(SolitaireSolver&&) noexcept = default;
SolitaireSolver& SolitaireSolver::operator=(SolitaireSolver&&) noexcept = default;

SolitairePlan SolitaireSolver::solve(const Position& root, const StopPoll& should_stop,
                                     const ProgressSink& on_progress) {
  return impl_->solve(root, should_stop, on_progress);
}

void SolitaireSolver::clear() { impl_->clear(); }

}  // namespace tiaoqi
