#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/tt.hpp"

namespace tiaoqi::search {

inline constexpr int kMaxPly = 128;
// Scores: centipawn-like progress units (100 = one step of progress), and
// forced results as kWin minus the plies to the end.
inline constexpr int kWin = 30000;
inline constexpr int kWinBound = kWin - 2 * kMaxPly;
inline constexpr int kInfinity = 31000;

inline bool is_win_score(int score) { return score >= kWinBound; }
inline bool is_loss_score(int score) { return score <= -kWinBound; }

// Static evaluation from `player`'s point of view.
using Evaluate = int (*)(const Position& position, int player);

// A plain snapshot of what one search may do; the caller fills it from the
// protocol's clock parameters.
struct AlphaBetaLimits {
  int depth = kMaxPly - 1;
  std::uint64_t nodes = 0;  // 0: no node limit
  bool timed = false;
  // Stop starting new iterations after the soft deadline; abort at the hard.
  std::chrono::steady_clock::time_point soft_deadline;
  std::chrono::steady_clock::time_point hard_deadline;
  std::vector<Move> search_moves;  // empty: every legal move
  int multi_pv = 1;
  // Hashes of the game's earlier positions, for repetitions.
  std::vector<std::uint64_t> game_history;
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

// Two-player negamax: iterative deepening, principal variation search with
// aspiration windows, transposition table, killer and history ordering with
// progress-first ordering, and late-move reductions.
class AlphaBeta {
 public:
  AlphaBeta(TranspositionTable& table, const std::atomic<bool>& stop, Evaluate evaluate);

  // Searches until a limit or the stop flag; on_depth is called after every
  // completed iteration. The report is that of the last completed one.
  AlphaBetaReport run(const Position& root, const AlphaBetaLimits& limits,
                      const std::function<void(const AlphaBetaReport&)>& on_depth);

  std::uint64_t nodes() const { return nodes_; }

 private:
  int search(const Position& position, int player, int depth, int alpha, int beta, int ply,
             bool pv_node);
  int root_search(const Position& root, int depth, int alpha, int beta,
                  const std::vector<Move>& excluded, PvLine& line);
  int terminal_score(const Position& position, int player, int ply) const;
  void order_moves(const Position& position, MoveList& moves, Move table_move, int ply,
                   std::array<int, kMaxMoves>& keys) const;
  bool should_abort();
  bool is_repetition(std::uint64_t hash, int ply) const;

  TranspositionTable& table_;
  const std::atomic<bool>& stop_;
  Evaluate evaluate_;
  AlphaBetaLimits limits_;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool aborted_ = false;
  std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
  std::array<std::array<int, kMaxHoles>, kMaxHoles> history_{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
  std::array<std::uint64_t, kMaxPly + 1> path_hashes_{};
  std::vector<Move> root_moves_;
};

}  // namespace tiaoqi::search
