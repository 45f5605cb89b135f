#include "engine/perft.hpp"

#include <gtest/gtest.h>

#include <atomic>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

using testing::start_of;

TEST(Perft, StandardTwoPlayerStartToDepthFive) {
  const GameSetup setup = start_of();
  const Position& start = setup.position;
  const std::uint64_t expected[] = {1, 14, 196, 4648, 110224, 2947496};
  for (int depth = 0; depth <= 5; ++depth) EXPECT_EQ(perft(start, depth), expected[depth]) << depth;
}

// perft 1 is the number of legal moves, whatever they do to the game; a
// finished position has no moves below it.
void expect_leaves_are_moves(const Position& position, const char* what) {
  MoveList moves;
  generate_moves(position, moves);
  EXPECT_EQ(perft(position, 1), static_cast<std::uint64_t>(moves.size())) << what;
  EXPECT_EQ(perft_divide(position, 1).total, static_cast<std::uint64_t>(moves.size())) << what;
  EXPECT_EQ(testing::reference_moves(position).size(), static_cast<std::size_t>(moves.size()))
      << what;
  std::uint64_t below = 0;
  int finishers = 0;
  for (const Move& move : moves) {
    Position child = position;
    child.play(move);
    settle(child);
    finishers += child.is_over();
    EXPECT_EQ(perft(child, 0), 1u) << what;
    if (child.is_over()) {
      EXPECT_EQ(perft(child, 1), 0u) << what;
    }
    below += perft(child, 1);
  }
  EXPECT_EQ(perft(position, 2), below) << what;
  EXPECT_GT(finishers, 0) << what << ": the case should hold a move that ends the game";
}

TEST(Perft, AMoveThatEndsTheGameIsALeafLikeAnyOther) {
  // i13h14 fills a's target (GoalRule filled: every hole taken, one by a).
  RuleOptions filled;
  const GameSetup finisher =
      testing::setup_of("d/aa/aaa/aaa1/8a4/12/11/10/6a2/10/11/12/13/dddd/ddd/dd/1 1 a/d 0", filled);
  EXPECT_EQ(perft(finisher.position, 1), 27u);
  expect_leaves_are_moves(finisher.position, "finishing move");

  // Every move reaches the move limit and ends the game by adjudication.
  RuleOptions limited;
  limited.max_plies = 11;
  const GameSetup at_limit =
      testing::setup_of("d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 2 a/d 10", limited);
  expect_leaves_are_moves(at_limit.position, "move limit");
  EXPECT_EQ(perft(at_limit.position, 2), 0u);

  // The move count reaches the home deadline (2 moves a player): whoever
  // still has a piece at home is eliminated, so the game ends.
  RuleOptions deadline;
  deadline.home_deadline = 2;
  const GameSetup at_deadline =
      testing::setup_of("d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 2 a/d 3", deadline);
  expect_leaves_are_moves(at_deadline.position, "home deadline");
}

TEST(Perft, DivideSumsToPerft) {
  const GameSetup setup = start_of();
  const Position& start = setup.position;
  const PerftDivide divide = perft_divide(start, 3);
  EXPECT_EQ(divide.counts.size(), 14u);
  EXPECT_EQ(divide.total, 4648u);
  for (const auto& [move, count] : divide.counts) {
    Position child = start;
    child.play(move);
    EXPECT_EQ(perft(child, 2), count);
  }
}

// Shared over threads, perft gives every root move the count one thread
// gives, whether the work is split one or two plies below the root.
TEST(Perft, ThreadsShareTheWorkAndKeepEveryCount) {
  RuleOptions three;
  three.players = 3;
  RuleOptions small;
  small.board_size = 2;
  for (const GameSetup& setup :
       {start_of(), start_of(three), start_of(small),
        testing::setup_of("d/aa/aaa/aaa1/8a4/12/11/10/6a2/10/11/12/13/dddd/ddd/dd/1 1 a/d 0")}) {
    const PerftDivide alone = perft_divide(setup.position, 5);
    for (int threads : {2, 3, 8}) {
      const PerftDivide shared = perft_divide(setup.position, 5, nullptr, threads);
      EXPECT_FALSE(shared.stopped);
      EXPECT_EQ(shared.total, alone.total) << threads << " threads";
      EXPECT_EQ(shared.counts, alone.counts) << threads << " threads";
    }
  }
}

TEST(Perft, AStopFlagEndsASharedPerftIncomplete) {
  const std::atomic<bool> stop{true};
  const PerftDivide divide = perft_divide(start_of().position, 7, &stop, 2);
  EXPECT_TRUE(divide.stopped);
  EXPECT_TRUE(divide.counts.empty());
}

struct PerftCase {
  const char* name;
  int players, armies, pieces, board;
  std::vector<std::uint64_t> counts;  // from depth 1
};

class StartPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(StartPerft, MatchesFrozenCounts) {
  const PerftCase& c = GetParam();
  RuleOptions options;
  options.players = c.players;
  options.armies_per_player = c.armies;
  options.pieces_per_army = c.pieces;
  options.board_size = c.board;
  const GameSetup setup = start_of(options);
  const Position& start = setup.position;
  for (std::size_t i = 0; i < c.counts.size(); ++i)
    EXPECT_EQ(perft(start, static_cast<int>(i) + 1), c.counts[i]) << c.name << " depth " << i + 1;
}

// Frozen counts; the engine's generator agrees with the naive reference
// generator of test_support.cpp on every position these trees visit to
// depth 2 (ReferencePerft below) and on random games (movegen_test.cpp).
INSTANTIATE_TEST_SUITE_P(
    Seatings, StartPerft,
    ::testing::Values(PerftCase{"three_players", 3, 1, 10, 4, {14, 196, 2744, 65072, 1543136}},
                      PerftCase{"four_players", 4, 1, 10, 4, {14, 197, 2758, 38809, 922945}},
                      PerftCase{"six_players", 6, 1, 10, 4, {14, 197, 2772, 39005, 548842}},
                      PerftCase{"two_by_two", 2, 2, 10, 4, {28, 784, 29624, 1119364}},
                      PerftCase{"two_by_three", 2, 3, 10, 4, {42, 1766, 91578, 4755286}},
                      PerftCase{"three_by_two", 3, 2, 10, 4, {28, 785, 22036, 834172}},
                      PerftCase{"fifteen_two", 2, 1, 15, 4, {18, 324, 9504, 278784}},
                      PerftCase{"fifteen_three", 3, 1, 15, 4, {18, 324, 5832, 171180}},
                      PerftCase{"solitaire", 1, 1, 10, 4, {14, 332, 8878, 269932}},
                      PerftCase{"board_two", 2, 1, 10, 2, {6, 36, 372, 3844, 39482, 406568}},
                      PerftCase{"board_three", 2, 1, 10, 3, {10, 100, 1720, 29584, 545240}},
                      PerftCase{"board_three_six", 6, 1, 10, 3, {10, 101, 1020, 10301, 104030}}),
    [](const auto& info) { return std::string(info.param.name); });

// The naive reference generator, driven through the same play() and
// elimination rules, reproduces the frozen counts to depth 3.
std::uint64_t reference_perft(const Position& position, int depth) {
  if (depth == 0) return 1;
  if (position.is_over()) return 0;
  const auto moves = testing::reference_moves(position);
  if (moves.empty()) {
    Position after = position;
    after.eliminate_side_to_move();
    return reference_perft(after, depth);
  }
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const auto& [from, to] : moves) {
    Position child = position;
    child.play(Move{static_cast<Hole>(from), static_cast<Hole>(to)});
    nodes += reference_perft(child, depth - 1);
  }
  return nodes;
}

TEST_P(StartPerft, ReferenceGeneratorAgreesToDepthThree) {
  const PerftCase& c = GetParam();
  RuleOptions options;
  options.players = c.players;
  options.armies_per_player = c.armies;
  options.pieces_per_army = c.pieces;
  options.board_size = c.board;
  const GameSetup setup = start_of(options);
  const Position& start = setup.position;
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(reference_perft(start, depth), c.counts[depth - 1]) << c.name << " depth " << depth;
}

}  // namespace
}  // namespace tiaoqi
