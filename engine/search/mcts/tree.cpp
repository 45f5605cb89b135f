#include "engine/search/mcts/tree.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>

namespace tiaoqi::search::mcts {

Tree::Tree(std::size_t megabytes) {
  megabytes = std::max<std::size_t>(megabytes, 1);
  // Hash holds the nodes and their priors.
  const std::size_t count = std::min<std::size_t>(
      megabytes * 1024 * 1024 / (sizeof(Node) + sizeof(std::uint16_t)), kNoNode - 1);
  void* memory = std::calloc(count, sizeof(Node));
  void* priors = std::calloc(count, sizeof(std::uint16_t));
  if (!memory || !priors) {
    std::free(memory);
    std::free(priors);
    return;
  }
  memory_.reset(static_cast<Node*>(memory));
  priors_.reset(static_cast<std::uint16_t*>(priors));
  nodes_ = memory_.get();
  capacity_ = count;
  megabytes_ = megabytes;
}

std::uint32_t Tree::allocate(int count) {
  if (full()) return kNoNode;
  const std::uint64_t start = next_free_.fetch_add(static_cast<std::uint64_t>(count));
  if (start + static_cast<std::uint64_t>(count) > capacity_) {
    full_.store(true, std::memory_order_relaxed);
    return kNoNode;
  }
  return static_cast<std::uint32_t>(start);
}

void Tree::clear() {
  nodes_[0] = Node{};
  next_free_.store(1);
  full_.store(false);
}

void Tree::reroot(std::uint32_t index) {
  if (index != 0) pack(index, 0);
}

void Tree::push_expanded_children(const Node& node, std::vector<std::uint32_t>& pending) const {
  // Most children are leaves: reading them in their block and pushing
  // only the expanded ones spares a stack the size of the tree.
  if (node.state != kExpanded) return;
  for (std::uint32_t i = 0; i < node.child_count; ++i)
    if (nodes_[node.first_child + i].state == kExpanded) pending.push_back(node.first_child + i);
}

std::uint32_t Tree::prune_threshold(std::size_t target) const {
  // Children kept, by the visits of their parent, over the expanded nodes
  // below the root.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> parents;
  std::size_t kept = 1 + (nodes_[0].state == kExpanded ? nodes_[0].child_count : 0);
  std::vector<std::uint32_t> pending;
  push_expanded_children(nodes_[0], pending);
  while (!pending.empty()) {
    const Node& node = nodes_[pending.back()];
    pending.pop_back();
    parents.emplace_back(node.visits, node.child_count);
    push_expanded_children(node, pending);
  }
  std::sort(parents.begin(), parents.end(), std::greater<>());
  // Whole groups of equal visits: a threshold keeps all of them or none.
  for (std::size_t i = 0; i < parents.size();) {
    const std::uint32_t visits = parents[i].first;
    std::size_t group = 0;
    for (; i < parents.size() && parents[i].first == visits; ++i) group += parents[i].second;
    if (kept + group > target) return visits + 1;
    kept += group;
  }
  return 0;
}

void Tree::prune(std::uint32_t min_visits) { pack(0, min_visits); }

void Tree::pack(std::uint32_t index, std::uint32_t min_visits) {
  // The blocks of children kept below the new root, by where they start.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks;
  std::vector<std::uint32_t> pending = {index};
  while (!pending.empty()) {
    Node& node = nodes_[pending.back()];
    const bool root = pending.back() == index;
    pending.pop_back();
    if (node.state != kExpanded) continue;
    if (!root && node.visits < min_visits) {
      // A fresh leaf: its next expansion makes (and flags) its children
      // again.
      node.state = kLeaf;
      node.flags = 0;
      node.first_child = 0;
      node.child_count = 0;
      continue;
    }
    blocks.emplace_back(node.first_child, node.child_count);
    push_expanded_children(node, pending);
  }
  std::sort(blocks.begin(), blocks.end());
  // Packed in the same order, every block moves down or stays: sliding
  // them one after another never overwrites a block still to move.
  std::vector<std::uint32_t> new_starts(blocks.size());
  std::uint64_t next = 1;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    new_starts[i] = static_cast<std::uint32_t>(next);
    next += blocks[i].second;
  }
  auto relocate = [&](Node& node) {
    if (node.state != kExpanded) return;
    const auto found = std::lower_bound(blocks.begin(), blocks.end(),
                                        std::make_pair(node.first_child, std::uint32_t{0}));
    node.first_child = new_starts[static_cast<std::size_t>(found - blocks.begin())];
  };
  Node root = nodes_[index];
  relocate(root);
  for (const auto& [start, count] : blocks)
    for (std::uint32_t i = 0; i < count; ++i) relocate(nodes_[start + i]);
  std::uint16_t* priors = priors_.get();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    std::memmove(static_cast<void*>(nodes_ + new_starts[i]),
                 static_cast<const void*>(nodes_ + blocks[i].first),
                 blocks[i].second * sizeof(Node));
    std::memmove(priors + new_starts[i], priors + blocks[i].first,
                 blocks[i].second * sizeof(std::uint16_t));
  }
  root.move = Move{};
  nodes_[0] = root;
  next_free_.store(next);
  full_.store(false);
}

}  // namespace tiaoqi::search::mcts
