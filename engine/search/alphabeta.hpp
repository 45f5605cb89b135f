#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/depth_first.hpp"
#include "engine/search/info.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/pv.hpp"
#include "engine/search/repetition.hpp"
#include "engine/search/result.hpp"
#include "engine/search/tt.hpp"

namespace tiaoqi::search {

class MovesInProgress;

// Static evaluation from `player`'s point of view.
using Evaluate = int (*)(const Position& position, int player);

// What one search may do, as plain values; time, nodes and stop come from
// the SearchControl.
struct AlphaBetaLimits {
  int depth = kMaxPly - 1;
  std::vector<Move> search_moves;  // empty: every legal move
  int multi_pv = 1;
  // Hashes of the game's earlier positions, for repetitions.
  std::vector<std::uint64_t> game_history;
  // A helper thread of a parallel search never stops on time by itself
  // (the main thread stops it).
  bool helper = false;
  // Best-reply search instead of paranoid (three or more players, brs.hpp).
  bool best_reply = false;
  // The window, the null move and the reductions (depth_first.hpp).
  AlphaBetaConfig config;
};

struct PvLine {
  int score = 0;
  std::vector<Move> moves;
};

struct AlphaBetaReport {
  int depth = 0;
  int seldepth = 0;
  std::uint64_t nodes = 0;
  std::vector<PvLine> lines;  // best first; lines[0].moves[0] is the move
};

// Negamax alpha-beta: iterative deepening, principal variation search with
// aspiration windows, transposition table, killer and history ordering with
// progress-first ordering, late-move reductions and (two players) null-move
// pruning. With more than two players it is paranoid: the root player
// against a coalition of all the others, each node scored from its side to
// move's view (the root's side or the coalition's); or best-reply, where a
// coalition node is the single strongest move of any one opponent.
class AlphaBeta {
 public:
  AlphaBeta(TranspositionTable& table, SearchControl& control, Evaluate evaluate);

  // Searches until a limit or a stop; on_depth is called after every
  // completed iteration. The report is that of the last completed one.
  // The caller starts the table's new search (once for all threads).
  // Depth 1 always completes unless the search is stopped from outside.
  AlphaBetaReport run(const Position& root, const AlphaBetaLimits& limits,
                      const std::function<void(const AlphaBetaReport&)>& on_depth);

  std::uint64_t nodes() const { return nodes_; }
  // Nodes so far, readable from other threads while the search runs
  // (updated every poll and exact once run() has returned).
  std::uint64_t published_nodes() const { return published_nodes_.load(std::memory_order_relaxed); }
  // The moves the threads of a parallel search are in, shared by them all;
  // null (the default) for a search on one thread.
  void share_moves_in_progress(MovesInProgress* in_progress) { in_progress_ = in_progress; }
  // Counts the nodes of other threads too when checking the node limit.
  void set_node_counter(std::function<std::uint64_t()> total_nodes) {
    total_nodes_ = std::move(total_nodes);
  }

 private:
  int search(const Position& position, int player, int depth, int alpha, int beta, int ply,
             bool pv_node, bool null_allowed);
  int root_search(const Position& root, int depth, int alpha, int beta,
                  const std::vector<Move>& excluded, PvLine& line);
  int terminal_score(const Position& position, int player, int ply) const;
  // A child's score from `player`'s view, searched with the window
  // (alpha, beta) of that view.
  int child_score(const Position& child, int player, int depth, int alpha, int beta, int ply,
                  bool pv_node);
  bool on_root_side(int player) const { return player == root_player_; }
  // The static evaluation from `player`'s view: the root player's view,
  // negated for its opponents.
  int static_score(const Position& position, int player) const {
    const int root_view = evaluate_(position, root_player_);
    return on_root_side(player) ? root_view : -root_view;
  }
  std::uint64_t table_key(const Position& position) const { return position.hash() ^ root_salt_; }
  // The moves of a node and the position after one of them: the side to
  // move's, or at a best-reply coalition node every opponent's.
  bool best_reply_node(int player) const { return limits_.best_reply && !on_root_side(player); }
  void node_moves(const Position& position, int player, MoveList& moves) const;
  Position play_in_tree(const Position& position, int player, Move move) const;
  bool should_abort();

  TranspositionTable& table_;
  SearchControl& control_;
  Evaluate evaluate_;
  AlphaBetaLimits limits_;
  int root_player_ = 0;
  int player_count_ = 2;
  std::uint64_t root_salt_ = 0;
  std::function<std::uint64_t()> total_nodes_;
  MovesInProgress* in_progress_ = nullptr;
  std::uint64_t nodes_ = 0;
  std::uint64_t other_nodes_ = 0;
  std::atomic<std::uint64_t> published_nodes_{0};
  int seldepth_ = 0;
  int completed_depth_ = 0;
  bool aborted_ = false;
  MoveOrdering ordering_;
  PvTable pv_;
  RepetitionGuard repetitions_;
  std::vector<Move> root_moves_;
};

}  // namespace tiaoqi::search
