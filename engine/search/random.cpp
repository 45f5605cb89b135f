#include "engine/search/random.hpp"

#include "engine/game.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/root.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi::search {

SearchResult random_search(const SearchRequest& request) {
  const Position& root = request.root();
  const std::int64_t seed = request.params.seed;
  SearchResult result;
  MoveList moves;
  root_moves(root, request.limits, moves);
  if (moves.empty()) return result;

  const std::uint64_t draw =
      util::mix64(util::mix64(static_cast<std::uint64_t>(seed)) ^ root.hash() ^
                  (static_cast<std::uint64_t>(root.move_count()) << 24));
  result.best = moves[static_cast<int>(draw % static_cast<std::uint64_t>(moves.size()))];
  Position child = root;
  child.play(result.best);
  settle(child);
  result.score = score_after_move(child, root.side_to_move());
  result.nodes = 1;

  report_one_ply(root, request.control, result.nodes, 1, result.best, result.score, request.info);

  if (request.params.want_ponder && !child.is_over()) result.ponder = greedy_reply(child, seed);
  return result;
}

}  // namespace tiaoqi::search
