#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/pv.hpp"
#include "engine/search/repetition.hpp"
#include "engine/search/request.hpp"
#include "engine/search/tt.hpp"

namespace tiaoqi::search {

// A max^n value: each seat's share of the win in units that sum to exactly
// kShareUnits, so that shallow pruning's test is exact.
using ShareUnits = std::array<int, kMaxPlayers>;
inline constexpr int kShareUnits = 1 << 20;

// One root move's value and principal line.
struct MaxNLine {
  ShareUnits values{};
  std::vector<Move> pv;
};

struct MaxNReport {
  int depth = 0;
  int seldepth = 0;
  std::uint64_t nodes = 0;
  // The best root moves for the root player, best first: MultiPV of them.
  std::vector<MaxNLine> lines;
};

// Max^n (Luckhardt and Irani) for three or more players: every player
// picks the move that maximises its own share of the win, the leaves are
// the evaluation's shares (static_shares). Shallow pruning (Sturtevant and
// Korf) is sound because the shares are non-negative and sum to a
// constant: once a node's mover is sure of S - b, the player above it,
// whose best so far is b, cannot gain from it. Iterative deepening with
// the depth-first searches' move ordering (table move, killers, history);
// the table only orders moves, since its 16-bit score cannot hold a vector
// of up to six shares. One thread. With MultiPV k, the root keeps its k
// best moves, each with its exact value: a root move is pruned below only
// against the k-th best share so far.
class MaxN {
 public:
  MaxN(TranspositionTable& table, SearchControl& control);

  MaxNReport run(const Position& root, int max_depth, int line_count,
                 const std::vector<Move>& root_moves,
                 const std::vector<std::uint64_t>& game_history,
                 const std::function<void(const MaxNReport&)>& on_depth);
  std::uint64_t nodes() const { return nodes_; }

 private:
  // The value of `position`, searched `depth` plies. `above` is the player
  // who moved into it and `above_best` that player's best share so far at
  // its node (-1 where nothing can be pruned).
  ShareUnits search(const Position& position, int depth, int ply, int above, int above_best);
  // The `line_count` best root moves, best first.
  std::vector<MaxNLine> root_search(const Position& root, int depth, const std::vector<Move>& moves,
                                    int line_count);
  std::uint64_t table_key(const Position& position) const;
  bool should_abort();

  TranspositionTable& table_;
  SearchControl& control_;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int completed_depth_ = 0;
  bool aborted_ = false;
  MoveOrdering ordering_;
  PvTable pv_;
  RepetitionGuard repetitions_;
};

SearchResult maxn_search(const SearchRequest& request);

}  // namespace tiaoqi::search
