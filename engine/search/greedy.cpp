#include "engine/search/greedy.hpp"

#include <algorithm>
#include <vector>

#include "engine/game.hpp"
#include "engine/search/root.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi::search {
namespace {

struct ScoredMove {
  Move move;
  int score = 0;
  std::uint64_t tie_break = 0;
};

std::uint64_t tie_break_key(const Position& root, std::int64_t seed, Move move) {
  // The move count enters too, so that a position reached again later does
  // not repeat the same choice among equals forever.
  const std::uint64_t key = root.hash() ^ util::mix64(static_cast<std::uint64_t>(seed)) ^
                            (static_cast<std::uint64_t>(root.move_count()) << 20) ^
                            (static_cast<std::uint64_t>(move.from) << 8) ^ move.to;
  return util::mix64(key);
}

bool better(const ScoredMove& a, const ScoredMove& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.tie_break < b.tie_break;
}

ScoredMove score_move(const Position& root, std::int64_t seed, Move move) {
  Position child = root;
  child.play(move);
  settle(child);
  return {move, score_after_move(child, root.side_to_move()), tie_break_key(root, seed, move)};
}

}  // namespace

SearchResult greedy_search(const SearchRequest& request) {
  const Position& root = request.root();
  const SearchParams& params = request.params;
  SearchResult result;
  MoveList moves;
  root_moves(root, request.limits, moves);
  if (moves.empty()) return result;

  std::vector<ScoredMove> scored;
  scored.reserve(static_cast<std::size_t>(moves.size()));
  for (const Move& move : moves) {
    scored.push_back(score_move(root, params.seed, move));
    ++result.nodes;
    if (request.control.should_stop(result.nodes)) break;
  }
  std::stable_sort(scored.begin(), scored.end(), better);
  result.best = scored.front().move;
  result.score = scored.front().score;

  const int lines = std::min<int>(params.multipv, static_cast<int>(scored.size()));
  for (int k = 0; k < lines; ++k)
    report_one_ply(root, request.control, result.nodes, k + 1, scored[k].move, scored[k].score,
                   request.info);

  if (params.want_ponder) {
    Position after = root;
    after.play(result.best);
    settle(after);
    if (!after.is_over()) result.ponder = greedy_reply(after, params.seed);
  }
  return result;
}

Move greedy_reply(const Position& position, std::int64_t seed) {
  MoveList moves;
  root_moves(position, SearchLimits{}, moves);
  if (moves.empty()) return Move{};
  ScoredMove best = score_move(position, seed, moves[0]);
  for (int i = 1; i < moves.size(); ++i) {
    const ScoredMove candidate = score_move(position, seed, moves[i]);
    if (better(candidate, best)) best = candidate;
  }
  return best.move;
}

}  // namespace tiaoqi::search
