#include "engine/search/round_end.hpp"

#include <algorithm>
#include <vector>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/score.hpp"
#include "engine/search/root.hpp"

namespace tiaoqi::search {
namespace {

// The result for the root player, worst first: an open round (nobody
// finished when it ended) lies between a loss and a shared first place,
// so that a line the others can steer to a loss is a proof of it, and one
// the root player can steer to a shared first place is a proof of that.
enum class RoundResult : std::uint8_t { kLoss, kOpen, kShared, kAlone };

struct Line {
  RoundResult outcome = RoundResult::kOpen;
  std::vector<Move> moves;
};

// The share of the soft time the proof may use, leaving the rest to the
// search played when it proves nothing (as the finish search ahead of
// MCTS does).
constexpr int kTimePercent = 25;
constexpr std::uint64_t kPollNodes = 256;

class RoundProof {
 public:
  RoundProof(int root_player, const SearchControl& control)
      : root_player_(root_player), control_(control) {}

  // The line from `position`, reached by a move of `previous_mover`, to
  // the round's end. The root player moves once a round, so every player
  // to move here is one of the others: each picks the line worst for the
  // root player (paranoid's reading), and a loss of the root player ends
  // the look, since nothing is worse for it.
  Line prove(const Position& position, int previous_mover) {
    if (position.is_over()) return {outcome_of(position), {}};
    // Seating order restarts: the round ended with the game going on.
    if (position.side_to_move() <= previous_mover) return {};
    if (gave_up()) return {};
    MoveList moves;
    generate_moves(position, moves);
    // A player without a move is eliminated before its turn (settle).
    if (moves.empty()) return {};
    Line worst{RoundResult::kAlone, {}};
    bool any = false;
    for (const Move& move : moves) {
      Line line = prove_after(position, move);
      if (gave_up_) return {};
      if (!any || line.outcome < worst.outcome) {
        worst = std::move(line);
        any = true;
      }
      if (worst.outcome == RoundResult::kLoss) break;
    }
    return worst;
  }

  // `move` and the line that follows it.
  Line prove_after(const Position& position, Move move) {
    Position child = position;
    child.play(move);
    settle(child);
    Line line = prove(child, position.side_to_move());
    line.moves.insert(line.moves.begin(), move);
    return line;
  }

  bool gave_up() {
    ++nodes_;
    if (nodes_ > kRoundEndNodes) gave_up_ = true;
    if (nodes_ % kPollNodes == 0 &&
        (control_.stopped() || control_.soft_time_share_up(kTimePercent)))
      gave_up_ = true;
    return gave_up_;
  }

  bool given_up() const { return gave_up_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  RoundResult outcome_of(const Position& over) const {
    if (over.place_of(root_player_) != 0) return RoundResult::kLoss;
    int sharing = 0;
    for (int p = 0; p < over.rules().player_count(); ++p) sharing += over.place_of(p) == 0;
    return sharing == 1 ? RoundResult::kAlone : RoundResult::kShared;
  }

  const int root_player_;
  const SearchControl& control_;
  std::uint64_t nodes_ = 0;
  bool gave_up_ = false;
};

int score_of(const Line& line) {
  const int plies = static_cast<int>(line.moves.size());
  switch (line.outcome) {
    case RoundResult::kAlone:
      return win_in(plies);
    case RoundResult::kLoss:
      return loss_in(plies);
    default:
      return 0;
  }
}

struct RootLine {
  Line line;
  // The mover's static view of the position after the move: which of
  // equally proven moves to play (a sensible move reads better).
  int evaluation = 0;
};

bool ranks_before(const RootLine& a, const RootLine& b) {
  if (a.line.outcome != b.line.outcome) return a.line.outcome > b.line.outcome;
  const int a_score = score_of(a.line), b_score = score_of(b.line);
  if (a_score != b_score) return a_score > b_score;
  return a.evaluation > b.evaluation;
}

void report(const SearchRequest& request, const std::vector<RootLine>& lines, std::uint64_t nodes) {
  if (!request.info) return;
  const int shown = std::min<int>(request.params.multipv, static_cast<int>(lines.size()));
  for (int k = 0; k < shown; ++k) {
    // Below the best, an open line has no proven score to show.
    if (lines[k].line.outcome == RoundResult::kOpen) break;
    SearchInfo info;
    info.root = &request.root();
    info.depth = static_cast<int>(lines[k].line.moves.size());
    info.seldepth = info.depth;
    info.time_ms = request.control.elapsed_ms();
    info.nodes = nodes;
    info.multipv = k + 1;
    info.score = score_of(lines[k].line);
    info.pv = lines[k].line.moves;
    add_score_values(info);
    request.info(info);
  }
}

}  // namespace

bool round_may_end(const Position& root) {
  const RuleOptions& options = root.rules().options();
  if (!options.equal_turns || options.equal_turns_at_once || root.is_over()) return false;
  for (int p = 0; p < root.rules().player_count(); ++p)
    if (!root.is_eliminated(p) && root.has_finished(p)) return true;
  MoveList moves;
  generate_moves(root, moves);
  const int mover = root.side_to_move();
  for (const Move& move : moves) {
    Position after = root;
    after.play(move);
    if (after.has_finished(mover)) return true;
  }
  return false;
}

std::optional<SearchResult> prove_round_end(const SearchRequest& request) {
  const Position& root = request.root();
  if (!round_may_end(root)) return std::nullopt;
  MoveList moves;
  root_moves(root, request.limits, moves);
  if (moves.empty()) return std::nullopt;
  const int mover = root.side_to_move();
  // The player to move moves once in the round: without finishing now it
  // cannot be first when the round ends (the others, in paranoid's
  // reading, never complete its target for it). So the finishing moves
  // come first, and once one of them proves a first place the others
  // cannot match it and are not searched.
  std::vector<RootLine> finishing, others;
  for (const Move& move : moves) {
    Position after = root;
    after.play(move);
    settle(after);
    RootLine line;
    line.line.moves = {move};
    line.evaluation = score_after_move(after, mover);
    (after.has_finished(mover) ? finishing : others).push_back(std::move(line));
  }
  RoundProof proof(mover, request.control);
  std::vector<RootLine> lines;
  for (std::vector<RootLine>* group : {&finishing, &others}) {
    if (!lines.empty() && lines.front().line.outcome >= RoundResult::kShared) break;
    for (RootLine& line : *group) {
      line.line = proof.prove_after(root, line.line.moves.front());
      if (proof.given_up()) return std::nullopt;
      lines.push_back(std::move(line));
    }
    std::stable_sort(lines.begin(), lines.end(), ranks_before);
  }
  // The best move's result is open: the search played decides.
  if (lines.front().line.outcome == RoundResult::kOpen) return std::nullopt;

  SearchResult result;
  result.best = lines.front().line.moves.front();
  result.score = score_of(lines.front().line);
  result.nodes = proof.nodes();
  report(request, lines, proof.nodes());
  return result;
}

}  // namespace tiaoqi::search
