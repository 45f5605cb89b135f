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
int root_score(const Position& root, const MaxNLine& line) {
  Position end = root;
  for (const Move& move : line.pv) {
    end.play(move);
    settle(end);
  }
  const int player = root.side_to_move();
  const int plies = static_cast<int>(line.pv.size());
  if (end.is_over()) {
    if (line.values[player] == kShareUnits) return win_in(plies);
    if (line.values[player] == 0) return loss_in(plies);
  }
  return score_of_shares(root, to_shares(line.values), player);
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
  // A repetition is a draw where the rules say so; otherwise the cycle is
  // cut at the static value (repetition.hpp).
  if (repetitions_.repeats(position.hash(), ply)) {
    if (!repetitions_.draws()) return to_units(static_shares(position), players);
    Position drawn = position;
    drawn.end_in_draw();
    return to_units(final_shares(drawn), players);
  }
  if (ply >= kMaxPly - 1 || depth <= 0) return to_units(static_shares(position), players);

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

std::vector<MaxNLine> MaxN::root_search(const Position& root, int depth,
                                        const std::vector<Move>& moves, int line_count) {
  const int player = root.side_to_move();
  repetitions_.set(0, root.hash());
  std::vector<MaxNLine> lines;
  for (const Move& move : moves) {
    pv_.clear(0);
    Position child = root;
    child.play(move);
    repetitions_.set(1, child.hash());
    // A move must beat the line_count-th best share so far to be kept.
    const bool full = static_cast<int>(lines.size()) >= line_count;
    const int bound = full ? lines.back().values[player] : -1;
    const ShareUnits values = search(child, depth - 1, 1, player, bound);
    if (aborted_) return {};
    if (full && values[player] <= bound) continue;
    pv_.update(0, move);
    MaxNLine line{values, std::vector<Move>(pv_.line(0), pv_.line(0) + pv_.length(0))};
    // Sorted best first; an equal share goes after those already kept.
    auto at = std::find_if(lines.begin(), lines.end(), [&](const MaxNLine& kept) {
      return kept.values[player] < values[player];
    });
    lines.insert(at, std::move(line));
    if (static_cast<int>(lines.size()) > line_count) lines.pop_back();
  }
  table_.store(table_key(root), lines.front().pv[0], 0, depth, Bound::kExact);
  return lines;
}

MaxNReport MaxN::run(const Position& root, int max_depth, int line_count,
                     const std::vector<Move>& root_moves,
                     const std::vector<std::uint64_t>& game_history,
                     const std::function<void(const MaxNReport&)>& on_depth) {
  nodes_ = 0;
  seldepth_ = 0;
  completed_depth_ = 0;
  aborted_ = false;
  ordering_.clear();
  repetitions_.start(game_history, 1, root.rules().options().repetitions > 0);

  MaxNReport best;
  std::vector<Move> moves = root_moves;
  if (moves.empty()) return best;
  for (int depth = 1; depth <= max_depth; ++depth) {
    std::vector<MaxNLine> lines = root_search(root, depth, moves, line_count);
    if (aborted_) break;
    MaxNReport report;
    report.depth = depth;
    report.seldepth = seldepth_;
    report.nodes = nodes_;
    report.lines = std::move(lines);
    best = report;
    completed_depth_ = depth;
    on_depth(report);
    // This iteration's best moves go first in the next, in their order.
    for (std::size_t k = report.lines.size(); k-- > 0;) {
      const auto at = std::find(moves.begin(), moves.end(), report.lines[k].pv[0]);
      std::rotate(moves.begin(), at, at + 1);
    }
    if (!deepen_further(control_, depth, root_score(root, report.lines.front()), true)) break;
  }
  if (best.lines.empty()) {
    // Not even depth 1 finished: play the most progressive move.
    MoveList ordered;
    for (const Move& move : moves) ordered.add(move);
    MoveKeys keys;
    ordering_.order(root, ordered, Move{}, 0, keys);
    best.lines = {
        MaxNLine{to_units(static_shares(root), root.rules().player_count()), {ordered[0]}}};
  }
  best.nodes = nodes_;
  return best;
}

SearchResult maxn_search(const SearchRequest& request) {
  const Position& root = request.root();
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
    for (std::size_t k = 0; k < report.lines.size(); ++k) {
      const MaxNLine& reported = report.lines[k];
      SearchInfo line;
      line.root = &root;
      line.depth = report.depth;
      line.seldepth = report.seldepth;
      line.time_ms = control.elapsed_ms();
      line.nodes = report.nodes;
      line.multipv = static_cast<int>(k) + 1;
      line.score = root_score(root, reported);
      line.hashfull = table.hashfull();
      const WinShares shares = to_shares(reported.values);
      line.values.assign(shares.begin(), shares.begin() + players);
      line.pv = reported.pv;
      info(line);
    }
  };
  const int max_depth = limits.depth ? std::min(*limits.depth, kMaxPly - 1) : kMaxPly - 1;
  const MaxNReport report = maxn.run(root, max_depth, std::max(params.multipv, 1), moves,
                                     request.game.earlier_hashes(), report_depth);

  SearchResult result;
  result.nodes = maxn.nodes();
  if (report.lines.empty()) return result;
  const MaxNLine& best = report.lines.front();
  result.best = best.pv[0];
  result.score = root_score(root, best);
  if (params.want_ponder && best.pv.size() > 1) result.ponder = best.pv[1];
  return result;
}

}  // namespace tiaoqi::search
