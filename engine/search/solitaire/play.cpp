#include "engine/search/solitaire/play.hpp"

#include <algorithm>
#include <cstdint>

#include "engine/search/greedy.hpp"
#include "engine/search/solitaire/stop_poll.hpp"

namespace tiaoqi::search::solitaire {

SearchResult play_crossing(const SearchRequest& request) {
  Solver* kept = request.state.kept<Solver>();
  if (!kept) return greedy_search(request);
  Solver& solver = *kept;
  const Position& root = request.root();
  const SearchParams& params = request.params;
  const SearchLimits& limits = request.limits;
  SearchControl& control = request.control;
  const InfoSink& info = request.info;
  const StopPoll should_stop = solver_stop_poll(limits, request.plan, control);

  std::uint64_t nodes_seen = 0;
  int proven = 0;
  auto on_progress = [&](int, std::uint64_t nodes, const Plan& plan) {
    nodes_seen = nodes;
    proven = std::max(proven, plan.lower_bound);
    if (!info || plan.moves.empty()) return;
    SearchInfo line;
    line.root = &root;
    line.depth = proven;
    line.seldepth = static_cast<int>(plan.moves.size());
    line.time_ms = control.elapsed_ms();
    line.nodes = nodes;
    line.score = win_in(static_cast<int>(plan.moves.size()));
    line.pv = plan.moves;
    info(line);
  };
  const Plan plan = solver.solve(root, should_stop, on_progress);
  if (plan.moves.empty()) return greedy_search(request);

  SearchResult result;
  result.best = plan.moves[0];
  if (params.want_ponder && plan.moves.size() > 1) result.ponder = plan.moves[1];
  result.score = win_in(static_cast<int>(plan.moves.size()));
  result.nodes = nodes_seen;
  return result;
}

}  // namespace tiaoqi::search::solitaire
