#include "tests/engine/search/fixtures.hpp"

#include <gtest/gtest.h>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/config.hpp"
#include "engine/search/registry.hpp"
#include "engine/search/win_shares.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search::testing {
namespace {

using tiaoqi::testing::small_board;

// A hole of the army's target and the two holes behind it in one
// direction, both in the hexagon: a piece on `start` jumps over `pivot`
// into `target`, and a piece on `pivot` steps into it.
struct JumpLine {
  Hole target = kNoHole, pivot = kNoHole, start = kNoHole;
};

JumpLine jump_line(const Rules& rules, int army) {
  const Geometry& geometry = rules.geometry();
  for (int hole : rules.target(army)) {
    for (int d = 0; d < kDirections; ++d) {
      const Hole pivot = geometry.neighbour(static_cast<Hole>(hole), d);
      const Hole start = geometry.beyond(static_cast<Hole>(hole), d);
      if (pivot == kNoHole || start == kNoHole || !geometry.hexagon().test(pivot) ||
          !geometry.hexagon().test(start))
        continue;
      return {static_cast<Hole>(hole), pivot, start};
    }
  }
  ADD_FAILURE() << "no jump line into the target of army " << army;
  return {};
}

using Pieces = std::vector<std::pair<char, std::string>>;

void add_holes(Pieces& pieces, const Geometry& geometry, int army, Bitboard holes) {
  for (int hole : holes)
    pieces.emplace_back(army_letter(army), geometry.name(static_cast<Hole>(hole)));
}

}  // namespace

std::size_t index_of_parameter(std::string_view name) {
  const auto& specs = tunable_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == name) return i;
  ADD_FAILURE() << "no parameter " << name;
  return 0;
}

SearchRun run(const Game& game, const RunOptions& options, SearchState* state) {
  SearchState own_state(options.hash_mib);
  SearchParams params;
  params.search = options.search;
  params.threads = options.threads;
  params.seed = options.seed;
  params.hash_mib = static_cast<int>(options.hash_mib);
  params.tunables = options.tunables;
  params.model = options.model;
  SearchLimits limits;
  limits.nodes = options.nodes;
  limits.depth = options.depth;
  SearchControl control;
  control.start(TimeBudget{}, limits.nodes, false);
  if (options.stopped) control.stop();
  SearchRun run;
  const InfoSink info = [&](const SearchInfo& line) { run.infos.push_back(line); };
  const SearchPlan plan = plan_search(game.position(), params, limits, 0);
  run.result = run_search({game, params, limits, plan, control, info, state ? *state : own_state});
  return run;
}

SearchRun run(const Position& root, const RunOptions& options, SearchState* state) {
  return run(game_at(root), options, state);
}

Position after_best(const Position& root, const SearchRun& run) {
  Position after = root;
  after.play(run.result.best);
  settle(after);
  return after;
}

std::vector<SearchInfo> search_lines(const SearchRun& run) {
  std::vector<SearchInfo> lines;
  for (const SearchInfo& info : run.infos)
    if (info.text.empty()) lines.push_back(info);
  return lines;
}

bool can_win_at_once(const Position& position, int player) {
  if (position.is_over()) return false;
  Position turn = position;
  turn.set_side_to_move(player);
  MoveList moves;
  generate_moves(turn, moves);
  for (const Move& move : moves) {
    Position after = turn;
    after.play(move);
    if (wins_alone(after, player)) return true;
  }
  return false;
}

std::vector<std::string_view> requestable_searches() {
  std::vector<std::string_view> names;
  for (const SearchKind& kind : search_kinds())
    if (kind.selectable) names.push_back(kind.name);
  return names;
}

GameSetup one_step_from_winning(int players) {
  const GameSetup start = tiaoqi::testing::start_of(small_board(players));
  const Rules& rules = *start.rules;
  const Geometry& geometry = rules.geometry();
  const JumpLine line = jump_line(rules, 0);
  Pieces pieces;
  add_holes(pieces, geometry, 0,
            (rules.target(0) & ~Bitboard::bit(line.target)) | Bitboard::bit(line.pivot));
  // Far holes of the hexagon, for armies whose home is a's target.
  std::vector<Hole> far;
  for (int hole : geometry.hexagon())
    if (geometry.distance(static_cast<Hole>(hole), line.target) >= 4)
      far.push_back(static_cast<Hole>(hole));
  std::size_t next_far = 0;
  for (int army = 1; army < kArmies; ++army) {
    if (!(rules.seated_armies() >> army & 1)) continue;
    if ((rules.home(army) & rules.target(0)).none())
      add_holes(pieces, geometry, army, rules.home(army));
    else
      pieces.emplace_back(army_letter(army), geometry.name(far[next_far++]));
  }
  return tiaoqi::testing::build(small_board(players), pieces);
}

GameSetup jump_threat(int threat) {
  const GameSetup start = tiaoqi::testing::start_of(small_board(3));
  const Rules& rules = *start.rules;
  const Geometry& geometry = rules.geometry();
  const int threat_army = rules.seating().armies[static_cast<std::size_t>(threat - 1)][0];
  const int other_army = rules.seating().armies[static_cast<std::size_t>(threat == 2 ? 2 : 1)][0];
  const JumpLine line = jump_line(rules, threat_army);
  Pieces pieces;
  add_holes(pieces, geometry, threat_army, rules.target(threat_army) & ~Bitboard::bit(line.target));
  pieces.emplace_back(army_letter(threat_army), geometry.name(line.start));
  pieces.emplace_back('a', geometry.name(line.pivot));
  int placed = 1;
  for (int hole : rules.home(0)) {
    if (placed == 3) break;
    pieces.emplace_back('a', geometry.name(static_cast<Hole>(hole)));
    ++placed;
  }
  add_holes(pieces, geometry, other_army, rules.home(other_army));
  return tiaoqi::testing::build(small_board(3), pieces);
}

}  // namespace tiaoqi::search::testing
