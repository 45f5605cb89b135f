#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "engine/search/tt.hpp"

namespace tiaoqi::search {

class RaceSolver;

// What the searches keep from one move of a game to the next; its owner
// (the Engine, bench) sizes and clears it. The depth-first searches share
// the transposition table; a search with memory of another kind (a tree,
// a solver's tables) keeps it here as its own type, made when first
// needed (kept<T>). Such a state takes the memory of `Hash` while it
// lives: the table shrinks meanwhile and only one of them lives at a
// time, so the engine stays within `Hash`.
class SearchState {
 public:
  explicit SearchState(std::size_t hash_mib);
  ~SearchState();
  SearchState(const SearchState&) = delete;
  SearchState& operator=(const SearchState&) = delete;

  // The table, at its full size (a kept state in the way is dropped). It is
  // allocated on first use, so that a session that never searches (a GUI's
  // handshake, a fuzzer's input) does not pay for clearing it.
  TranspositionTable& table();

  // A search's own state of type T, made on first use by
  // T::make(megabytes) (null when that much memory cannot be had: it is
  // tried again at half the size, down to 1 MiB). Null when even that
  // fails; the search then plays without it. T has clear(), for a new
  // game. Asking for another type drops this one.
  template <class T>
  T* kept();

  // The race solver lives beside everything else (it is small).
  RaceSolver& race() { return *race_; }
  // Hash changed; false when the memory cannot be had (nothing changes).
  bool resize(std::size_t hash_mib);
  // A new game: nothing learned is kept.
  void clear();
  std::size_t hash_mib() const { return hash_mib_; }

 private:
  // A kept state of any type, with what the owner does with it.
  struct Kept {
    virtual ~Kept() = default;
    virtual void clear() = 0;
    // The same type made anew at another size; false when it cannot be.
    virtual bool remake(std::size_t megabytes) = 0;
    const void* type = nullptr;
  };
  template <class T>
  struct KeptOf final : Kept {
    std::unique_ptr<T> value;
    void clear() override { value->clear(); }
    bool remake(std::size_t megabytes) override {
      auto made = T::make(megabytes);
      if (!made) return false;
      value = std::move(made);
      return true;
    }
  };
  // One address per type: which kind of state is kept.
  template <class T>
  static const void* type_tag() {
    static const char tag = 0;
    return &tag;
  }
  // Drops a kept state, if any, and shrinks the table, before another
  // state takes Hash's memory.
  void make_room();

  std::size_t hash_mib_;
  std::optional<TranspositionTable> table_;
  std::unique_ptr<Kept> kept_;
  std::unique_ptr<RaceSolver> race_;
};

template <class T>
T* SearchState::kept() {
  if (kept_ && kept_->type == type_tag<T>())
    return static_cast<KeptOf<T>*>(kept_.get())->value.get();
  make_room();
  // Memory taken since Hash was set may leave less: halve until it fits.
  for (std::size_t mib = hash_mib_; mib >= 1; mib /= 2) {
    if (auto made = T::make(mib)) {
      auto kept = std::make_unique<KeptOf<T>>();
      kept->type = type_tag<T>();
      kept->value = std::move(made);
      T* value = kept->value.get();
      kept_ = std::move(kept);
      return value;
    }
  }
  return nullptr;
}

}  // namespace tiaoqi::search
