#include "engine/search/solitaire/solver.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "tests/support/test_support.hpp"

namespace tiaoqi::search::solitaire {
namespace {

using tiaoqi::testing::start_of;

RuleOptions solitaire_options(int board_size = 4) {
  RuleOptions options;
  options.players = 1;
  options.board_size = board_size;
  return options;
}

using HoleSet = std::pair<std::uint64_t, std::uint64_t>;

HoleSet holes_of(const Position& position) {
  return {position.army(0).low(), position.army(0).high()};
}

// The fewest moves from `root` to arrival, by a breadth-first search over
// every legal move (no bound, no table, no symmetry), or -1 when more than
// `max_depth` are needed.
int fewest_moves_by_bfs(const Position& root, int max_depth) {
  std::vector<Position> layer{root};
  std::set<HoleSet> seen{holes_of(root)};
  for (int depth = 1; depth <= max_depth; ++depth) {
    std::vector<Position> next;
    for (const Position& position : layer) {
      MoveList moves;
      generate_moves(position, moves);
      for (const Move& move : moves) {
        Position child = position;
        child.play(move);
        if (child.is_over()) {
          if (child.has_finished(0)) return depth;
          continue;
        }
        if (seen.insert(holes_of(child)).second) next.push_back(child);
      }
    }
    layer.swap(next);
  }
  return -1;
}

// A position a few moves from the end: the arrived army walked back by
// random moves (every move can be undone, so it is that many moves or fewer
// from arriving again).
Position walked_back_from_arrival(const Rules& rules, unsigned seed, int moves) {
  std::mt19937 random(seed);
  Bitboard holes = rules.target(0);
  const auto position_with = [&rules](Bitboard pieces) {
    Position position = Position::empty(rules);
    for (int h : pieces) position.put_piece(0, static_cast<Hole>(h));
    return position;
  };
  for (int i = 0; i < moves || holes == rules.target(0); ++i) {
    MoveList legal;
    generate_moves(position_with(holes), legal);
    const Move move = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(random)];
    holes ^= Bitboard::bit(move.from) ^ Bitboard::bit(move.to);
  }
  return position_with(holes);
}

// Plays the plan; true when every move is legal and the army arrives with
// the last one.
bool crosses(const Position& root, const std::vector<Move>& moves) {
  Position position = root;
  for (const Move& move : moves) {
    if (position.is_over()) return false;
    MoveList legal;
    generate_moves(position, legal);
    if (!legal.contains(move)) return false;
    position.play(move);
    settle(position);
  }
  return position.is_over() && position.has_finished(0);
}

Plan solve_within(Solver& solver, const Position& root, std::uint64_t nodes) {
  return solver.solve(
      root, [nodes](std::uint64_t searched) { return searched >= nodes; },
      [](int, std::uint64_t, const Plan&) {});
}

TEST(SolitaireSolver, FindsAndProvesTheOptimumNearTheEnd) {
  const GameSetup setup = start_of(solitaire_options());
  for (unsigned seed = 1; seed <= 6; ++seed) {
    const Position root = walked_back_from_arrival(*setup.rules, seed, 2 + seed % 3);
    const int optimum = fewest_moves_by_bfs(root, 4);
    ASSERT_GT(optimum, 0) << "seed " << seed;
    Solver solver;
    const Plan plan = solve_within(solver, root, 20'000'000);
    EXPECT_TRUE(crosses(root, plan.moves)) << "seed " << seed;
    EXPECT_EQ(static_cast<int>(plan.moves.size()), optimum) << "seed " << seed;
    EXPECT_TRUE(plan.proven_optimal) << "seed " << seed;
    EXPECT_EQ(plan.lower_bound, optimum) << "seed " << seed;
  }
}

TEST(SolitaireSolver, SolvesTheSmallBoardExactly) {
  const GameSetup setup = start_of(solitaire_options(2));
  const int optimum = fewest_moves_by_bfs(setup.position, 20);
  ASSERT_GT(optimum, 0);
  Solver solver;
  const Plan plan = solve_within(solver, setup.position, 20'000'000);
  EXPECT_TRUE(crosses(setup.position, plan.moves));
  EXPECT_EQ(static_cast<int>(plan.moves.size()), optimum);
  EXPECT_TRUE(plan.proven_optimal);
}

// The proven optimum is 27 moves (G. I. Bell, 2009); the meeting of the
// two beam sides finds one within a few million nodes.
TEST(SolitaireSolver, CrossesFromTheStandardStart) {
  const GameSetup setup = start_of(solitaire_options());
  Solver solver;
  std::vector<int> lengths{1000};
  const Plan plan = solver.solve(
      setup.position,
      [&lengths](std::uint64_t nodes) { return lengths.back() <= 27 || nodes >= 12'000'000; },
      [&lengths](int, std::uint64_t, const Plan& best) {
        lengths.push_back(static_cast<int>(best.moves.size()));
      });
  EXPECT_TRUE(crosses(setup.position, plan.moves));
  EXPECT_LE(plan.moves.size(), 27u);
  EXPECT_LE(plan.lower_bound, static_cast<int>(plan.moves.size()));
  EXPECT_GE(plan.lower_bound, 10);
  // Reported plans only get shorter.
  EXPECT_TRUE(std::is_sorted(lengths.rbegin(), lengths.rend()));
}

TEST(SolitaireSolver, FindsAPlanBeforeTheFirstPoll) {
  const GameSetup setup = start_of(solitaire_options());
  Solver solver;
  const Plan plan = solve_within(solver, setup.position, 0);
  EXPECT_TRUE(crosses(setup.position, plan.moves));
}

TEST(SolitaireSolver, AnswersFromItsPlanOnLaterMoves) {
  const GameSetup setup = start_of(solitaire_options());
  Solver solver;
  const Plan plan = solve_within(solver, setup.position, 1'000'000);
  ASSERT_GE(plan.moves.size(), 2u);

  Position next = setup.position;
  next.play(plan.moves[0]);
  int polls = 0;
  std::uint64_t reported_nodes = 1;
  const Plan rest = solver.solve(
      next,
      [&polls](std::uint64_t) {
        ++polls;
        return true;
      },
      [&reported_nodes](int, std::uint64_t nodes, const Plan&) { reported_nodes = nodes; });
  EXPECT_EQ(rest.moves, std::vector<Move>(plan.moves.begin() + 1, plan.moves.end()));
  EXPECT_EQ(polls, 0);
  EXPECT_EQ(reported_nodes, 0u);

  // A new game forgets the plan.
  solver.clear();
  solver.solve(next,
               [&polls](std::uint64_t) {
                 ++polls;
                 return true;
               },
               {});
  EXPECT_GT(polls, 0);
}

TEST(SolitaireSolver, HandlesOtherSolitaireRules) {
  for (const auto& change :
       {+[](RuleOptions& o) { o.long_jumps = true; }, +[](RuleOptions& o) { o.goal_lock = true; },
        +[](RuleOptions& o) { o.foreign_stop = true; },
        +[](RuleOptions& o) { o.board_size = 3; }}) {
    RuleOptions options = solitaire_options();
    change(options);
    const GameSetup setup = start_of(options);
    Solver solver;
    const Plan plan = solve_within(solver, setup.position, 300'000);
    EXPECT_TRUE(crosses(setup.position, plan.moves));
    EXPECT_LE(plan.lower_bound, static_cast<int>(plan.moves.size()));
  }
}

TEST(SolitaireSolver, RefusesGamesOfSeveralPlayers) {
  const GameSetup setup = start_of(RuleOptions{});
  Solver solver;
  EXPECT_TRUE(solve_within(solver, setup.position, 1000).moves.empty());
}

}  // namespace
}  // namespace tiaoqi::search::solitaire
