#include "engine/search/finish.hpp"

#include <algorithm>

#include "engine/movegen.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search {
namespace {

// 2^14 entries of 16 bytes (256 KiB). The searches near the end of a
// game visit up to 100,000 positions, but with 2^16 entries they proved
// one finish more in 828 positions of six-player games (247 against 246),
// while the first touch of the larger table cost some 3 ms on a loaded
// machine.
constexpr std::size_t kTableEntries = std::size_t{1} << 14;

}  // namespace

int FinishSearch::lower_bound(const Position& position) const {
  const Rules& rules = position.rules();
  const bool filled = rules.options().goal_rule == GoalRule::kFilled;
  int holes = 0;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.armies_of(player_) >> army & 1)) continue;
    const Bitboard taken = filled ? position.occupied() : position.army(army);
    holes += (rules.target(army) & ~taken).count();
  }
  // Filled targets with no own piece among them still need a move.
  return std::max(holes, 1);
}

bool FinishSearch::finished_by(const Position& position, Move move, Position& next) {
  effort_->count(1);
  next = position;
  next.play(move);
  if (next.has_finished(player_)) return true;
  // The others stand still: the mover moves again.
  if (!next.is_over()) next.set_side_to_move(player_);
  return false;
}

bool FinishSearch::reach(const Position& position, int budget) {
  if (budget < lower_bound(position)) return false;
  Entry& known = entry(position.hash());
  if (known.key == position.hash() && known.too_far >= budget) return false;
  if (gave_up()) return false;
  MoveList moves;
  generate_moves(position, moves);
  Position next = position;
  for (const Move& move : moves) {
    if (finished_by(position, move, next)) return true;
    if (budget > 1 && !next.is_over() && reach(next, budget - 1)) return true;
  }
  // Not a proof when the search gave up below.
  if (!gave_up()) known = {position.hash(), budget};
  return false;
}

std::optional<Finish> FinishSearch::solve(const Position& root, int max_moves,
                                          std::uint64_t max_nodes, const StopPoll& should_stop) {
  solitaire::Effort effort(should_stop);
  effort.set_polled(true);
  effort.set_limit(max_nodes);
  effort_ = &effort;
  const std::optional<Finish> finish = solve(root, max_moves);
  nodes_ = effort.nodes();
  effort_ = nullptr;
  return finish;
}

bool FinishSearch::gave_up() const { return effort_->stopped() || effort_->past_limit(); }

std::optional<Finish> FinishSearch::solve(const Position& root, int max_moves) {
  if (root.is_over() || root.rules().dragons()) return std::nullopt;
  player_ = root.side_to_move();
  const Rules& rules = root.rules();
  if ((root.pieces_of(player_) & ~rules.targets_of(player_)).count() > max_moves)
    return std::nullopt;
  const RuleOptions& options = rules.options();
  const int players = rules.player_count();
  if (options.max_plies > 0 && root.move_count() + players * max_moves >= options.max_plies)
    return std::nullopt;
  if (options.home_deadline > 0 && (root.pieces_of(player_) & rules.homes_of(player_)).any())
    return std::nullopt;
  // Allocated at the first solve, not with the state that owns it.
  if (table_.empty())
    table_.resize(kTableEntries);
  else
    std::fill(table_.begin(), table_.end(), Entry{});

  int moves = lower_bound(root);
  while (moves <= max_moves && !reach(root, moves)) {
    if (gave_up()) return std::nullopt;
    ++moves;
  }
  if (moves > max_moves) return std::nullopt;

  // Every first move of a finish in `moves`: the fastest is proven, so a
  // move either finishes in time or is proven not to.
  Finish finish;
  finish.moves = moves;
  MoveList root_moves;
  generate_moves(root, root_moves);
  Position next = root;
  for (const Move& move : root_moves) {
    if (finished_by(root, move, next) || (moves > 1 && !next.is_over() && reach(next, moves - 1)))
      finish.first_moves.add(move);
    if (gave_up()) return std::nullopt;
  }
  return finish;
}

}  // namespace tiaoqi::search
