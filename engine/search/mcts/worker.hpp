#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/position.hpp"
#include "engine/search/mcts/config.hpp"
#include "engine/search/mcts/history.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/search/mcts/tree.hpp"
#include "engine/search/net/model.hpp"

namespace tiaoqi::search::mcts {

class Worker;

// Plays `move`, a child of `parent`, as the tree has it, and returns who
// moved: below a best-reply node (kReplies) the opponent whose piece it is,
// after whom the root player moves again; elsewhere the side to move.
int play_in_tree(const Node& parent, Move move, int root_player, Position& position);

// What the threads of one search share.
struct Shared {
  Shared(const Position& root, const Config& config, Tree& tree, History& history)
      : root(root), config(config), tree(tree), history(history) {}

  const Position& root;
  const Config& config;
  Tree& tree;
  History& history;
  // Root children the search may choose (`searchmoves`); empty: all.
  std::vector<char> root_allowed;
  // Each iteration plays in a world drawn by this (playout.hpp).
  Worlds worlds;
  // Under `Repetitions`, a move in the tree that repeats a position of the
  // game or of the path ends the iteration in a draw, as the rules would
  // (repetition.hpp): the game's earlier positions, sorted. Without the
  // rule, repetitions end nothing and this stays empty.
  bool repetition_draws = false;
  std::vector<std::uint64_t> earlier_positions;
  // Simulations under way count as lost visits (more than one thread).
  bool virtual_loss = false;
  // Under a node limit, iterations are numbered, and none starts at or
  // past the limit (without one, numbering would only cost the threads a
  // shared counter).
  std::optional<std::uint64_t> ticket_limit;
  // Config::best_reply in a game it applies to (the root's side to move
  // is the searching player).
  bool best_reply = false;
  // Per seat, the moves of most progress searched at its nodes when it
  // is not the searching player (Config::opponent_moves, racer_share;
  // 0 for all).
  std::array<int, kMaxPlayers> opponent_widths{};
  std::atomic<std::uint64_t> tickets{0};
  // The learned model, where the search reads one (Config::prior_weight,
  // net_value) and it covers the game; null otherwise.
  const net::Model* model = nullptr;
  bool use_prior = false;
  bool use_net_value = false;
  std::vector<const Worker*> workers;
  std::atomic<int> seldepth{0};
  std::atomic<bool> done{false};
  // Per root child and seat, the sum of the shares of the win of this
  // search's simulations through it (kRewardUnits, whatever the tree's
  // reward): the chosen move's full value vector for the reports.
  std::unique_ptr<std::atomic<std::uint64_t>[]> root_rewards;

  // The iterations completed by all threads (exact once they have ended).
  std::uint64_t completed() const;
  // The plies their simulations played (exact once they have ended).
  std::uint64_t simulated_plies() const;
  // Whether a position occurred earlier in the game.
  bool occurred_before(std::uint64_t hash) const;
};

// One search thread's simulations.
class Worker {
 public:
  Worker(Shared& shared, std::uint64_t seed);

  // Runs one iteration; false (and nothing done) when the search is over
  // or the iterations are used up.
  bool iterate();
  // Gives a leaf its children, the side to move's legal moves by progress
  // (players without a move are eliminated first, as settle() does):
  // false when another thread is at it, the game is over at the node, or
  // the pool is full.
  bool expand(std::uint32_t index, Position& position);
  std::uint64_t iterations() const { return iterations_.load(std::memory_order_relaxed); }
  // The plies of this thread's simulations, in the tree and out of it.
  std::uint64_t simulated_plies() const { return plies_.load(std::memory_order_relaxed); }

 private:
  std::uint32_t select(std::uint32_t parent_index, int player);
  // Best-reply tree: the node's children are to be the opponents' moves.
  bool replies_at(const Position& position) const;
  // The expanded node's children are moves of the side to move in this
  // iteration's world.
  bool moves_of(const Node& node, const Position& position) const;
  // Under Repetitions: `position` repeats one of the iteration's path or
  // of the game.
  bool repeats(const Position& position) const;
  void back_up(const Outcome& outcome);
  // Gives the children of the expanded node, at `position`, their learned
  // prior where no thread has yet (Config::prior_visits says when).
  void give_priors(Node& node, const Position& position);
  // Scores where the tree ends: the playout, cut off by the evaluation or
  // by the learned value.
  Outcome simulate(Position& position);

  struct Step {
    std::uint32_t node;
    int mover;
    // The node is a best reply: its value is the mover's reward taken from 1
    // (the mover is the root player).
    bool against;
  };
  Shared& shared_;
  util::Random random_;
  std::vector<Step> path_;
  Trace trace_;
  // The model's scratch room, and the prior's moves and probabilities.
  net::Reading reading_;
  std::vector<Move> prior_moves_;
  std::vector<float> prior_values_;
  // The positions of the path, the root's first (under Repetitions only).
  std::vector<std::uint64_t> path_hashes_;
  // Written by this thread only; others read it for reports.
  std::atomic<std::uint64_t> iterations_{0};
  std::atomic<std::uint64_t> plies_{0};
};

}  // namespace tiaoqi::search::mcts
