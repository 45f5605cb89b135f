#include "engine/search/search.hpp"

#include <algorithm>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/search/alphabeta_search.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/random.hpp"

namespace tiaoqi {

SearchAlgorithm resolve_algorithm(SearchAlgorithm requested, int player_count) {
  switch (requested) {
    case SearchAlgorithm::kGreedy:
    case SearchAlgorithm::kRandom:
      return requested;
    default:
      return player_count == 2 ? SearchAlgorithm::kAlphaBeta : SearchAlgorithm::kGreedy;
  }
}

SearchResult run_search(const Position& root, const SearchParams& params,
                        const SearchLimits& limits, SearchControl& control, const InfoSink& info,
                        SearchState& state, const std::vector<std::uint64_t>& game_history) {
  switch (resolve_algorithm(params.algorithm, root.rules().player_count())) {
    case SearchAlgorithm::kRandom:
      return random_search(root, params, limits, control, info);
    case SearchAlgorithm::kAlphaBeta:
      return alphabeta_search(root, params, limits, control, info, state.table, game_history);
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

std::uint64_t mix64(std::uint64_t value) {
  value += 0x9e3779b97f4a7c15ULL;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

}  // namespace tiaoqi
