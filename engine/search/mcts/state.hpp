#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/position_string.hpp"
#include "engine/search/finish.hpp"
#include "engine/search/mcts/history.hpp"
#include "engine/search/mcts/tree.hpp"

namespace tiaoqi::search::mcts {

// What MCTS keeps from one move of a game to the next: the tree, its
// root's position, and the progressive history (and the table of the
// search for the fastest finish, allocated once). Owned by the SearchState.
class State {
 public:
  // ok() is false when the tree's memory cannot be had.
  explicit State(std::size_t megabytes) : tree_(megabytes) {}
  bool ok() const { return tree_.ok(); }
  // A state whose tree takes `megabytes`; null when the memory cannot be
  // had (SearchState::kept).
  static std::unique_ptr<State> make(std::size_t megabytes);

  Tree& tree() { return tree_; }
  History& history() { return history_; }
  FinishSearch& finish() { return finish_; }

  // Makes `root` the tree's root: when the last search's root is among the
  // positions of the game before it (`game_history`), the tree is followed
  // along the moves played since (child positions matched by hash) and the
  // subtree found is kept; otherwise the tree starts afresh. Returns the
  // visits the kept subtree brings.
  std::uint64_t adopt(const Position& root, const std::vector<std::uint64_t>& game_history);
  // The search of `root` is over: remember it for adopt().
  void remember(const Position& root);
  // A new game: nothing is kept.
  void clear();

 private:
  // The node reached from the root by the moves that lead to the
  // positions `path` (after settling), or nullopt.
  std::optional<std::uint32_t> follow(const std::vector<std::uint64_t>& path);

  Tree tree_;
  History history_;
  FinishSearch finish_;
  // The last root, detached from the rules of the game it came from (a
  // new `position` brings new Rules) by a round trip through its string.
  std::optional<GameSetup> last_root_;
};

}  // namespace tiaoqi::search::mcts
