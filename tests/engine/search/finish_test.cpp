#include "engine/search/finish.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <set>
#include <string>

#include "engine/movegen.hpp"
#include "engine/position_string.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

// The plain reading of the fastest finish: every sequence of the player's
// own moves, the others passing, with no bound and no table.
bool finishes_within(const Position& position, int player, int moves) {
  MoveList legal;
  generate_moves(position, legal);
  for (const Move& move : legal) {
    Position next = position;
    next.play(move);
    if (next.has_finished(player)) return true;
    if (moves == 1 || next.is_over()) continue;
    next.set_side_to_move(player);
    if (finishes_within(next, player, moves - 1)) return true;
  }
  return false;
}

std::set<std::pair<int, int>> first_moves_within(const Position& position, int moves) {
  const int player = position.side_to_move();
  MoveList legal;
  generate_moves(position, legal);
  std::set<std::pair<int, int>> first;
  for (const Move& move : legal) {
    Position next = position;
    next.play(move);
    bool finishes = next.has_finished(player);
    if (!finishes && moves > 1 && !next.is_over()) {
      next.set_side_to_move(player);
      finishes = finishes_within(next, player, moves - 1);
    }
    if (finishes) first.emplace(move.from, move.to);
  }
  return first;
}

// Player 1's armies arrived, the other pieces strewn at random (some in
// player 1's targets), then player 1 walked back by `moves` random moves
// of its own, made without goal lock and swaps so that pieces can leave
// their target: a position near the end of a game under `options`.
GameSetup near_the_end(const RuleOptions& options, unsigned seed, int moves) {
  std::mt19937 random(seed);
  RuleOptions walk_options = options;
  walk_options.goal_lock = false;
  walk_options.swap_rule = false;
  GameSetup setup = tiaoqi::testing::start_of(walk_options);
  const Rules& rules = *setup.rules;
  Position position = Position::empty(rules);
  const std::uint8_t own = rules.armies_of(0);
  Bitboard free = rules.geometry().all_holes();
  for (int army = 0; army < kArmies; ++army) {
    if (!(own >> army & 1)) continue;
    for (int h : rules.target(army)) position.put_piece(army, static_cast<Hole>(h));
    free &= ~rules.target(army);
  }
  // Leave one hole of each target to another army now and then.
  std::vector<int> holes;
  for (int h : free) holes.push_back(h);
  std::shuffle(holes.begin(), holes.end(), random);
  std::size_t next = 0;
  for (int army = 0; army < kArmies; ++army) {
    if (!(rules.seated_armies() >> army & 1) || (own >> army & 1)) continue;
    for (int i = 0; i < rules.home_size() && next < holes.size(); ++i)
      position.put_piece(army, static_cast<Hole>(holes[next++]));
  }
  for (int i = 0; i < moves; ++i) {
    position.set_side_to_move(0);
    MoveList legal;
    generate_moves(position, legal);
    if (legal.empty()) break;
    position.play(legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(random)]);
    if (position.is_over()) break;
  }
  // Now and then another army's piece in a hole player 1 left in its
  // target: it fills the hole under GoalRule filled, not under own.
  if (seed % 2 == 0) {
    const int other = std::countr_zero(static_cast<unsigned>(rules.seated_armies() & ~own));
    const Bitboard left = rules.targets_of(0) & ~position.occupied();
    if (left.any() && position.army(other).any()) {
      position.remove_piece(static_cast<Hole>(*position.army(other).begin()));
      position.put_piece(other, static_cast<Hole>(*left.begin()));
    }
  }
  position.set_side_to_move(0);
  position.set_move_count(0);
  return tiaoqi::testing::setup_of(position_string(position), options);
}

struct Case {
  std::string name;
  RuleOptions options;
};

void PrintTo(const Case& rules_case, std::ostream* out) { *out << rules_case.name; }

std::vector<Case> cases() {
  std::vector<Case> all;
  RuleOptions six;
  six.players = 6;
  all.push_back({"six_players_filled", six});
  RuleOptions own = six;
  own.goal_rule = GoalRule::kOwn;
  all.push_back({"goal_rule_own", own});
  RuleOptions lock = six;
  lock.goal_lock = true;
  all.push_back({"goal_lock", lock});
  RuleOptions swap = six;
  swap.swap_rule = true;
  all.push_back({"swap_rule", swap});
  RuleOptions long_jumps = six;
  long_jumps.long_jumps = true;
  long_jumps.foreign_stop = true;
  all.push_back({"long_jumps_foreign_stop", long_jumps});
  RuleOptions equal_turns = six;
  equal_turns.equal_turns = true;
  all.push_back({"equal_turns", equal_turns});
  RuleOptions two_armies;
  two_armies.players = 3;
  two_armies.armies_per_player = 2;
  all.push_back({"three_players_two_armies", two_armies});
  return all;
}

class FastestFinish : public ::testing::TestWithParam<Case> {};

TEST_P(FastestFinish, AgreesWithTheSearchOfEveryLineOfOwnMoves) {
  const RuleOptions& options = GetParam().options;
  constexpr int kMaxMoves = 3;
  FinishSearch finish;
  int found = 0;
  int farther = 0;
  for (unsigned seed = 1; seed <= 12; ++seed) {
    const GameSetup setup = near_the_end(options, seed, 2 + seed % 4);
    const Position& root = setup.position;
    if (root.is_over()) continue;
    const std::optional<Finish> fastest = finish.solve(root, kMaxMoves, 10'000'000);
    int expected = 0;
    for (int moves = 1; moves <= kMaxMoves && !expected; ++moves)
      if (finishes_within(root, 0, moves)) expected = moves;
    // More pieces outside the targets than moves: left out at once.
    if ((root.pieces_of(0) & ~root.rules().targets_of(0)).count() > kMaxMoves) {
      EXPECT_FALSE(fastest) << seed;
      ++farther;
      continue;
    }
    if (!expected) {
      EXPECT_FALSE(fastest) << seed;
      ++farther;
      continue;
    }
    ASSERT_TRUE(fastest) << seed << " expected " << expected;
    ++found;
    EXPECT_EQ(fastest->moves, expected) << seed;
    std::set<std::pair<int, int>> first;
    for (const Move& move : fastest->first_moves) first.emplace(move.from, move.to);
    EXPECT_EQ(first, first_moves_within(root, expected)) << seed;
  }
  // Both answers occur.
  EXPECT_GE(found, 3);
  EXPECT_GE(farther, 1);
}

INSTANTIATE_TEST_SUITE_P(Rules, FastestFinish, ::testing::ValuesIn(cases()),
                         [](const auto& info) { return info.param.name; });

TEST(FastestFinishLimits, GivesUpWhenTheNodesRunOut) {
  RuleOptions six;
  six.players = 6;
  const GameSetup setup = near_the_end(six, 3, 3);
  FinishSearch finish;
  ASSERT_TRUE(finish.solve(setup.position, 3, 10'000'000));
  EXPECT_FALSE(finish.solve(setup.position, 3, 10));
  // The limit is read before each list of moves.
  EXPECT_LE(finish.nodes(), 10u + kMaxMoves);
}

TEST(FastestFinishLimits, GivesUpWhenToldToStop) {
  RuleOptions six;
  six.players = 6;
  FinishSearch finish;
  int polled = 0;
  const FinishSearch::StopPoll stop = [&polled](std::uint64_t) {
    ++polled;
    return true;
  };
  // A search long enough to be polled.
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const GameSetup setup = near_the_end(six, seed, 6);
    if (!finish.solve(setup.position, 4, 10'000'000) || finish.nodes() < 10'000) continue;
    EXPECT_FALSE(finish.solve(setup.position, 4, 10'000'000, stop)) << seed;
    EXPECT_EQ(polled, 1) << seed;
    EXPECT_LT(finish.nodes(), 10'000u) << seed;
    return;
  }
  FAIL() << "no search of 10,000 positions among the seeds";
}

TEST(FastestFinishLimits, LeavesOutWhatTheMoveCountCouldDecide) {
  RuleOptions six;
  six.players = 6;
  six.max_plies = 100;
  FinishSearch finish;
  // 90 + 6 players x 2 moves reaches the move limit; 80 + 12 does not.
  const GameSetup far = near_the_end(six, 5, 1);
  ASSERT_TRUE(finish.solve(far.position, 2, 10'000'000));
  Position late = far.position;
  late.set_move_count(90);
  EXPECT_FALSE(finish.solve(late, 2, 10'000'000));
  late.set_move_count(87);
  EXPECT_TRUE(finish.solve(late, 2, 10'000'000));
}

TEST(FastestFinishLimits, LeavesOutTheDragonsVariant) {
  RuleOptions dragons;
  dragons.players = 3;
  dragons.variant = Variant::kDragons;
  const GameSetup setup = tiaoqi::testing::start_of(dragons);
  FinishSearch finish;
  EXPECT_FALSE(finish.solve(setup.position, 30, 10'000'000));
}

// MCTS's root keeps only the first moves of the fastest finish: the
// playouts' cut-off evaluation cannot tell a wasted tempo.
TEST(FastestFinishInMcts, PlaysAFirstMoveOfTheFastestFinish) {
  RuleOptions six;
  six.players = 6;
  search::testing::RunOptions run;
  run.search = "mcts";
  run.nodes = 300;
  FinishSearch finish;
  int checked = 0;
  for (unsigned seed = 1; seed <= 12; ++seed) {
    const GameSetup setup = near_the_end(six, seed, 4);
    const std::optional<Finish> fastest = finish.solve(setup.position, 6, 100000);
    if (!fastest || fastest->moves < 2) continue;
    ++checked;
    const auto result = search::testing::run(setup.position, run).result;
    EXPECT_TRUE(fastest->first_moves.contains(result.best)) << seed;
  }
  EXPECT_GE(checked, 6);
}

}  // namespace
}  // namespace tiaoqi::search
