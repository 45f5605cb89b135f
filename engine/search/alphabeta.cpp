#include "engine/search/alphabeta.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/movegen.hpp"
#include "engine/search/brs.hpp"
#include "engine/search/moves_in_progress.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi::search {
namespace {

// Null-move pruning (AlphaBetaConfig::null_move): from this depth, reduced
// by this much (plus a ply per six of depth), and only while the side to
// move has at least this many pieces outside its targets.
constexpr int kNullMoveMinDepth = 3;
constexpr int kNullMoveReduction = 2;
constexpr int kNullMoveMinOutside = 3;

// Best-reply trees hold positions that paranoid ones do not: their entries
// are kept apart in the shared table.
constexpr std::uint64_t kBestReplySalt = 0x6c62272e07bb0142;

}  // namespace

AlphaBeta::AlphaBeta(TranspositionTable& table, SearchControl& control, Evaluate evaluate)
    : table_(table), control_(control), evaluate_(evaluate) {}

bool AlphaBeta::should_abort() {
  if (control_.stopped()) return true;
  const bool poll = nodes_ % kPollInterval == 0;
  if (poll) published_nodes_.store(nodes_, std::memory_order_relaxed);
  // Helpers end when the main thread stops them; depth 1 always finishes,
  // so that even a tiny budget yields a searched move.
  if (limits_.helper || completed_depth_ == 0) return false;
  // The node limit is exact for one thread; other threads' nodes are
  // counted as of the last poll.
  if (poll) other_nodes_ = total_nodes_ ? total_nodes_() - nodes_ : 0;
  return limits_reached(control_, nodes_ + other_nodes_, poll);
}

int AlphaBeta::terminal_score(const Position& position, int player, int ply) const {
  // From the root player's view: first alone wins, first shared draws, and
  // anything else is a loss (in a game of more, any other winner is one).
  int root_score = loss_in(ply);
  if (position.place_of(root_player_) == 0) {
    int sharing = 0;
    for (int p = 0; p < position.rules().player_count(); ++p) sharing += position.place_of(p) == 0;
    root_score = sharing == 1 ? win_in(ply) : 0;
  }
  return on_root_side(player) ? root_score : -root_score;
}

void AlphaBeta::node_moves(const Position& position, int player, MoveList& moves) const {
  if (best_reply_node(player))
    generate_best_replies(position, root_player_, moves);
  else
    generate_moves(position, moves);
}

Position AlphaBeta::play_in_tree(const Position& position, int player, Move move) const {
  Position child = position;
  if (best_reply_node(player))
    play_best_reply(child, move, root_player_);
  else
    child.play(move);
  return child;
}

int AlphaBeta::search(const Position& position, int player, int depth, int alpha, int beta, int ply,
                      bool pv_node, bool null_allowed) {
  pv_.clear(ply);
  if (position.is_over()) return terminal_score(position, player, ply);
  ++nodes_;
  if (should_abort()) aborted_ = true;
  if (aborted_) return 0;
  seldepth_ = std::max(seldepth_, ply);
  // A repetition is a draw where the rules say so; otherwise the cycle is
  // cut at the static value (repetition.hpp).
  if (repetitions_.repeats(position.hash(), ply))
    return repetitions_.draws() ? 0 : static_score(position, player);
  if (ply >= kMaxPly - 1 || depth <= 0) return static_score(position, player);

  // A faster win or a slower loss than already found cannot matter.
  alpha = std::max(alpha, loss_in(ply));
  beta = std::min(beta, win_in(ply + 1));
  if (alpha >= beta) return alpha;

  const std::uint64_t key = table_key(position);
  const TtProbe entry = table_.probe(key);
  if (entry.hit && !pv_node && entry.depth >= depth) {
    const int score = from_table(entry.score, ply);
    if (entry.bound == Bound::kExact || (entry.bound == Bound::kLower && score >= beta) ||
        (entry.bound == Bound::kUpper && score <= alpha))
      return score;
  }

  // Null move: when even passing fails high, some real move will too.
  // Passing is no legal move, and once a side has little left to do outside
  // its target being forced to move can hurt it, so the pass is only tried
  // while the side to move still has several pieces to bring in.
  if (limits_.config.null_move && player_count_ == 2 && !pv_node && null_allowed &&
      depth >= kNullMoveMinDepth && !is_win(beta) && !is_loss(beta) &&
      (position.pieces_of(player) & ~position.rules().targets_of(player)).count() >=
          kNullMoveMinOutside &&
      static_score(position, player) >= beta) {
    Position passed = position;
    passed.set_side_to_move(1 - player);
    repetitions_.set(ply + 1, passed.hash());
    const int reduction = kNullMoveReduction + depth / 6;
    const int score =
        -search(passed, 1 - player, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, false);
    if (aborted_) return 0;
    if (score >= beta) return is_win(score) ? beta : score;
  }

  MoveList moves;
  node_moves(position, player, moves);
  if (moves.empty()) {
    // With two players, no legal move loses the game; with more, the player
    // is eliminated and the others play on. In a best-reply tree that is
    // the end for the root player, while opponents without a reply pass.
    if (player_count_ == 2 || (limits_.best_reply && on_root_side(player))) return loss_in(ply);
    Position child = position;
    if (best_reply_node(player))
      child.set_side_to_move(root_player_);
    else
      child.eliminate_side_to_move();
    repetitions_.set(ply + 1, child.hash());
    const int score = child_score(child, player, depth, alpha, beta, ply, pv_node);
    pv_.clear(ply);
    return score;
  }
  MoveKeys keys;
  ordering_.order(position, moves, entry.hit ? entry.move : Move{}, ply, keys);

  const int original_alpha = alpha;
  int best_score = -kInfinity;
  Move best_move;
  // Searches moves[i]; true when it cuts the node off.
  auto search_move = [&](int i) {
    const Move move = moves[i];
    const Position child = play_in_tree(position, player, move);
    repetitions_.set(ply + 1, child.hash());

    int score;
    if (i == 0) {
      score = child_score(child, player, depth - 1, alpha, beta, ply, pv_node);
    } else {
      // Late moves that make no progress are searched shallower first
      // (AlphaBetaConfig::late_move_reductions).
      int reduction = 0;
      if (limits_.config.late_move_reductions && depth >= 3 && i >= 3 &&
          keys[i] < MoveOrdering::kKillerKey && keys[i] <= 0)
        reduction = (i >= 8 && depth >= 5) ? 2 : 1;
      score = child_score(child, player, depth - 1 - reduction, alpha, alpha + 1, ply, false);
      if (reduction && score > alpha)
        score = child_score(child, player, depth - 1, alpha, alpha + 1, ply, false);
      if (pv_node && score > alpha && score < beta)
        score = child_score(child, player, depth - 1, alpha, beta, ply, true);
    }
    if (aborted_ || score <= best_score) return false;
    best_score = score;
    best_move = move;
    if (score <= alpha) return false;
    alpha = score;
    pv_.update(ply, move);
    if (alpha < beta) return false;
    ordering_.reward(moves, i, ply, depth);
    return true;
  };

  search_in_turn(in_progress_, position.hash(), moves, depth, aborted_, search_move);
  if (aborted_) return 0;

  const Bound bound = best_score >= beta            ? Bound::kLower
                      : best_score > original_alpha ? Bound::kExact
                                                    : Bound::kUpper;
  table_.store(key, best_move, to_table(best_score, ply), depth, bound);
  return best_score;
}

int AlphaBeta::child_score(const Position& child, int player, int depth, int alpha, int beta,
                           int ply, bool pv_node) {
  const int next = child.side_to_move();
  if (on_root_side(next) == on_root_side(player))
    return search(child, next, depth, alpha, beta, ply + 1, pv_node, true);
  return -search(child, next, depth, -beta, -alpha, ply + 1, pv_node, true);
}

int AlphaBeta::root_search(const Position& root, int depth, int alpha, int beta,
                           const std::vector<Move>& excluded, PvLine& line) {
  const int player = root.side_to_move();
  MoveList moves;
  for (const Move& move : root_moves_)
    if (std::find(excluded.begin(), excluded.end(), move) == excluded.end()) moves.add(move);
  const TtProbe entry = table_.probe(table_key(root));
  MoveKeys keys;
  ordering_.order(root, moves, entry.hit ? entry.move : Move{}, 0, keys);
  // The best move of the previous iteration goes first.
  if (!line.moves.empty()) {
    for (int i = 0; i < moves.size(); ++i) {
      if (moves[i] != line.moves[0]) continue;
      std::rotate(moves.begin(), moves.begin() + i, moves.begin() + i + 1);
      break;
    }
  }
  pv_.clear(0);
  repetitions_.set(0, root.hash());

  const int original_alpha = alpha;
  int best_score = -kInfinity;
  auto search_move = [&](int i) {
    const Move move = moves[i];
    Position child = root;
    child.play(move);
    repetitions_.set(1, child.hash());
    int score;
    if (i == 0) {
      score = child_score(child, player, depth - 1, alpha, beta, 0, true);
    } else {
      score = child_score(child, player, depth - 1, alpha, alpha + 1, 0, false);
      if (score > alpha && score < beta)
        score = child_score(child, player, depth - 1, alpha, beta, 0, true);
    }
    if (aborted_ || score <= best_score) return false;
    best_score = score;
    if (score > alpha || i == 0) {
      line.score = score;
      line.moves.assign(1, move);
      line.moves.insert(line.moves.end(), pv_.line(1), pv_.line(1) + pv_.length(1));
    }
    if (score <= alpha) return false;
    alpha = score;
    return alpha >= beta;
  };
  search_in_turn(in_progress_, root.hash(), moves, depth, aborted_, search_move);
  if (aborted_) return 0;
  if (excluded.empty() && !line.moves.empty()) {
    const Bound bound = best_score >= beta            ? Bound::kLower
                        : best_score > original_alpha ? Bound::kExact
                                                      : Bound::kUpper;
    table_.store(table_key(root), line.moves[0], to_table(best_score, 0), depth, bound);
  }
  return best_score;
}

AlphaBetaReport AlphaBeta::run(const Position& root, const AlphaBetaLimits& limits,
                               const std::function<void(const AlphaBetaReport&)>& on_depth) {
  limits_ = limits;
  root_player_ = root.side_to_move();
  player_count_ = root.rules().player_count();
  // With more than two players scores depend on whose search it is.
  root_salt_ = player_count_ == 2 ? 0 : zobrist::side(root_player_) * util::kGoldenGamma;
  if (limits.best_reply) root_salt_ ^= kBestReplySalt;
  nodes_ = 0;
  published_nodes_.store(0, std::memory_order_relaxed);
  other_nodes_ = 0;
  seldepth_ = 0;
  completed_depth_ = 0;
  aborted_ = false;
  ordering_.clear();
  repetitions_.start(limits_.game_history, player_count_ == 2 ? 2 : 1,
                     root.rules().options().repetitions > 0);

  MoveList legal;
  generate_moves(root, legal);
  root_moves_.clear();
  for (const Move& move : legal) {
    if (limits.search_moves.empty() ||
        std::find(limits.search_moves.begin(), limits.search_moves.end(), move) !=
            limits.search_moves.end())
      root_moves_.push_back(move);
  }
  AlphaBetaReport best;
  if (root_moves_.empty()) return best;

  std::vector<PvLine> previous_lines;
  const int line_count = std::min<int>(std::max(limits.multi_pv, 1), root_moves_.size());
  for (int depth = 1; depth <= limits.depth; ++depth) {
    AlphaBetaReport report;
    report.depth = depth;
    std::vector<Move> excluded;
    for (int k = 0; k < line_count && !aborted_; ++k) {
      PvLine line;
      if (k < static_cast<int>(previous_lines.size()))
        line.moves.assign(1, previous_lines[k].moves[0]);
      int delta = limits.config.aspiration_window;
      const bool aspirate = depth >= 4 && k < static_cast<int>(previous_lines.size()) &&
                            !is_win(std::abs(previous_lines[k].score));
      int alpha = aspirate ? previous_lines[k].score - delta : -kInfinity;
      int beta = aspirate ? previous_lines[k].score + delta : kInfinity;
      while (true) {
        const int score = root_search(root, depth, alpha, beta, excluded, line);
        if (aborted_) break;
        if (score <= alpha && alpha > -kInfinity) {
          alpha = std::max(score - delta, -kInfinity);
        } else if (score >= beta && beta < kInfinity) {
          beta = std::min(score + delta, kInfinity);
        } else {
          break;
        }
        delta *= 2;
      }
      if (aborted_) break;
      excluded.push_back(line.moves[0]);
      report.lines.push_back(line);
    }
    if (aborted_) break;
    std::stable_sort(report.lines.begin(), report.lines.end(),
                     [](const PvLine& a, const PvLine& b) { return a.score > b.score; });
    report.nodes = nodes_;
    report.seldepth = seldepth_;
    best = report;
    previous_lines = report.lines;
    completed_depth_ = depth;
    published_nodes_.store(nodes_, std::memory_order_relaxed);
    on_depth(report);
    if (!deepen_further(control_, depth, report.lines[0].score, !limits.helper)) break;
  }

  if (best.lines.empty()) {
    // Not even depth 1 finished: play the most progressive move.
    MoveList moves;
    for (const Move& move : root_moves_) moves.add(move);
    MoveKeys keys;
    ordering_.order(root, moves, Move{}, 0, keys);
    best.lines.push_back(PvLine{0, {moves[0]}});
  }
  best.nodes = nodes_;
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  return best;
}

}  // namespace tiaoqi::search
