#include "engine/search/alphabeta_threads.hpp"

#include <algorithm>
#include <memory>
#include <thread>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/search/alphabeta.hpp"
#include "engine/search/brs.hpp"
#include "engine/search/moves_in_progress.hpp"

namespace tiaoqi::search {
namespace {

int evaluate_for(const Position& position, int player) { return evaluate(position, player); }

// The reply after `best` that the table remembers, when the line is one
// move long; it must be legal in the position after `best`.
Move table_reply(const Position& root, Move best, const TranspositionTable& table) {
  Position after = root;
  after.play(best);
  if (after.is_over()) return Move{};
  const TtProbe probe = table.probe(after.hash());
  if (!probe.hit || probe.move.is_none()) return Move{};
  MoveList legal;
  generate_moves(after, legal);
  return legal.contains(probe.move) ? probe.move : Move{};
}

}  // namespace

SearchResult alphabeta_search(const SearchRequest& request) {
  return alphabeta_search(request, false);
}

SearchResult best_reply_search(const SearchRequest& request) {
  return alphabeta_search(request, true);
}

SearchResult alphabeta_search(const SearchRequest& request, bool best_reply) {
  const Position& root = request.root();
  const SearchParams& params = request.params;
  const SearchLimits& limits = request.limits;
  SearchControl& control = request.control;
  const InfoSink& info = request.info;
  TranspositionTable& table = request.state.table();
  AlphaBetaLimits ab_limits;
  if (limits.depth) ab_limits.depth = std::min(*limits.depth, kMaxPly - 1);
  ab_limits.search_moves = limits.search_moves;
  ab_limits.multi_pv = params.multipv;
  ab_limits.game_history = request.game.earlier_hashes();
  ab_limits.best_reply = best_reply && root.rules().player_count() >= 3;
  ab_limits.config = request.plan.config.alphabeta;
  // Once for all threads, before any of them stores.
  table.new_search();

  const int helper_count = std::max(0, params.threads - 1);
  std::vector<std::unique_ptr<AlphaBeta>> helpers;
  std::vector<std::thread> helper_threads;
  SearchControl helper_control;
  helper_control.start(TimeBudget{}, std::nullopt, false);
  AlphaBeta main_search(table, control, evaluate_for);
  for (int i = 0; i < helper_count; ++i)
    helpers.push_back(std::make_unique<AlphaBeta>(table, helper_control, evaluate_for));
  std::unique_ptr<MovesInProgress> in_progress;
  if (helper_count > 0) {
    in_progress = std::make_unique<MovesInProgress>();
    main_search.share_moves_in_progress(in_progress.get());
    for (const auto& helper : helpers) helper->share_moves_in_progress(in_progress.get());
  }
  // Every thread's nodes: the helpers' as last published (exact once they
  // have returned).
  auto total_nodes = [&] {
    std::uint64_t total = main_search.nodes();
    for (const auto& helper : helpers) total += helper->published_nodes();
    return total;
  };
  main_search.set_node_counter(total_nodes);

  for (int i = 0; i < helper_count; ++i) {
    AlphaBetaLimits helper_limits = ab_limits;
    helper_limits.helper = true;
    helper_limits.multi_pv = 1;
    helper_threads.emplace_back([&, i, helper_limits] {
      helpers[i]->run(root, helper_limits, [](const AlphaBetaReport&) {});
    });
  }

  auto report_depth = [&](const AlphaBetaReport& report) {
    if (!info) return;
    const std::uint64_t nodes = total_nodes();
    for (std::size_t k = 0; k < report.lines.size(); ++k) {
      SearchInfo line;
      line.root = &root;
      line.depth = report.depth;
      line.seldepth = report.seldepth;
      line.time_ms = control.elapsed_ms();
      line.nodes = nodes;
      line.multipv = static_cast<int>(k) + 1;
      line.score = report.lines[k].score;
      line.hashfull = table.hashfull();
      line.pv = report.lines[k].moves;
      if (ab_limits.best_reply) keep_turn_order(root, line.pv);
      add_score_values(line);
      info(line);
    }
  };
  const AlphaBetaReport report = main_search.run(root, ab_limits, report_depth);

  helper_control.stop();
  for (std::thread& thread : helper_threads) thread.join();

  SearchResult result;
  result.nodes = total_nodes();
  if (report.lines.empty()) return result;
  const PvLine& line = report.lines[0];
  result.best = line.moves[0];
  result.score = line.score;
  if (params.want_ponder) {
    std::vector<Move> moves = line.moves;
    if (ab_limits.best_reply) keep_turn_order(root, moves);
    result.ponder = moves.size() > 1 ? moves[1] : table_reply(root, result.best, table);
  }
  return result;
}

}  // namespace tiaoqi::search
