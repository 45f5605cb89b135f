#include "engine/search/search_state.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <new>

#include "engine/search/mcts/state.hpp"
#include "engine/search/race.hpp"
#include "engine/search/solitaire/solver.hpp"

namespace tiaoqi::search {

namespace {

constexpr std::size_t kSmallSolverMib = 16;

std::size_t physical_memory_mib() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return SIZE_MAX;
  return static_cast<std::size_t>(pages) / (1024 * 1024 / static_cast<std::size_t>(page_size));
}

}  // namespace

SearchState::SearchState(std::size_t hash_mib)
    : hash_mib_(hash_mib), race_(std::make_unique<RaceSolver>()) {}

SearchState::~SearchState() = default;

TranspositionTable& SearchState::table() {
  const bool shrunk = solitaire_ || mcts_;
  solitaire_.reset();
  mcts_.reset();
  if (!table_) {
    // Memory taken since Hash was set may leave less: halve until it fits.
    TranspositionTable table(1);
    for (std::size_t mib = hash_mib_; mib > 1 && !table.resize(mib); mib /= 2) {
    }
    table_.emplace(std::move(table));
  } else if (shrunk) {
    // Growing back to a size it had cannot fail but for memory taken
    // meanwhile; the small table then stays and still works.
    table_->resize(hash_mib_);
  }
  return *table_;
}

solitaire::Solver& SearchState::solitaire() {
  if (!solitaire_) {
    mcts_.reset();
    if (table_) table_->resize(1);
    try {
      solitaire_ = std::make_unique<solitaire::Solver>(hash_mib_);
    } catch (const std::bad_alloc&) {
      // The memory the table gave back is not to be had after all: a small
      // solver still finds crossings.
      solitaire_ = std::make_unique<solitaire::Solver>(kSmallSolverMib);
    }
  }
  return *solitaire_;
}

mcts::State& SearchState::mcts() {
  if (!mcts_) {
    solitaire_.reset();
    if (table_) table_->resize(1);
    // Memory taken since Hash was set may leave less: halve until it fits
    // (a tree that does not fit even then is not ok(); MCTS then plays
    // greedy).
    mcts_ = std::make_unique<mcts::State>(hash_mib_);
    for (std::size_t mib = hash_mib_ / 2; mib >= 1 && !mcts_->ok(); mib /= 2)
      mcts_ = std::make_unique<mcts::State>(mib);
  }
  return *mcts_;
}

bool SearchState::resize(std::size_t hash_mib) {
  // More than the machine's memory is refused at once, even before the
  // table is allocated (that waits for the first search).
  if (hash_mib > physical_memory_mib()) return false;
  if (solitaire_) {
    // The solver takes its size when made: make it anew.
    try {
      solitaire_ = std::make_unique<solitaire::Solver>(hash_mib);
    } catch (const std::bad_alloc&) {
      return false;
    }
  } else if (mcts_) {
    // The tree takes its size when made: make it anew.
    auto state = std::make_unique<mcts::State>(hash_mib);
    if (!state->ok()) return false;
    mcts_ = std::move(state);
  } else if (table_ && !table_->resize(hash_mib)) {
    return false;
  }
  hash_mib_ = hash_mib;
  return true;
}

void SearchState::clear() {
  if (table_) table_->clear();
  race_->clear();
  if (solitaire_) solitaire_->clear();
  if (mcts_) mcts_->clear();
}

}  // namespace tiaoqi::search
