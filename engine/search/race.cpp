#include "engine/search/race.hpp"

#include <algorithm>
#include <climits>

#include "engine/eval.hpp"
#include "engine/movegen.hpp"
#include "engine/search/solitaire/stop_poll.hpp"

namespace tiaoqi::search {
namespace {

// How far a hole lies along the army's way from its home to its target:
// each arm is where one cube coordinate is beyond the hexagon
// (docs/rules.md, "Arms and their letters"), and the opposite army runs
// the same axis the other way.
int progress(const Geometry& geometry, int army, Hole h) {
  const Cube cube = geometry.cube(h);
  switch (army) {
    case 0:
      return cube.y;  // a: from the south (y <= -n) north
    case 1:
      return -cube.z;  // b: from z >= n
    case 2:
      return cube.x;  // c: from x <= -n
    case 3:
      return -cube.y;  // d: from the north
    case 4:
      return cube.z;  // e: from z <= -n
    default:
      return -cube.x;  // f: from x >= n
  }
}

}  // namespace

std::optional<int> race_army(const Position& position) {
  const Rules& rules = position.rules();
  if (rules.player_count() != 2 || position.is_over()) return std::nullopt;
  const std::uint8_t mine = rules.armies_of(position.side_to_move());
  const std::uint8_t theirs = rules.armies_of(1 - position.side_to_move());
  if (__builtin_popcount(mine) != 1 || __builtin_popcount(theirs) != 1) return std::nullopt;
  const int army = __builtin_ctz(mine);
  const int other = __builtin_ctz(theirs);
  if (other != (army + 3) % kArmies) return std::nullopt;

  const Geometry& geometry = rules.geometry();
  int my_rearmost = INT_MAX, their_foremost = INT_MIN;
  for (int h : position.army(army))
    my_rearmost = std::min(my_rearmost, progress(geometry, army, static_cast<Hole>(h)));
  for (int h : position.army(other))
    their_foremost = std::max(their_foremost, progress(geometry, army, static_cast<Hole>(h)));
  // Every piece of mine ahead of every piece of theirs on my way: neither
  // army can jump over the other going forward any more.
  if (my_rearmost <= their_foremost) return std::nullopt;
  return army;
}

const Rules* RaceSolver::rules_for(const Position& root, int army) {
  const Rules& game = root.rules();
  RuleOptions options = game.options();
  options.players = 1;
  options.armies_per_player = 1;
  // The race is decided long before either; the alpha-beta plays positions
  // near them.
  options.home_deadline = 0;
  options.max_plies = 0;
  // Rules of two players' endings and of the game's history.
  options.equal_turns_at_once = options.move_limit_draw = false;
  options.repetitions = 0;
  const Seating seating{{{army}}};
  if (rules_ && rules_->options() == options && rules_->seating() == seating &&
      &rules_->geometry() == &game.geometry())
    return rules_.get();
  auto made = Rules::make(options, seating, game.geometry().arm_size());
  if (!made) return nullptr;
  // The solver's plan refers to positions on the old rules.
  if (solver_) solver_->clear();
  rules_ = std::make_unique<Rules>(std::move(*made));
  return rules_.get();
}

std::optional<SearchResult> RaceSolver::search(const Position& root, const SearchLimits& limits,
                                               const SearchPlan& search_plan,
                                               SearchControl& control, const InfoSink& info) {
  const std::optional<int> army = race_army(root);
  if (!army) return std::nullopt;
  if (!limits.search_moves.empty()) return std::nullopt;
  const Rules* rules = rules_for(root, *army);
  if (!rules) return std::nullopt;

  // The side to move's army alone on the board.
  Position alone = Position::empty(*rules);
  for (int h : root.army(*army)) alone.put_piece(*army, static_cast<Hole>(h));
  alone.conclude_setup();
  if (alone.is_over()) return std::nullopt;

  if (!solver_) solver_ = std::make_unique<solitaire::Solver>(kSolverMib);
  std::uint64_t nodes = 0;
  const solitaire::Plan plan = solver_->solve(
      alone, solitaire::solver_stop_poll(limits, search_plan, control),
      [&](int, std::uint64_t searched, const solitaire::Plan&) { nodes = searched; });
  if (plan.moves.empty()) return std::nullopt;
  // The plan ignores the other army; a move through a hole it holds (one
  // that goes back behind it) is left to the alpha-beta.
  MoveList legal;
  generate_moves(root, legal);
  if (!legal.contains(plan.moves[0])) return std::nullopt;
  const int max_plies = root.rules().options().max_plies;
  // Two plies a move of ours: the move limit must not cut the crossing.
  if (max_plies > 0 && root.move_count() + 2 * static_cast<int>(plan.moves.size()) > max_plies)
    return std::nullopt;

  SearchResult result;
  result.best = plan.moves[0];
  result.score = evaluate(root, root.side_to_move());
  result.nodes = nodes;
  if (info) {
    SearchInfo line;
    line.root = &root;
    line.depth = static_cast<int>(plan.moves.size());
    line.seldepth = line.depth;
    line.time_ms = control.elapsed_ms();
    line.nodes = nodes;
    line.score = result.score;
    line.pv = {result.best};
    info(line);
  }
  return result;
}

void RaceSolver::clear() {
  if (solver_) solver_->clear();
}

}  // namespace tiaoqi::search
