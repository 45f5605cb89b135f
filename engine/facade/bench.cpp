#include "engine/facade/bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string_view>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/registry.hpp"

namespace tiaoqi::facade {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> kPositions = {
      {"start2", 2, "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0"},
      {"start3", 3, "1/2/3/4/cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/a 1 a/c/e 0"},
      {"mid3_a", 3,
       "1/2/3/1a2/1c3ccee1e2/c3e4e1e/1c4eaa2/7c2/4c4/1c4a2c/1ec5a2/8e3/4a1a1e4/a3/3/aa/1 1 a/c/e "
       "45"},
      {"mid3_b", 3,
       "1/2/3/3a/1c2c2ee2e1/11e/1c1a4e2/3c1a4/cec1c1e1a/1c2a3e1/6a4/5ee2c2/6a2c3/a3/3/aa/1 1 "
       "a/c/e 45"},
      {"start4", 4,
       "d/dd/ddd/dddd/9eeee/9eee/9ee/9e/9/b9/bb9/bbb9/bbbb9/aaaa/aaa/aa/a 1 a/b/d/e 0"},
      {"mid4_a", 4,
       "1/2/3/1ddd/9e3/3d8/2dded1eee1/1ed3ea2/a5dbe/ba5ee1/bb2b3d2/2bbaab1a3/2b2aa1b4/1a1a/3/2/1 1 "
       "a/b/d/e 48"},
      {"start6", 6,
       "d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a 1 "
       "a/b/c/d/e/f 0"},
      {"mid6_a", 6,
       "1/dd/3/d3/c1c1ea1c1e1e1/3f1ac1eb1e/ccbbed1cde1/2d1c3fb/b3e1fbd/b1ad3f2/4dbffa1f/"
       "ebec3a1fc1/2b1afaf5/a2d/3/aa/1 1 a/b/c/d/e/f 60"},
      {"mid6_b", 6,
       "1/1d/d2/1d2/1c4d1dbe2/2c1f1ed1e1e/c1a1c1b1e2/1ccd3ed1/2cdf2ce/1cdaf2f2/1e1ebfacf1f/"
       "b2ab1bba3/1b1b1fbea2ff/aa2/1a1/1a/1 1 a/b/c/d/e/f 60"},
      {"mid2_a", 2, "1/dd/3/4/4d3d4/12/2a3d4/2ad3d2/7da/2a3ad2/4a6/3a3d4/13/a2a/1a1/2/1 1 a/d 30"},
      {"mid2_b", 2,
       "1/1d/a2/dd2/13/3d2a1d3/2d1d3d2/10/5d3/4a1d3/2a8/3a4a3/5a2a4/4/3/aa/1 1 a/d 30"},
      {"mid2_c", 2, "1/1d/d2/2d1/13/3d1d6/3a2d4/3a2d3/a8/1a1d1a4/4dd5/8a3/6a1a4/4/3/aa/1 1 a/d 30"},
      {"mid2_d", 2, "1/dd/3/1a2/6d1d4/8d3/6a4/1d8/d2a1d3/3da1d3/2a8/3a8/8a4/3a/3/aa/1 1 a/d 30"},
  };
  return kPositions;
}

namespace {

constexpr std::size_t kBenchHashMib = 16;

// MCTS runs a fixed number of iterations on these positions, at every
// table size (its count does not depend on the bench depth).
constexpr const char* kMctsPositions[] = {"start2", "mid2_a", "start3", "mid3_a",
                                          "start4", "mid4_a", "start6", "mid6_b"};
constexpr std::uint64_t kMctsIterations = 10000;

// A position under rules other than the defaults, searched by both parts
// after the suite, so that the signature sees what only those rules play:
// a six-player middle game with stops in the side arms and targets that
// count only the army's own pieces (four armies have pieces of others
// in their targets, which must leave before those armies can arrive).
struct RuleSetPosition {
  BenchPosition position;
  bool foreign_stop;
  GoalRule goal_rule;
};
const RuleSetPosition kRuleSetPositions[] = {
    {{"mid6_own", 6,
      "1/1a/a1a/fa2/5c1bc4/f2f1c3e1b/1fe1d1dadec/1ffb2abb1/b1d3abb/1ec1d2c1d/1ebaf4b1/"
      "1eeec1f2c1c/4a1a1e2c1/dfde/fd1/d1/1 1 a/b/c/d/e/f 150"},
     true,
     GoalRule::kOwn},
};

// A game played on from a suite's position before MCTS searches it, so
// that the signature also sees what MCTS reads from a game's own moves
// (how each other player has raced, MctsRacerShare): a bare position has
// none. Every player makes its move of most progress (the first such
// move generated), ten moves each at four players: more than MCTS needs
// to read a player.
struct PlayedPosition {
  std::string_view name;
  int plies;
};
constexpr PlayedPosition kPlayedPositions[] = {{"start4", 40}};

// The move of most progress of the player to move; the first generated
// among equals.
Move most_progress(const Position& position) {
  MoveList moves;
  generate_moves(position, moves);
  Move best = moves[0];
  for (const Move& move : moves)
    if (search::progress_gain(position, move) > search::progress_gain(position, best)) best = move;
  return best;
}

// A ply of a game of more players branches as much as a ply of two, but
// a round takes more plies: the deeper positions would dwarf the rest.
int depth_for(int players, int depth) {
  const int shallower = players <= 2 ? 0 : players == 3 ? 2 : 3;
  return std::max(1, depth - shallower);
}

}  // namespace

BenchResult run_bench(int depth, search::SearchParams params, const std::atomic<bool>& stop,
                      const std::function<void(const BenchLine&)>& on_position) {
  params.seed = 0;
  params.multipv = 1;
  params.want_ponder = false;
  // The depth-first part plays what Search names, except that auto and
  // mcts play alpha-beta there (paranoid at three or more players): the
  // signature stays that of the alpha-beta, whose nodes are comparable
  // from version to version, and max^n, auto's pick at six players, would
  // take a hundred times as long at the suite's depth. MCTS has its own part.
  search::SearchParams depth_first = params;
  const search::SearchKind* asked = search::find_search(params.search);
  if (!asked || asked->family == search::SearchFamily::kTree ||
      asked->family == search::SearchFamily::kChoice)
    depth_first.search = "alphabeta";
  search::SearchParams mcts = params;
  mcts.search = "mcts";

  BenchResult result;
  search::SearchState state(kBenchHashMib);
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  auto bench_one = [&](const BenchPosition& entry, RuleOptions options, const std::string& name,
                       const search::SearchParams& searched_with,
                       const search::SearchLimits& limits, int plies = 0) {
    ++index;
    if (stop.load()) {
      result.stopped = true;
      return;
    }
    options.players = entry.players;
    auto setup = parse_position_string(entry.position, options);
    // The suite is built in; a position that no longer parses is a bug.
    if (!setup) std::abort();
    Game game(std::move(*setup));
    for (int ply = 0; ply < plies && !game.position().is_over(); ++ply)
      game.play(most_progress(game.position()));
    search::SearchControl control;
    control.start(search::TimeBudget{}, limits.nodes, false);
    control.link_stop(&stop);
    // Cleared searches for every position keep the node count the same
    // whatever ran before.
    state.clear();
    // No clock: the plan's budget has no deadline, its node limit is the suite's.
    const search::SearchPlan plan = search::plan_search(game.position(), searched_with, limits, 0);
    const search::SearchResult searched =
        search::run_search({game, searched_with, limits, plan, control, {}, state});
    // MCTS's iterations are fixed here: its signature is the work they
    // did (SearchResult::work).
    const std::uint64_t counted = searched.work ? searched.work : searched.nodes;
    result.nodes += counted;
    ++result.positions;
    if (on_position) {
      BenchLine line;
      line.index = index;
      line.name = name;
      line.nodes = counted;
      line.best = searched.best.is_none()
                      ? std::string("none")
                      : move_ends_text(game.position().geometry(), searched.best);
      on_position(line);
    }
  };
  for (const BenchPosition& entry : bench_positions()) {
    search::SearchLimits limits;
    limits.depth = depth_for(entry.players, depth);
    bench_one(entry, {}, entry.name, depth_first, limits);
  }
  for (const std::string_view wanted : kMctsPositions) {
    const auto entry =
        std::find_if(bench_positions().begin(), bench_positions().end(),
                     [&](const BenchPosition& candidate) { return wanted == candidate.name; });
    search::SearchLimits limits;
    limits.nodes = kMctsIterations;
    bench_one(*entry, {}, std::string(entry->name) + " mcts", mcts, limits);
  }
  for (const PlayedPosition& played : kPlayedPositions) {
    const auto entry =
        std::find_if(bench_positions().begin(), bench_positions().end(),
                     [&](const BenchPosition& candidate) { return played.name == candidate.name; });
    search::SearchLimits limits;
    limits.nodes = kMctsIterations;
    bench_one(*entry, {},
              std::string(entry->name) + " after " + std::to_string(played.plies) + " plies mcts",
              mcts, limits, played.plies);
  }
  for (const RuleSetPosition& entry : kRuleSetPositions) {
    RuleOptions options;
    options.foreign_stop = entry.foreign_stop;
    options.goal_rule = entry.goal_rule;
    search::SearchLimits depth_limits;
    depth_limits.depth = depth_for(entry.position.players, depth);
    bench_one(entry.position, options, entry.position.name, depth_first, depth_limits);
    search::SearchLimits mcts_limits;
    mcts_limits.nodes = kMctsIterations;
    bench_one(entry.position, options, std::string(entry.position.name) + " mcts", mcts,
              mcts_limits);
  }
  result.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
  return result;
}

}  // namespace tiaoqi::facade
