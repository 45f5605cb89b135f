#pragma once

// Internal to the solitaire solver: the bidirectional beam search that finds
// crossings quickly.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/solitaire/crossing.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search::solitaire {

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

}  // namespace tiaoqi::search::solitaire
