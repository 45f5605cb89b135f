// The dragons variant's rules (docs/rules.md, "The dragons variant"), each
// on a position built for it, in the referee's view (every dragon known).
#include "engine/dragons.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

using testing::build;
using testing::destinations_of;

RuleOptions dragons() {
  RuleOptions options;
  options.variant = Variant::kDragons;
  options.players = 3;
  return options;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

Move move_of(const Position& position, const char* text) {
  auto move = parse_move(position, text);
  EXPECT_TRUE(move) << text << ": " << move.error();
  return move ? *move : Move{};
}

// A piece of each player far away, so that nobody is out of the game.
std::vector<std::pair<char, std::string>> with_bystanders(
    std::vector<std::pair<char, std::string>> pieces) {
  pieces.insert(pieces.end(), {{'A', "m1"}, {'C', "a13"}, {'E', "m13"}});
  return pieces;
}

TEST(Dragons, OnlyAChainsLastLandingCaptures) {
  // a on i9 jumps over c on i10 and may end on e's piece on i11; it may not
  // go on from there to i13 over e's i12, nor step onto i10.
  const GameSetup setup =
      build(dragons(), with_bystanders({{'a', "i9"}, {'c', "i10"}, {'e', "i11"}, {'e', "i12"}}));
  const auto ends = destinations_of(setup.position, "i9");
  EXPECT_TRUE(has(ends, "i11"));
  EXPECT_FALSE(has(ends, "i13"));
  EXPECT_FALSE(has(ends, "i10"));
  EXPECT_EQ(ends.size(), 6u);  // five steps and the capture
  Position after = setup.position;
  after.play(move_of(after, "i9i11"));
  EXPECT_EQ(after.army_at(*after.geometry().parse_hole("i11")), 0);
  EXPECT_EQ(after.army(4).count(), 2);  // e lost one of its three pieces
  EXPECT_FALSE(after.is_over());
  EXPECT_EQ(after.side_to_move(), 1);
}

TEST(Dragons, APieceMayStopInAnyArm) {
  // From i9 nothing is forbidden: the arms of c and e and a's own home too.
  const GameSetup setup =
      build(dragons(), with_bystanders({{'a', "e13"}, {'a', "d12"}, {'a', "k4"}, {'a', "j5"}}), 1);
  EXPECT_TRUE(has(destinations_of(setup.position, "e13"), "d13"));  // c's home
  EXPECT_TRUE(has(destinations_of(setup.position, "j5"), "j4"));    // a's own home
  EXPECT_TRUE(has(destinations_of(setup.position, "j5"), "l3"));    // a jump into it
}

TEST(Dragons, CapturingADragonEliminatesItsOwnerWhosePiecesStayAndCanBeTaken) {
  // a takes c's dragon on i11; c's pieces on b12 and a13 stay, never move
  // again, and e's c11 may take the one on a13 over b12.
  const GameSetup setup = build(dragons(), {{'A', "m1"},
                                            {'a', "i9"},
                                            {'a', "i10"},
                                            {'C', "i11"},
                                            {'c', "b12"},
                                            {'c', "a13"},
                                            {'E', "m13"},
                                            {'e', "c11"}});
  Game game(setup);
  ASSERT_TRUE(game.play("i9i11#"));
  const Position& after = game.position();
  EXPECT_TRUE(after.is_eliminated(1));
  EXPECT_FALSE(after.is_over());
  EXPECT_EQ(after.side_to_move(), 2);   // c is skipped from now on
  EXPECT_EQ(after.army(2).count(), 2);  // its other pieces stay
  EXPECT_TRUE(has(testing::legal_moves(after), "c11a13"));
  ASSERT_TRUE(game.play("c11a13"));
  EXPECT_EQ(game.position().army(2).count(), 1);
  EXPECT_EQ(game.position().side_to_move(), 0);
}

TEST(Dragons, AGroupInAnotherHomeWinsThroughEitherOpponent) {
  // a's dragon steps from e10 into c's home on d10, joined to e9 and f9.
  const GameSetup into_c =
      build(dragons(), {{'A', "e10"}, {'a', "e9"}, {'a', "f9"}, {'C', "a13"}, {'E', "m13"}});
  Position won = into_c.position;
  won.play(move_of(won, "e10d10"));
  ASSERT_TRUE(won.is_over());
  EXPECT_EQ(won.place_of(0), 0);
  EXPECT_NE(won.place_of(1), 0);

  const GameSetup into_e =
      build(dragons(), {{'A', "l9"}, {'a', "l8"}, {'a', "k9"}, {'C', "a13"}, {'E', "m13"}});
  Position won_e = into_e.position;
  won_e.play(move_of(won_e, "l9l10"));  // l10 is not e's home: m10 is
  EXPECT_FALSE(won_e.is_over());
  const GameSetup into_e2 =
      build(dragons(), {{'A', "l10"}, {'a', "m9"}, {'a', "l9"}, {'C', "a13"}, {'E', "m13"}});
  Position won_e2 = into_e2.position;
  won_e2.play(move_of(won_e2, "l10m10"));
  ASSERT_TRUE(won_e2.is_over());
  EXPECT_EQ(won_e2.place_of(0), 0);

  // A piece left behind spoils the group.
  const GameSetup apart =
      build(dragons(), {{'A', "e10"}, {'a', "e9"}, {'a', "i5"}, {'C', "a13"}, {'E', "m13"}});
  Position not_won = apart.position;
  not_won.play(move_of(not_won, "e10d10"));
  EXPECT_FALSE(not_won.is_over());
}

TEST(Dragons, ACaptureThatCompletesAnotherPlayersGroupWinsForThatPlayer) {
  // e's dragon stands in a's home, joined to l2; e's last other piece, on
  // i10, is taken by a: e's remaining pieces are one group, so e wins
  // although a moved.
  const GameSetup setup = build(dragons(), {{'A', "a13"},
                                            {'a', "i8"},
                                            {'c', "i9"},
                                            {'C', "b13"},
                                            {'E', "l3"},
                                            {'e', "l2"},
                                            {'e', "i10"}});
  Position after = setup.position;
  after.play(move_of(after, "i8i10"));
  ASSERT_TRUE(after.is_over());
  EXPECT_EQ(after.place_of(2), 0);
  EXPECT_NE(after.place_of(0), 0);
}

TEST(Dragons, TheLastDragonStandingWins) {
  const GameSetup setup =
      build(dragons(),
            {{'A', "i9"}, {'a', "i10"}, {'C', "i11"}, {'c', "a13"}, {'e', "m13"}, {'e', "m12"}});
  Position before = setup.position;
  before.set_eliminated(2);  // e has lost its dragon earlier
  Position after = before;
  after.play(move_of(after, "i9i11"));
  ASSERT_TRUE(after.is_over());
  EXPECT_EQ(after.place_of(0), 0);
}

TEST(Dragons, APlayerWithoutAMovePassesAndNobodyMovingIsADraw) {
  // c has no piece left that can move (here: none at all): it passes.
  const GameSetup boxed = build(dragons(), {{'A', "m1"}, {'a', "i9"}, {'E', "m13"}}, 2);
  Game game(boxed);
  // c passes: e is to move, no move was counted.
  EXPECT_EQ(game.position().side_to_move(), 2);
  EXPECT_EQ(game.position().move_count(), 0);
  EXPECT_FALSE(game.position().is_eliminated(1));

  Position stuck = boxed.position;
  stuck.pass_turn();
  stuck.pass_turn();
  EXPECT_FALSE(stuck.is_over());
  stuck.pass_turn();
  ASSERT_TRUE(stuck.is_over());
  EXPECT_EQ(stuck.place_of(0), 0);
  EXPECT_EQ(stuck.place_of(1), 0);
  EXPECT_EQ(stuck.place_of(2), 0);
}

TEST(Dragons, TheRefereesMarksMustAgreeWithTheKnownDragons) {
  const GameSetup setup = build(dragons(), {{'A', "m1"},
                                            {'a', "i9"},
                                            {'c', "i10"},
                                            {'e', "i11"},
                                            {'C', "a13"},
                                            {'E', "m13"},
                                            {'a', "e10"},
                                            {'a', "e11"}});
  Game game(setup);
  // '#' on a capture of e's i11 piece, but e's dragon is known on m13.
  EXPECT_FALSE(game.play("i9i11#"));
  // '*' on a move that ends in no other player's home.
  EXPECT_FALSE(game.play("i9h9*"));
  // '*' on a's piece while a's dragon is known on m1.
  EXPECT_FALSE(game.play("e10d10*"));
  // '#' without a capture.
  EXPECT_FALSE(game.play("i9h9#"));
  // Marks outside the variant.
  Game standard(testing::start_of());
  EXPECT_FALSE(standard.play("l3l5*"));
  EXPECT_EQ(game.moves().size(), 0u);
  // A plain capture of a piece not known as a dragon is fine.
  EXPECT_TRUE(game.play("i9i11"));
}

TEST(Dragons, APositionStringHasAtMostOneDragonAnArmy) {
  EXPECT_FALSE(
      parse_position_string("1/2/3/4/CCcc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/"
                            "aa/a 1 a/c/e 0",
                            dragons()));
  EXPECT_TRUE(
      parse_position_string("1/2/3/4/Cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/"
                            "aa/A 1 a/c/e 0",
                            dragons()));
  // Upper case is a dragon only in the dragons variant.
  RuleOptions three;
  three.players = 3;
  EXPECT_FALSE(
      parse_position_string("1/2/3/4/Cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/"
                            "aa/a 1 a/c/e 0",
                            three));
}

TEST(Dragons, OnlyThreePlayersOnTheStandardBoard) {
  RuleOptions two = dragons();
  two.players = 2;
  EXPECT_FALSE(Rules::make(two));
  RuleOptions small = dragons();
  small.board_size = 3;
  EXPECT_FALSE(Rules::make(small));
  RuleOptions wide = dragons();
  wide.pieces_per_army = 15;
  EXPECT_FALSE(Rules::make(wide));
  // The options of the race to the target are read off.
  RuleOptions extras = dragons();
  extras.long_jumps = extras.swap_rule = extras.goal_lock = true;
  auto rules = Rules::make(extras);
  ASSERT_TRUE(rules);
  EXPECT_FALSE(rules->options().long_jumps);
  EXPECT_FALSE(rules->options().swap_rule);
  EXPECT_FALSE(rules->options().goal_lock);
}

// Frozen counts from the start in the referee's view; the naive reference
// generator of tests/support agrees to depth 3 and on random games.
TEST(Dragons, PerftFromTheStartAndTheReferenceAgrees) {
  const GameSetup setup = testing::setup_of(
      "1/2/3/4/Cccc5Eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/A 1 a/c/e 0", dragons());
  const std::uint64_t expected[] = {14, 196, 2744, 66640, 1618400};
  for (int depth = 1; depth <= 5; ++depth)
    EXPECT_EQ(perft(setup.position, depth), expected[depth - 1]) << depth;
  for (unsigned seed = 1; seed <= 12; ++seed) {
    for (int plies : {10, 40, 90, 160}) {
      const Position position = testing::random_playout(setup.position, seed, plies);
      if (position.is_over()) continue;
      MoveList moves;
      generate_moves(position, moves);
      EXPECT_EQ(testing::reference_moves(position).size(), static_cast<std::size_t>(moves.size()))
          << "seed " << seed << " plies " << plies;
      EXPECT_EQ(count_moves(position), moves.size());
    }
  }
}

// The dragons drawn from a seed are holes of each player's home with one
// of its pieces; the same seed draws the same dragons.
TEST(Dragons, DrawnAndGivenDragons) {
  RuleOptions rules;
  rules.players = 3;
  rules.variant = Variant::kDragons;
  auto start = start_setup(rules);
  ASSERT_TRUE(start.ok()) << start.error();
  const Position& position = start->position;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto dragons = draw_dragons(position, seed);
    ASSERT_EQ(dragons.size(), 3u);
    for (int p = 0; p < 3; ++p)
      EXPECT_TRUE((position.pieces_of(p) & position.rules().homes_of(p))
                      .test(dragons[static_cast<std::size_t>(p)]));
    EXPECT_EQ(draw_dragons(position, seed), dragons);
    auto read = parse_dragons(position, dragons_text(position.geometry(), dragons));
    ASSERT_TRUE(read.ok()) << read.error();
    EXPECT_EQ(*read, dragons);
  }
  EXPECT_EQ(parse_dragons(position, "m1,c11").error(),
            "dragons: expected 3 holes, one for each player in turn order (such as m1,c11,l12), "
            "got 'm1,c11'");
  EXPECT_EQ(parse_dragons(position, "m1,c11,k9").error(),
            "dragons: the dragon of p3 must start on a piece of its home, got 'k9'");
  EXPECT_EQ(parse_dragons(position, "m1,zz,l12").error(), "dragons: 'zz' is no hole of this board");
}

}  // namespace
}  // namespace tiaoqi
