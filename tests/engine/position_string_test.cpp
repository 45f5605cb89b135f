#include "engine/position_string.hpp"

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

using testing::random_playout;
using testing::start_of;

constexpr const char* kTwoPlayerStart =
    "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0";

RuleOptions with_seating(int players, int armies, int pieces = 10, int board = 4) {
  RuleOptions options;
  options.players = players;
  options.armies_per_player = armies;
  options.pieces_per_army = pieces;
  options.board_size = board;
  return options;
}

TEST(PositionString, StandardTwoPlayerStartIsThePrinciplesExample) {
  EXPECT_EQ(position_string(start_of().position), kTwoPlayerStart);
}

TEST(PositionString, StartPositionsOfEverySeating) {
  EXPECT_EQ(position_string(start_of(with_seating(3, 1)).position),
            "1/2/3/4/cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/a 1 a/c/e 0");
  EXPECT_EQ(position_string(start_of(with_seating(6, 1)).position),
            "d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a "
            "1 a/b/c/d/e/f 0");
  EXPECT_EQ(position_string(start_of(with_seating(1, 1)).position),
            "1/2/3/4/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a 0");
  EXPECT_EQ(position_string(start_of(with_seating(2, 2)).position),
            "d/dd/ddd/dddd/9eeee/9eee/9ee/9e/9/b9/bb9/bbb9/bbbb9/aaaa/aaa/aa/a 1 ab/de 0");
  EXPECT_EQ(position_string(start_of(with_seating(4, 1)).position),
            "d/dd/ddd/dddd/9eeee/9eee/9ee/9e/9/b9/bb9/bbb9/bbbb9/aaaa/aaa/aa/a 1 a/b/d/e 0");
  EXPECT_EQ(position_string(start_of(with_seating(3, 2)).position),
            "d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a "
            "1 ab/cd/ef 0");
  EXPECT_EQ(position_string(start_of(with_seating(2, 1, 15)).position),
            "d/dd/ddd/dddd/4ddddd4/12/11/10/9/10/11/12/4aaaaa4/aaaa/aaa/aa/a 1 a/d 0");
  EXPECT_EQ(position_string(start_of(with_seating(2, 1, 10, 2)).position),
            "d/dd/7/6/5/6/7/aa/a 1 a/d 0");
  EXPECT_EQ(position_string(start_of(with_seating(2, 1, 10, 3)).position),
            "d/dd/ddd/10/9/8/7/8/9/10/aaa/aa/a 1 a/d 0");
}

TEST(PositionString, PieceCountsOfTheStarts) {
  struct Case {
    int players, armies, pieces, board, per_army;
  };
  for (const Case& c :
       {Case{2, 1, 10, 4, 10}, Case{3, 1, 15, 4, 15}, Case{4, 1, 10, 4, 10}, Case{6, 1, 10, 4, 10},
        Case{2, 3, 10, 4, 10}, Case{3, 2, 10, 4, 10}, Case{2, 1, 10, 2, 3}, Case{6, 1, 10, 3, 6}}) {
    const GameSetup setup = start_of(with_seating(c.players, c.armies, c.pieces, c.board));
    EXPECT_EQ(setup.position.occupied().count(), c.players * c.armies * c.per_army);
    for (int army = 0; army < kArmies; ++army)
      if (setup.rules->player_of(army) != kNoPlayer) {
        EXPECT_EQ(setup.position.army(army).count(), c.per_army);
      }
  }
}

TEST(PositionString, RoundTripsThroughRandomGames) {
  const RuleOptions seatings[] = {
      with_seating(2, 1), with_seating(3, 1),     with_seating(6, 1),       with_seating(2, 2),
      with_seating(3, 2), with_seating(3, 1, 15), with_seating(4, 1, 10, 3)};
  unsigned seed = 1;
  for (const RuleOptions& options : seatings) {
    const GameSetup start = start_of(options);
    for (int plies : {0, 7, 40, 120}) {
      const Position position = random_playout(start.position, seed++, plies);
      const std::string text = position_string(position);
      const auto again = parse_position_string(text, options);
      ASSERT_TRUE(again) << again.error();
      EXPECT_EQ(position_string(again->position), text);
      EXPECT_EQ(again->position.hash(), position.hash());
      EXPECT_EQ(again->position.occupied(), position.occupied());
    }
  }
}

TEST(PositionString, EliminationMarksRoundTrip) {
  const std::string text =
      "1/2/3/4/cccc5eeee/ccc6eee/cc7ee/c8e/9/10/11/12/13/aaaa/aaa/aa/a 1 a/c-/e 5";
  const auto setup = parse_position_string(text, with_seating(3, 1));
  ASSERT_TRUE(setup) << setup.error();
  EXPECT_TRUE(setup->position.is_eliminated(1));
  EXPECT_FALSE(setup->position.is_eliminated(0));
  EXPECT_EQ(position_string(setup->position), text);
  EXPECT_EQ(setup->position.move_count(), 5);
}

TEST(PositionString, SeatingFieldGivesTheTurnOrderAndArmies) {
  // Any armies with the right counts: b against e, player 1 seated first.
  const auto setup = parse_position_string(
      "1/2/3/4/13/12/11/10/9/b9/bb9/bbb9/bbbb9/4/3/2/1 2 b/e 3", with_seating(2, 1));
  ASSERT_TRUE(setup) << setup.error();
  EXPECT_EQ(setup->position.side_to_move(), 1);
  EXPECT_EQ(setup->rules->player_of(1), 0);
  EXPECT_EQ(setup->rules->player_of(4), 1);
}

struct BadString {
  // The test's name in ctest.
  const char* name;
  const char* text;
  const char* expected_fragment;
};

class PositionStringErrors : public ::testing::TestWithParam<BadString> {};

TEST_P(PositionStringErrors, AreRefusedWithAMessageNamingTheField) {
  const auto setup = parse_position_string(GetParam().text, RuleOptions{});
  ASSERT_FALSE(setup);
  EXPECT_NE(setup.error().find(GetParam().expected_fragment), std::string::npos) << setup.error();
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, PositionStringErrors,
    ::testing::Values(
        BadString{"empty", "", "needs 4 fields"},
        BadString{"three_fields", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d",
                  "needs 4 fields"},
        BadString{"five_fields", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0 0",
                  "got 5"},
        BadString{"sixteen_ranks", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa 1 a/d 0",
                  "16 ranks"},
        BadString{"short_rank", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/12/aaaa/aaa/aa/a 1 a/d 0",
                  "rank 5"},
        BadString{"long_rank", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/14/aaaa/aaa/aa/a 1 a/d 0",
                  "rank 5"},
        BadString{"unknown_army_letter",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/x 1 a/d 0", "army letter"},
        BadString{"army_not_seated",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/b 1 a/d 0",
                  "not in the seating"},
        BadString{"dragon_without_the_variant",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/A 1 a/d 0", "dragon"},
        BadString{"eleven_pieces", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/a12/aaaa/aaa/aa/a 1 a/d 0",
                  "11 pieces"},
        BadString{"zero_empty_holes",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/013/aaaa/aaa/aa/a 1 a/d 0", "empty holes"},
        BadString{"leading_zero", "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/0013/aaaa/aaa/aa/a 1 a/d 0",
                  "empty holes"},
        BadString{"player_to_move_too_high",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 3 a/d 0",
                  "player-to-move"},
        BadString{"player_to_move_zero",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 0 a/d 0",
                  "player-to-move"},
        BadString{"player_to_move_not_a_number",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a x a/d 0",
                  "player-to-move"},
        BadString{"player_to_move_eliminated",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a-/d 0", "eliminated"},
        BadString{"negative_move_count",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d -1", "move-count"},
        BadString{"huge_move_count",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 99999999999",
                  "move-count"},
        BadString{"three_seats_for_two_players",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/c/e 0",
                  "Players is 2"},
        BadString{"seat_without_an_army",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 ad/ 0", "no army"},
        BadString{"army_seated_twice",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/a 0", "twice"},
        BadString{"dash_inside_a_seat",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a-d/e 0",
                  "'-' may only"},
        BadString{"two_armies_a_player",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 ad/be 0",
                  "ArmiesPerPlayer is 1"},
        BadString{"army_letter_beyond_f",
                  "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/g 0", "army letter"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(PositionString, FifteenPiecesNeedNonNeighbouringArmiesAndTheBigBoard) {
  RuleOptions options = with_seating(2, 1, 15);
  auto neighbours =
      parse_position_string("1/2/3/4/13/12/11/10/9/10/11/12/13/4/3/2/1 1 a/b 0", options);
  ASSERT_FALSE(neighbours);
  EXPECT_NE(neighbours.error().find("neighbours"), std::string::npos);
  auto small = parse_position_string("d/dd/7/6/5/6/7/aa/a 1 a/d 0", options);
  ASSERT_FALSE(small);
  EXPECT_NE(small.error().find("standard board"), std::string::npos);
  EXPECT_FALSE(start_setup(with_seating(4, 1, 15)));
  EXPECT_FALSE(start_setup(with_seating(2, 2, 15)));
  EXPECT_TRUE(start_setup(with_seating(3, 1, 15)));
}

TEST(PositionString, InvalidOptionCombinationsAreRefused) {
  EXPECT_FALSE(start_setup(with_seating(5, 1)));
  EXPECT_FALSE(start_setup(with_seating(4, 2)));
  EXPECT_FALSE(start_setup(with_seating(1, 2)));
  EXPECT_FALSE(start_setup(with_seating(2, 1, 12)));
  EXPECT_FALSE(start_setup(with_seating(2, 1, 10, 5)));
  EXPECT_NE(start_setup(with_seating(5, 1)).error().find("Players 5"), std::string::npos);
}

}  // namespace
}  // namespace tiaoqi
