#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "engine/search/tt.hpp"

namespace tiaoqi::search {

namespace solitaire {
class Solver;
}
namespace mcts {
class State;
}
class RaceSolver;

// What the searches keep from one move of a game to the next; its owner
// (the Engine, bench) sizes and clears it. The solitaire's solver and the
// MCTS tree are made when first needed and take the memory of `Hash`
// while they live (the table shrinks meanwhile, and only one of them
// lives at a time), so the engine stays within `Hash`.
class SearchState {
 public:
  explicit SearchState(std::size_t hash_mib);
  ~SearchState();

  // The table, at its full size (a solver in the way is dropped). It is
  // allocated on first use, so that a session that never searches (a GUI's
  // handshake, a fuzzer's input) does not pay for clearing it.
  TranspositionTable& table();
  solitaire::Solver& solitaire();
  mcts::State& mcts();
  RaceSolver& race() { return *race_; }
  // Hash changed; false when the memory cannot be had (nothing changes).
  bool resize(std::size_t hash_mib);
  // A new game: nothing learned is kept.
  void clear();
  std::size_t hash_mib() const { return hash_mib_; }

 private:
  std::size_t hash_mib_;
  std::optional<TranspositionTable> table_;
  std::unique_ptr<solitaire::Solver> solitaire_;
  std::unique_ptr<mcts::State> mcts_;
  std::unique_ptr<RaceSolver> race_;
};

}  // namespace tiaoqi::search
