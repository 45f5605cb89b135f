#include "engine/search/maxn.hpp"

#include <algorithm>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/root.hpp"
#include "engine/search/win_shares.hpp"

namespace tiaoqi::search {
namespace {

// Max^n's entries in the shared table (moves only) are kept apart from
// the alpha-beta's.
constexpr std::uint64_t kMaxNSalt = 0x1f83d9abfb41bd6b;

ShareUnits to_units(const WinShares& shares, int players) {
  ShareUnits units{};
  int given = 0;
  int largest = 0;
  for (int p = 0; p < players; ++p) {
    units[p] = static_cast<int>(shares[p] * kShareUnits);
    given += units[p];
    if (shares[p] > shares[largest]) largest = p;
  }
  // Rounding down leaves a few units over: the leader takes them.
  units[largest] += kShareUnits - given;
  return units;
}

WinShares to_shares(const ShareUnits& units) {
  WinShares shares{};
  for (int p = 0; p < kMaxPlayers; ++p) shares[p] = static_cast<double>(units[p]) / kShareUnits;
  return shares;
}

// The score for the root player: a forced result when the line ends the
// game, otherwise its share against the best other's.
int root_score(const Position& root, const MaxNReport& report) {
  Position end = root;
  for (const Move& move : report.pv) {
    end.play(move);
    settle(end);
  }
  const int player = root.side_to_move();
  const int plies = static_cast<int>(report.pv.size());
  if (end.is_over()) {
    if (report.values[player] == kShareUnits) return win_in(plies);
    if (report.values[player] == 0) return loss_in(plies);
  }
  return score_of_shares(root, to_shares(report.values), player);
}

}  // namespace

MaxN::MaxN(TranspositionTable& table, SearchControl& control) : table_(table), control_(control) {}

std::uint64_t MaxN::table_key(const Position& position) const {
  return position.hash() ^ kMaxNSalt;
}

bool MaxN::should_abort() {
  if (control_.stopped()) return true;
  // Depth 1 always finishes, so that even a tiny budget yields a searched
  // move.
  if (completed_depth_ == 0) return false;
  return limits_reached(control_, nodes_, nodes_ % kPollInterval == 0);
}

ShareUnits MaxN::search(const Position& position, int depth, int ply, int above, int above_best) {
  pv_.clear(ply);
  const int players = position.rules().player_count();
  if (position.is_over()) return to_units(final_shares(position), players);
  ++nodes_;
  if (should_abort()) aborted_ = true;
  if (aborted_) return {};
  seldepth_ = std::max(seldepth_, ply);
  // Repetition ends nothing in this game; the cycle is cut at the static value.
  if (ply >= kMaxPly - 1 || depth <= 0 || repetitions_.repeats(position.hash(), ply))
    return to_units(static_shares(position), players);

  MoveList moves;
  generate_moves(position, moves);
  if (moves.empty()) {
    // The player is eliminated and the others play on: the node's value is
    // its only child's, under the same bound.
    Position child = position;
    child.eliminate_side_to_move();
    repetitions_.set(ply + 1, child.hash());
    const ShareUnits values = search(child, depth, ply + 1, above, above_best);
    pv_.clear(ply);
    return values;
  }
  const std::uint64_t key = table_key(position);
  const TtProbe entry = table_.probe(key);
  MoveKeys keys;
  ordering_.order(position, moves, entry.hit ? entry.move : Move{}, ply, keys);

  const int player = position.side_to_move();
  ShareUnits best{};
  int best_index = -1;
  for (int i = 0; i < moves.size(); ++i) {
    Position child = position;
    child.play(moves[i]);
    repetitions_.set(ply + 1, child.hash());
    const int best_share = best_index < 0 ? -1 : best[player];
    const ShareUnits values = search(child, depth - 1, ply + 1, player, best_share);
    if (aborted_) return {};
    if (best_index >= 0 && values[player] <= best[player]) continue;
    best = values;
    best_index = i;
    pv_.update(ply, moves[i]);
    // Shallow pruning: the player above cannot get more than S - best here.
    if (best[player] == kShareUnits ||
        (above >= 0 && above != player && best[player] >= kShareUnits - above_best))
      break;
  }
  ordering_.reward(moves, best_index, ply, depth);
  table_.store(key, moves[best_index], 0, depth, Bound::kExact);
  return best;
}

ShareUnits MaxN::root_search(const Position& root, int depth, const std::vector<Move>& moves) {
  const int player = root.side_to_move();
  pv_.clear(0);
  repetitions_.set(0, root.hash());
  ShareUnits best{};
  bool found = false;
  std::vector<Move> best_line;
  for (const Move& move : moves) {
    Position child = root;
    child.play(move);
    repetitions_.set(1, child.hash());
    const ShareUnits values = search(child, depth - 1, 1, player, found ? best[player] : -1);
    if (aborted_) return {};
    if (found && values[player] <= best[player]) continue;
    found = true;
    best = values;
    pv_.update(0, move);
  }
  table_.store(table_key(root), pv_.line(0)[0], 0, depth, Bound::kExact);
  return best;
}

MaxNReport MaxN::run(const Position& root, int max_depth, const std::vector<Move>& root_moves,
                     const std::vector<std::uint64_t>& game_history,
                     const std::function<void(const MaxNReport&)>& on_depth) {
  nodes_ = 0;
  seldepth_ = 0;
  completed_depth_ = 0;
  aborted_ = false;
  ordering_.clear();
  repetitions_.start(game_history, 1);

  MaxNReport best;
  std::vector<Move> moves = root_moves;
  if (moves.empty()) return best;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const ShareUnits values = root_search(root, depth, moves);
    if (aborted_) break;
    MaxNReport report;
    report.depth = depth;
    report.seldepth = seldepth_;
    report.nodes = nodes_;
    report.values = values;
    report.pv.assign(pv_.line(0), pv_.line(0) + pv_.length(0));
    best = report;
    completed_depth_ = depth;
    on_depth(report);
    // The best move of this iteration goes first in the next.
    std::rotate(moves.begin(), std::find(moves.begin(), moves.end(), report.pv[0]),
                std::find(moves.begin(), moves.end(), report.pv[0]) + 1);
    if (!deepen_further(control_, depth, root_score(root, report), true)) break;
  }
  if (best.pv.empty()) {
    // Not even depth 1 finished: play the most progressive move.
    MoveList ordered;
    for (const Move& move : moves) ordered.add(move);
    MoveKeys keys;
    ordering_.order(root, ordered, Move{}, 0, keys);
    best.pv = {ordered[0]};
    best.values = to_units(static_shares(root), root.rules().player_count());
  }
  best.nodes = nodes_;
  return best;
}

SearchResult maxn_search(const SearchRequest& request) {
  const Position& root = request.root;
  const SearchParams& params = request.params;
  const SearchLimits& limits = request.limits;
  SearchControl& control = request.control;
  const InfoSink& info = request.info;
  TranspositionTable& table = request.state.table();
  MoveList legal;
  root_moves(root, limits, legal);
  const std::vector<Move> moves(legal.begin(), legal.end());
  table.new_search();
  MaxN maxn(table, control);
  const int players = root.rules().player_count();
  auto report_depth = [&](const MaxNReport& report) {
    if (!info) return;
    SearchInfo line;
    line.root = &root;
    line.depth = report.depth;
    line.seldepth = report.seldepth;
    line.time_ms = control.elapsed_ms();
    line.nodes = report.nodes;
    line.score = root_score(root, report);
    line.hashfull = table.hashfull();
    const WinShares shares = to_shares(report.values);
    line.values.assign(shares.begin(), shares.begin() + players);
    line.pv = report.pv;
    info(line);
  };
  const int max_depth = limits.depth ? std::min(*limits.depth, kMaxPly - 1) : kMaxPly - 1;
  const MaxNReport report = maxn.run(root, max_depth, moves, request.game_history, report_depth);

  SearchResult result;
  result.nodes = maxn.nodes();
  if (report.pv.empty()) return result;
  result.best = report.pv[0];
  result.score = root_score(root, report);
  if (params.want_ponder && report.pv.size() > 1) result.ponder = report.pv[1];
  return result;
}

}  // namespace tiaoqi::search
