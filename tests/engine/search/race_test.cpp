#include "engine/search/race.hpp"

#include <gtest/gtest.h>

#include <unordered_set>

#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

// a's pieces: nine home in the north target, one at i9; d's: nine in the
// south target, one at i7, behind every piece of a on a's way north.
GameSetup race_position() {
  std::vector<std::pair<char, std::string>> pieces;
  for (const char* hole : {"e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14"})
    pieces.emplace_back('a', hole);
  pieces.emplace_back('a', "i9");
  for (const char* hole : {"m1", "l2", "m2", "k3", "l3", "m3", "j4", "k4", "l4"})
    pieces.emplace_back('d', hole);
  pieces.emplace_back('d', "i7");
  return tiaoqi::testing::build(RuleOptions{}, pieces);
}

TEST(Race, PassedArmiesAreARaceAndTheStartIsNot) {
  EXPECT_FALSE(race_army(tiaoqi::testing::start_of().position));
  const GameSetup race = race_position();
  ASSERT_TRUE(race_army(race.position));
  EXPECT_EQ(*race_army(race.position), 0);
  // With d's last piece beside a's, they can still meet.
  std::vector<std::pair<char, std::string>> pieces = {{'a', "i9"}, {'d', "h10"}};
  EXPECT_FALSE(race_army(tiaoqi::testing::build(RuleOptions{}, pieces).position));
}

// The fewest moves that bring a's pieces home, a alone on the board, by
// breadth-first search over every legal move.
int fewest_moves_alone(const Position& race) {
  RuleOptions solitaire = race.rules().options();
  solitaire.players = 1;
  std::vector<std::pair<char, std::string>> pieces;
  for (int h : race.army(0)) pieces.emplace_back('a', race.geometry().name(static_cast<Hole>(h)));
  const GameSetup alone = tiaoqi::testing::build(solitaire, pieces);
  std::vector<Position> frontier = {alone.position};
  std::unordered_set<std::uint64_t> seen = {alone.position.hash()};
  for (int moves = 0; !frontier.empty(); ++moves) {
    std::vector<Position> next;
    for (const Position& position : frontier) {
      if (position.is_over()) return moves;
      MoveList legal;
      generate_moves(position, legal);
      for (const Move& move : legal) {
        Position child = position;
        child.play(move);
        if (seen.insert(child.hash()).second) next.push_back(child);
      }
    }
    frontier = std::move(next);
  }
  return -1;
}

TEST(Race, TheSolverPlansTheFewestMovesAndPlaysTheFirst) {
  // The small board (three pieces an army): a has one piece home and two
  // behind; d is behind all of them on a's way north. The crossing the
  // solver plans (its length is the info line's depth) is as short as a
  // breadth-first search finds, and its first move is legal here.
  RuleOptions small;
  small.board_size = 2;
  const GameSetup setup = tiaoqi::testing::build(
      small, {{'a', "c9"}, {'a', "d6"}, {'a', "f5"}, {'d', "e3"}, {'d', "g1"}, {'d', "f2"}});
  ASSERT_TRUE(race_army(setup.position));
  const int fewest = fewest_moves_alone(setup.position);
  ASSERT_GT(fewest, 1);
  SearchControl control;
  control.start(TimeBudget{}, std::nullopt, false);
  RaceSolver solver;
  int planned = 0;
  const auto result = solver.search(setup.position, SearchLimits{}, SearchPlan{}, control,
                                    [&](const SearchInfo& info) { planned = info.depth; });
  ASSERT_TRUE(result);
  EXPECT_EQ(planned, fewest);
  MoveList legal;
  generate_moves(setup.position, legal);
  EXPECT_TRUE(legal.contains(result->best));
}

}  // namespace
}  // namespace tiaoqi::search
