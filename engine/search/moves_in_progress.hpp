#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "engine/move.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi::search {

// The moves that the threads of one parallel search are searching right now
// (simplified ABDADA, after T. Kerrigan): a thread that meets a move another
// thread is already searching puts it off to the end of its move list, so
// that the threads spread over different subtrees instead of searching the
// same one side by side. The first move of a node is never put off: its
// score sets the bound the others are searched with.
//
// A lossy table of move keys: a slot holds one key, a collision forgets the
// older one (which then only costs a duplicated search, never a wrong score).
class MovesInProgress {
 public:
  // Nodes this shallow are cheaper to search twice than to coordinate.
  static constexpr int kMinDepth = 3;

  static std::uint64_t key(std::uint64_t position_hash, Move move) {
    const std::uint64_t move_bits = static_cast<std::uint64_t>(move.from) << 8 | move.to;
    return position_hash ^ ((move_bits + 1) * util::kGoldenGamma);
  }

  bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }
  void start(std::uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
  void finish(std::uint64_t key) {
    std::uint64_t expected = key;
    slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSlots = 1 << 15;

  std::atomic<std::uint64_t>& slot(std::uint64_t key) { return slots_[key >> 49]; }
  const std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key >> 49]; }

  std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

// Calls search_move(i) for the moves in order until it returns true (a
// cutoff) or `aborted` is set. With other threads searching (`in_progress`
// set) and at least MovesInProgress::kMinDepth plies to go, a move other
// than the first that another thread is in is put off to the end, and each
// move is marked as in progress while this thread searches it.
template <class SearchMove>
void search_in_turn(MovesInProgress* in_progress, std::uint64_t position_hash,
                    const MoveList& moves, int depth, const bool& aborted,
                    const SearchMove& search_move) {
  if (!in_progress || depth < MovesInProgress::kMinDepth) {
    for (int i = 0; i < moves.size(); ++i)
      if (search_move(i) || aborted) return;
    return;
  }
  // Any moves beyond these are searched in their turn.
  constexpr int kMaxPutOff = 64;
  std::array<std::uint16_t, kMaxPutOff> put_off;
  int put_off_count = 0;
  for (int i = 0; i < moves.size(); ++i) {
    const std::uint64_t key = MovesInProgress::key(position_hash, moves[i]);
    if (i > 0 && put_off_count < kMaxPutOff && in_progress->busy(key)) {
      put_off[put_off_count++] = static_cast<std::uint16_t>(i);
      continue;
    }
    in_progress->start(key);
    const bool cut = search_move(i);
    in_progress->finish(key);
    if (cut || aborted) return;
  }
  for (int k = 0; k < put_off_count; ++k)
    if (search_move(put_off[k]) || aborted) return;
}

}  // namespace tiaoqi::search
