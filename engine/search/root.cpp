#include "engine/search/root.hpp"

#include <algorithm>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/score.hpp"

namespace tiaoqi::search {

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

}  // namespace tiaoqi::search
