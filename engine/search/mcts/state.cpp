#include "engine/search/mcts/state.hpp"

#include <algorithm>

#include "engine/game.hpp"

namespace tiaoqi::search::mcts {

std::unique_ptr<State> State::make(std::size_t megabytes) {
  auto state = std::make_unique<State>(megabytes);
  if (!state->ok()) return nullptr;
  return state;
}

void State::clear() {
  tree_.clear();
  history_.clear();
  last_root_.reset();
}

void State::remember(const Position& root) {
  auto setup = parse_position_string(position_string(root), root.rules().options());
  if (setup && setup->position.hash() == root.hash())
    last_root_ = std::move(*setup);
  else
    last_root_.reset();
}

std::optional<std::uint32_t> State::follow(const std::vector<std::uint64_t>& path) {
  Position position = last_root_->position;
  std::uint32_t current = 0;
  for (const std::uint64_t target : path) {
    const Node& node = tree_.node(current);
    // A best reply is one opponent's move and then the root player's turn
    // again: no position of the game lies below it.
    if (node.state != kExpanded || (node.flags & kReplies)) return std::nullopt;
    if (node.flags & kSettles) settle(position);
    bool found = false;
    for (std::uint32_t i = 0; i < node.child_count && !found; ++i) {
      // In the dragons variant a node's children may be another player's,
      // made in a world where the player to move here had lost: not moves
      // of this game.
      const Move move = tree_.node(node.first_child + i).move;
      const int army = position.army_at(move.from);
      if (army < 0 || position.rules().player_of(army) != position.side_to_move()) break;
      Position child = position;
      child.play(move);
      settle(child);
      if (child.hash() != target) continue;
      position = child;
      current = node.first_child + i;
      found = true;
    }
    if (!found) return std::nullopt;
  }
  return current;
}

std::uint64_t State::adopt(const Position& root, const std::vector<std::uint64_t>& game_history) {
  std::optional<std::uint32_t> found;
  if (last_root_ && last_root_->position.rules().options() == root.rules().options()) {
    const std::uint64_t last = last_root_->position.hash();
    // The positions from the last root to this one, the last root left out.
    const auto at = std::find(game_history.rbegin(), game_history.rend(), last);
    if (last == root.hash()) {
      found = 0;
    } else if (at != game_history.rend()) {
      std::vector<std::uint64_t> path(at.base(), game_history.end());
      path.push_back(root.hash());
      found = follow(path);
    }
  }
  if (!found) {
    tree_.clear();
    return 0;
  }
  tree_.reroot(*found);
  return tree_.root().visits;
}

}  // namespace tiaoqi::search::mcts
