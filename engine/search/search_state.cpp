#include "engine/search/search_state.hpp"

#include <unistd.h>

#include <cstdint>

#include "engine/search/race.hpp"

namespace tiaoqi::search {

namespace {

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
  const bool shrunk = kept_ != nullptr;
  kept_.reset();
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

void SearchState::make_room() {
  kept_.reset();
  if (table_) table_->resize(1);
}

bool SearchState::resize(std::size_t hash_mib) {
  // More than the machine's memory is refused at once, even before the
  // table is allocated (that waits for the first search).
  if (hash_mib > physical_memory_mib()) return false;
  if (kept_) {
    // A kept state takes its size when made: make it anew.
    if (!kept_->remake(hash_mib)) return false;
  } else if (table_ && !table_->resize(hash_mib)) {
    return false;
  }
  hash_mib_ = hash_mib;
  return true;
}

void SearchState::clear() {
  if (table_) table_->clear();
  race_->clear();
  if (kept_) kept_->clear();
}

}  // namespace tiaoqi::search
