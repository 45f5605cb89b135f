#include "engine/search/search.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <new>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/search/alphabeta_threads.hpp"
#include "engine/search/dragons/search.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/maxn.hpp"
#include "engine/search/mcts/search.hpp"
#include "engine/search/race.hpp"
#include "engine/search/random.hpp"
#include "engine/search/solitaire/play.hpp"
#include "engine/search/solitaire/solver.hpp"
#include "engine/search/win_shares.hpp"

namespace tiaoqi::search {

// The winners of the search tournaments at equal time per move (README,
// "Which search plays where"; bench/tournaments replays them): Monte Carlo
// tree search at two players (ahead of alpha-beta at 10, 30, 100 and 300 ms a
// move), best-reply search at three and four, max^n at six, where every
// opponent mostly minds its own crossing and paranoid's coalition of five
// is far too gloomy.
SearchAlgorithm auto_algorithm(int player_count) {
  switch (player_count) {
    case 1:
      return SearchAlgorithm::kSolitaire;
    case 2:
      return SearchAlgorithm::kMcts;
    case 3:
    case 4:
      return SearchAlgorithm::kBrs;
    default:
      return SearchAlgorithm::kMaxN;
  }
}

SearchAlgorithm resolve_algorithm(SearchAlgorithm requested, int player_count) {
  if (requested == SearchAlgorithm::kGreedy || requested == SearchAlgorithm::kRandom)
    return requested;
  if (player_count == 1) return SearchAlgorithm::kSolitaire;
  switch (requested) {
    case SearchAlgorithm::kBrs:
    case SearchAlgorithm::kMaxN:
      // Against one opponent both are plain alpha-beta.
      return player_count == 2 ? SearchAlgorithm::kAlphaBeta : requested;
    case SearchAlgorithm::kMcts:
      return requested;
    case SearchAlgorithm::kAuto:
      return auto_algorithm(player_count);
    default:
      return player_count == 2 ? SearchAlgorithm::kAlphaBeta : SearchAlgorithm::kParanoid;
  }
}

SearchResult run_search(const Position& root, const SearchParams& params,
                        const SearchLimits& limits, SearchControl& control, const InfoSink& info,
                        SearchState& state, const std::vector<std::uint64_t>& game_history,
                        const Game* game) {
  const SearchAlgorithm algorithm =
      resolve_algorithm(params.algorithm, root.rules().player_count());
  if (root.rules().dragons() && algorithm != SearchAlgorithm::kGreedy &&
      algorithm != SearchAlgorithm::kRandom)
    return dragons::dragons_search(root, game, params, limits, control, info, state, game_history);
  // Almost no time left: one ply now rather than a search that would have
  // to be cut (the race solver, say, finds its first plan unpolled).
  if (control.emergency() && algorithm != SearchAlgorithm::kRandom) {
    // Every move gets its one look (a few microseconds), even past the
    // deadline: the first move generated may be a poor one.
    SearchControl at_once;
    at_once.start(TimeBudget{}, std::nullopt, false);
    return greedy_search(root, params, limits, at_once, info);
  }
  switch (algorithm) {
    case SearchAlgorithm::kRandom:
      return random_search(root, params, limits, control, info);
    case SearchAlgorithm::kAlphaBeta:
      if (auto raced = state.race().search(root, limits, control, info)) return *raced;
      return alphabeta_search(root, params, limits, control, info, state.table(), game_history);
    case SearchAlgorithm::kParanoid:
    case SearchAlgorithm::kBrs:
      return alphabeta_search(root, params, limits, control, info, state.table(), game_history);
    case SearchAlgorithm::kMaxN:
      return maxn_search(root, params, limits, control, info, state.table(), game_history);
    case SearchAlgorithm::kMcts:
      // auto, like alpha-beta, plays a pure race by the crossing solver;
      // `Search mcts` asked for is MCTS throughout.
      if (params.algorithm == SearchAlgorithm::kAuto)
        if (auto raced = state.race().search(root, limits, control, info)) return *raced;
      if (!state.mcts().ok()) return greedy_search(root, params, limits, control, info);
      return mcts::mcts_search(root, params, limits, control, info, state.mcts(), game_history);
    case SearchAlgorithm::kSolitaire:
      return solitaire::play_crossing(root, params, limits, control, info, state.solitaire());
    default:
      return greedy_search(root, params, limits, control, info);
  }
}

void root_moves(const Position& root, const SearchLimits& limits, MoveList& moves) {
  moves.clear();
  if (root.is_over()) return;
  MoveList legal;
  generate_moves(root, legal);
  for (const Move& move : legal)
    if (limits.search_moves.empty() ||
        std::find(limits.search_moves.begin(), limits.search_moves.end(), move) !=
            limits.search_moves.end())
      moves.add(move);
}

int score_after_move(const Position& child, int mover) {
  if (child.is_over()) {
    if (child.place_of(mover) != 0) return loss_in(1);
    int sharing = 0;
    for (int p = 0; p < child.rules().player_count(); ++p) sharing += child.place_of(p) == 0;
    // A shared first place is a draw.
    return sharing == 1 ? win_in(1) : 0;
  }
  if (child.is_eliminated(mover)) return loss_in(1);
  return evaluate(child, mover);
}

void add_score_values(SearchInfo& line) {
  if (!line.root || line.root->rules().player_count() < 3) return;
  const WinShares shares = shares_of_score(*line.root, line.pv, line.score);
  line.values.assign(shares.begin(), shares.begin() + line.root->rules().player_count());
}

void report_one_ply(const Position& root, const SearchControl& control, std::uint64_t nodes,
                    int multipv, Move move, int score, const InfoSink& info) {
  if (!info) return;
  SearchInfo line;
  line.root = &root;
  line.depth = 1;
  line.seldepth = 1;
  line.time_ms = control.elapsed_ms();
  line.nodes = nodes;
  line.multipv = multipv;
  line.score = score;
  line.pv = {move};
  add_score_values(line);
  info(line);
}

}  // namespace tiaoqi::search
