#include "engine/movegen.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/perft.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

using testing::build;
using testing::destinations_of;
using testing::legal_moves;
using testing::random_playout;
using testing::reference_moves;
using testing::start_of;
using Names = std::vector<std::string>;

RuleOptions options_with(bool long_jumps, bool foreign_stop, bool goal_lock, bool swap_rule) {
  RuleOptions options;
  options.long_jumps = long_jumps;
  options.foreign_stop = foreign_stop;
  options.goal_lock = goal_lock;
  options.swap_rule = swap_rule;
  return options;
}

TEST(MoveGeneration, StandardStartHasFourteenMoves) {
  // Each of the four front pieces (rank 4) steps to two holes of rank 5 and
  // each of the three rank-3 pieces jumps over the rank-4 row in two ways.
  EXPECT_EQ(legal_moves(start_of().position),
            (Names{"j4i5", "j4j5", "k3i5", "k3k5", "k4j5", "k4k5", "l3j5", "l3l5", "l4k5", "l4l5",
                   "m3k5", "m3m5", "m4l5", "m4m5"}));
}

TEST(MoveGeneration, LonePieceStepsToItsSixNeighbours) {
  const GameSetup setup = build({}, {{'a', "i9"}});
  EXPECT_EQ(destinations_of(setup.position, "i9"), (Names{"h10", "h9", "i10", "i8", "j8", "j9"}));
}

TEST(MoveGeneration, JumpOverAnyArmyAndChains) {
  // j9 blocks the east step; the jump over it lands on k9, and a second jump
  // over l9 reaches m9. Five steps and two chain ends.
  const GameSetup setup = build({}, {{'a', "i9"}, {'d', "j9"}, {'d', "l9"}});
  EXPECT_EQ(destinations_of(setup.position, "i9"),
            (Names{"h10", "h9", "i10", "i8", "j8", "k9", "m9"}));
}

TEST(MoveGeneration, ChainsToTheSameHoleAreOneMove) {
  // k11 is reached both by i9-k9-k11 and by i9-i11-k11: one move. Four steps
  // (j9 and i10 are occupied) and the jump ends k9, i11, k11.
  const GameSetup setup =
      build({}, {{'a', "i9"}, {'d', "j9"}, {'d', "i10"}, {'d', "k10"}, {'d', "j11"}});
  EXPECT_EQ(destinations_of(setup.position, "i9"),
            (Names{"h10", "h9", "i11", "i8", "j8", "k11", "k9"}));
}

TEST(MoveGeneration, AChainBackToItsStartIsNoMove) {
  // i9-k9-i9 returns home; only k9 and the five steps are moves.
  const GameSetup setup = build({}, {{'a', "i9"}, {'d', "j9"}});
  for (const std::string& move : legal_moves(setup.position)) EXPECT_NE(move, "i9i9");
  EXPECT_EQ(destinations_of(setup.position, "i9").size(), 6u);
}

TEST(MoveGeneration, ForeignStopDecidesWhetherAPieceMayEndInAnotherArm) {
  // i5 is the hexagon corner next to arm b. h5 (arm b) is a step target
  // only with ForeignStop; g5 (arm b) is passed by the chain i5-g5-g7 and is
  // an end only with ForeignStop. j4 is the piece's own home.
  const std::vector<std::pair<char, std::string>> pieces = {{'a', "i5"}, {'d', "h5"}, {'d', "g6"}};
  EXPECT_EQ(destinations_of(build({}, {{'a', "i5"}}).position, "i5"),
            (Names{"h6", "i6", "j4", "j5"}));
  EXPECT_EQ(
      destinations_of(build(options_with(false, true, false, false), {{'a', "i5"}}).position, "i5"),
      (Names{"h5", "h6", "i6", "j4", "j5"}));
  EXPECT_EQ(destinations_of(build({}, pieces).position, "i5"),
            (Names{"g7", "h6", "i6", "j4", "j5"}));
  EXPECT_EQ(destinations_of(build(options_with(false, true, false, false), pieces).position, "i5"),
            (Names{"g5", "g7", "h6", "i6", "j4", "j5"}));
}

TEST(MoveGeneration, GoalLockKeepsAPieceInsideItsTarget) {
  // f14 is in a's target (arm d). The chain f14-f12-h12-h14 leaves the target
  // and comes back; with the goal lock only the four steps inside remain.
  const std::vector<std::pair<char, std::string>> pieces = {
      {'a', "f14"}, {'d', "f13"}, {'d', "g12"}, {'d', "h13"}};
  EXPECT_EQ(destinations_of(build({}, pieces).position, "f14"),
            (Names{"e14", "e15", "f12", "f15", "g13", "g14", "h12", "h14"}));
  EXPECT_EQ(destinations_of(build(options_with(false, false, true, false), pieces).position, "f14"),
            (Names{"e14", "e15", "f15", "g14"}));
}

TEST(MoveGeneration, SwapRuleLandsOnAnOpponentInTheTarget) {
  // f14 and g14 hold d pieces inside a's target (arm d). With the swap rule
  // f12 may jump over f13 onto f14, and g13 may step onto g14; without it
  // neither is a move.
  const std::vector<std::pair<char, std::string>> pieces = {
      {'a', "f12"}, {'a', "g13"}, {'d', "f13"}, {'d', "f14"}, {'d', "g14"}};
  const GameSetup plain = build({}, pieces);
  const GameSetup swap = build(options_with(false, false, false, true), pieces);
  EXPECT_EQ(destinations_of(plain.position, "f12"), (Names{"e12", "e13", "f11", "g11", "g12"}));
  EXPECT_EQ(destinations_of(swap.position, "f12"),
            (Names{"e12", "e13", "f11", "f14", "g11", "g12"}));
  const Names plain_g13 = destinations_of(plain.position, "g13");
  const Names swap_g13 = destinations_of(swap.position, "g13");
  EXPECT_EQ(std::count(plain_g13.begin(), plain_g13.end(), "g14"), 0);
  EXPECT_EQ(std::count(swap_g13.begin(), swap_g13.end(), "g14"), 1);

  // Playing the swap puts the d piece on the mover's start hole.
  Position after = swap.position;
  after.play(*parse_move(swap.position, "f12f14"));
  EXPECT_EQ(after.army_at(*after.geometry().parse_hole("f14")), 0);
  EXPECT_EQ(after.army_at(*after.geometry().parse_hole("f12")), 3);
  EXPECT_EQ(after.hash(), after.compute_hash());
}

TEST(MoveGeneration, SwapRuleNeverDisplacesTheMoversOwnOtherArmy) {
  // Seating ab/de: a's target is arm d. A b piece standing there is the
  // mover's own and cannot be swapped; the e piece belongs to player 2.
  RuleOptions options = options_with(false, true, false, true);
  options.armies_per_player = 2;
  const GameSetup setup = build(options, {{'a', "f13"}, {'b', "f14"}, {'e', "e14"}});
  const Names ends = destinations_of(setup.position, "f13");
  EXPECT_EQ(std::count(ends.begin(), ends.end(), "f14"), 0);
  EXPECT_EQ(std::count(ends.begin(), ends.end(), "e14"), 1);
}

TEST(MoveGeneration, LongJumpsOverADistantPivot) {
  // k9 is two holes east of i9 with j9 and l9 empty: the long jump lands on
  // m9, four holes away. Short jumps find nothing to jump.
  const std::vector<std::pair<char, std::string>> pieces = {{'a', "i9"}, {'d', "k9"}};
  EXPECT_EQ(destinations_of(build({}, pieces).position, "i9").size(), 6u);
  EXPECT_EQ(destinations_of(build(options_with(true, false, false, false), pieces).position, "i9"),
            (Names{"h10", "h9", "i10", "i8", "j8", "j9", "m9"}));
}

TEST(MoveGeneration, LongJumpsPassOverTheLiftedStartHole) {
  // i9-i11-k9, then west from k9: j9 empty, i9 is the mover's own start
  // (empty during its chain), h9 is the pivot three holes away, and the
  // landing is e9, six holes away.
  const GameSetup setup = build(options_with(true, false, false, false),
                                {{'a', "i9"}, {'d', "i10"}, {'d', "j10"}, {'d', "h9"}});
  const Names ends = destinations_of(setup.position, "i9");
  EXPECT_EQ(std::count(ends.begin(), ends.end(), "e9"), 1);
  EXPECT_EQ(shortest_path(setup.position, *parse_move(setup.position, "i9e9")).size(), 4u);
  EXPECT_EQ(move_text(setup.position, *parse_move(setup.position, "i9e9")), "i9i11k9e9");
}

TEST(MoveGeneration, CountAndHasMoveAgreeWithTheList) {
  const GameSetup setup = start_of();
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const Position position = random_playout(setup.position, seed, 60);
    MoveList moves;
    generate_moves(position, moves);
    EXPECT_EQ(count_moves(position), moves.size());
    EXPECT_EQ(has_legal_move(position), !moves.empty());
  }
}

// Every rule option combination and seating, in positions from random
// games, against the naive reference generator of test_support.cpp.
TEST(MoveGeneration, AgreesWithTheReferenceUnderEveryOptionAndSeating) {
  struct Seat {
    int players, armies, pieces, board;
  };
  const Seat seats[] = {{2, 1, 10, 4}, {3, 1, 10, 4}, {4, 1, 10, 4}, {6, 1, 10, 4},
                        {2, 2, 10, 4}, {2, 3, 10, 4}, {3, 2, 10, 4}, {2, 1, 15, 4},
                        {3, 1, 15, 4}, {1, 1, 10, 4}, {2, 1, 10, 2}, {6, 1, 10, 3}};
  int positions = 0;
  for (int bits = 0; bits < 16; ++bits) {
    for (const Seat& seat : seats) {
      RuleOptions options = options_with(bits & 1, bits & 2, bits & 4, bits & 8);
      options.players = seat.players;
      options.armies_per_player = seat.armies;
      options.pieces_per_army = seat.pieces;
      options.board_size = seat.board;
      const GameSetup setup = start_of(options);
      for (unsigned seed = 1; seed <= 2; ++seed) {
        Position position = setup.position;
        std::mt19937 random(seed * 977 + bits);
        for (int ply = 0; ply < 160 && !position.is_over(); ++ply) {
          MoveList moves;
          generate_moves(position, moves);
          std::set<std::pair<int, int>> generated;
          for (const Move& m : moves) generated.insert({m.from, m.to});
          ASSERT_EQ(generated.size(), static_cast<std::size_t>(moves.size())) << "duplicate moves";
          ASSERT_EQ(generated, reference_moves(position))
              << position_string(position) << " options " << bits;
          // The same moves grouped by piece, each piece with its army, and
          // listed one by one in order by move(index).
          PieceMoveList by_piece;
          generate_moves(position, by_piece);
          ASSERT_EQ(by_piece.move_count(), moves.size());
          ASSERT_EQ(by_piece.empty(), moves.empty());
          std::set<std::pair<int, int>> grouped, indexed;
          for (const PieceMoves& piece : by_piece) {
            ASSERT_TRUE(piece.to.any());
            ASSERT_EQ(piece.army, position.army_at(piece.from));
            for (int to : piece.to) grouped.insert({piece.from, to});
          }
          for (int i = 0; i < by_piece.move_count(); ++i) {
            const Move move = by_piece.move(i);
            indexed.insert({move.from, move.to});
          }
          ASSERT_EQ(grouped, generated) << position_string(position) << " options " << bits;
          ASSERT_EQ(indexed, generated) << position_string(position) << " options " << bits;
          ++positions;
          if (moves.empty()) {
            position.eliminate_side_to_move();
            continue;
          }
          position.play(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(random)]);
        }
      }
    }
  }
  EXPECT_GT(positions, 10000);
}

// Rotating a position by 60 degrees and relabelling armies a->b->...->f
// must keep every perft count.
Position rotated(const Position& position, const Rules& rotated_rules) {
  Position turned = Position::empty(rotated_rules);
  const Geometry& geometry = position.geometry();
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const int army = position.army_at(static_cast<Hole>(h));
    if (army >= 0) turned.put_piece((army + 1) % 6, geometry.rotate(static_cast<Hole>(h), 1));
  }
  turned.set_side_to_move(position.side_to_move());
  turned.set_move_count(position.move_count());
  turned.conclude_setup();
  return turned;
}

TEST(MoveGeneration, RotationAndRelabellingKeepEveryCount) {
  for (int bits = 0; bits < 16; bits += 3) {
    for (int players : {2, 3, 6}) {
      RuleOptions options = options_with(bits & 1, bits & 2, bits & 4, bits & 8);
      options.players = players;
      const GameSetup setup = start_of(options);
      Seating seating = setup.rules->seating();
      for (auto& armies : seating.armies)
        for (int& army : armies) army = (army + 1) % 6;
      const auto turned_rules = Rules::make(options, seating, 4);
      ASSERT_TRUE(turned_rules) << turned_rules.error();
      for (unsigned seed = 1; seed <= 3; ++seed) {
        const Position position = random_playout(setup.position, seed + bits, 30 * seed);
        const Position turned = rotated(position, *turned_rules);
        EXPECT_EQ(turned.is_over(), position.is_over());
        EXPECT_EQ(perft(turned, 2), perft(position, 2)) << position_string(position);
        EXPECT_EQ(count_moves(turned), count_moves(position));
      }
    }
  }
}

}  // namespace
}  // namespace tiaoqi
