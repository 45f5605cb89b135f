#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "engine/move.hpp"

namespace tiaoqi::search::mcts {

// Rewards are summed in fixed point: this many units for a whole win.
inline constexpr double kRewardUnits = 65536;

enum NodeState : std::uint8_t {
  kLeaf,
  // One thread is making the children; the others simulate from it as a leaf.
  kExpanding,
  kExpanded,
};

// The side to move at the node has no legal move and is eliminated
// before the node's own moves (game.hpp's settle), however often.
inline constexpr std::uint8_t kSettles = 1;
// Best-reply tree: the node's children are the moves of every opponent of
// the root player, one of which is played before the root player's turn.
inline constexpr std::uint8_t kReplies = 2;
// The learned prior of the node's children: one thread has claimed the
// work of computing it, and it is there to read (the release of the
// thread that wrote it pairs with the reader's acquire).
inline constexpr std::uint8_t kPriorClaimed = 4;
inline constexpr std::uint8_t kPriorReady = 8;

// One node of the tree, 24 bytes: the move into it and that move's
// statistics, for the player who made it (each player maximises its own
// share, so a parent only ever reads its mover's reward). A node's
// children are one block of the pool. Fields that threads share are read
// and written through std::atomic_ref, so that nodes stay plain data that
// compaction can move.
struct Node {
  // Sum of the mover's rewards, in kRewardUnits.
  std::uint64_t reward_sum;
  // Simulations through the node that have been backed up.
  std::uint32_t visits;
  std::uint32_t first_child;
  Move move;
  std::uint16_t child_count;
  std::uint8_t state;
  std::uint8_t flags;
  // Simulations under way through the node (virtual loss: each counts as
  // a visit with reward 0 until it is backed up).
  std::uint16_t in_flight;
};
static_assert(sizeof(Node) == 24);

template <class T>
std::atomic_ref<T> shared(T& field) {
  return std::atomic_ref<T>(field);
}
template <class T>
T load(const T& field) {
  return std::atomic_ref<T>(const_cast<T&>(field)).load(std::memory_order_relaxed);
}

// A node's children may be read once this says so (it pairs with the
// release of the thread that made them).
inline bool is_expanded(const Node& node) {
  return std::atomic_ref<std::uint8_t>(const_cast<std::uint8_t&>(node.state))
             .load(std::memory_order_acquire) == kExpanded;
}

// The pool of nodes the tree lives in, sized from Hash: node 0 is the
// root, blocks of children are handed out in order. At the bound
// allocate() fails and leaves stay leaves until the search prunes the
// tree (prune() drops the subtrees of the least visited nodes); between
// moves reroot() keeps the subtree of the new root. Both pack what they
// keep at the front.
class Tree {
 public:
  static constexpr std::uint32_t kNoNode = 0xffffffff;

  // An empty tree of at most `megabytes` of nodes; ok() is false when the
  // memory cannot be had.
  explicit Tree(std::size_t megabytes);
  bool ok() const { return nodes_ != nullptr; }
  std::size_t megabytes() const { return megabytes_; }
  std::size_t capacity() const { return capacity_; }
  std::size_t used() const {
    return std::min<std::size_t>(next_free_.load(std::memory_order_relaxed), capacity_);
  }
  bool full() const { return full_.load(std::memory_order_relaxed); }

  Node& node(std::uint32_t index) { return nodes_[index]; }
  const Node& node(std::uint32_t index) const { return nodes_[index]; }
  Node& root() { return nodes_[0]; }
  // The learned prior of the move into a node, in units of 1 / kPriorUnits
  // (0 where the search has no prior). Kept beside the nodes rather than
  // in them, so that a search without a model reads no more memory.
  float prior(std::uint32_t index) const {
    return static_cast<float>(priors_.get()[index]) * (1.0f / kPriorUnits);
  }
  void set_prior(std::uint32_t index, float prior) {
    priors_.get()[index] = static_cast<std::uint16_t>(prior * kPriorUnits + 0.5f);
  }
  static constexpr float kPriorUnits = 65535;

  // `count` consecutive fresh nodes; kNoNode once the pool is full.
  std::uint32_t allocate(int count);
  // Only a root without statistics is left.
  void clear();
  // The node at `index` becomes the root with its subtree; the rest is
  // dropped. No search may run meanwhile.
  void reroot(std::uint32_t index);
  // The smallest visit count such that keeping the children of only the
  // nodes visited at least that often keeps at most `target` nodes with
  // the root (0 when the whole tree fits).
  std::uint32_t prune_threshold(std::size_t target) const;
  // Every node visited fewer than `min_visits` times, the root aside,
  // loses its subtree and becomes a leaf again with its own statistics:
  // what was learned there stays, only the finer detail below goes. The
  // visits of a node bound those of its children, so the nodes kept are
  // exactly those visited at least `min_visits` times and their children.
  // No search may run meanwhile.
  void prune(std::uint32_t min_visits);

 private:
  // Packs the subtree of `index` at the front with it as the root,
  // cutting below every node visited fewer than `min_visits` times.
  void pack(std::uint32_t index, std::uint32_t min_visits);
  // Adds the children of `node` (one of this pool's) that have children
  // themselves.
  void push_expanded_children(const Node& node, std::vector<std::uint32_t>& pending) const;

  struct FreeMemory {
    void operator()(void* memory) const { std::free(memory); }
  };
  // Zeroed by calloc: the system maps pages as the tree grows into them.
  std::unique_ptr<Node, FreeMemory> memory_;
  // One prior a node, also zeroed by calloc: untouched pages cost nothing.
  std::unique_ptr<std::uint16_t, FreeMemory> priors_;
  Node* nodes_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t megabytes_ = 0;
  std::atomic<std::uint64_t> next_free_{1};
  std::atomic<bool> full_{false};
};

}  // namespace tiaoqi::search::mcts
