// CCP's cells: the numbering (docs/protocol.md, "Cells"), positions read
// from cells, moves written and read as cell paths.
#include <gtest/gtest.h>

#include "engine/facade/options.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "protocol/ccp/cells.hpp"

namespace tiaoqi::protocol::ccp {
namespace {

const std::string kStartCells = std::string(10, '0') + std::string(101, '.') + std::string(10, '1');

TEST(CcpCells, NumberTheBoardFromTheFirstPlayersTip) {
  const Geometry& board = Geometry::of(kMaxArmSize);
  EXPECT_EQ(board.name(0), "m1");
  EXPECT_EQ(board.name(9), "m4");
  EXPECT_EQ(board.name(10), "e5");
  EXPECT_EQ(board.name(60), "i9");
  EXPECT_EQ(board.name(111), "e14");
  EXPECT_EQ(board.name(120), "e17");
  auto start = start_setup(facade::ccerl_rule_options());
  ASSERT_TRUE(start) << start.error();
  EXPECT_EQ(cells_text(start->position), kStartCells);
}

TEST(CcpCells, APositionIsReadAsAPositionString) {
  auto start = position_string_of(kStartCells, "0", "0");
  ASSERT_TRUE(start) << start.error();
  EXPECT_EQ(*start, "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0");
  std::string cells = kStartCells;
  std::swap(cells[5], cells[41]);  // m3 to k7 (rank 7 starts at cell 35, e7)
  auto moved = position_string_of(cells, "1", "17");
  ASSERT_TRUE(moved) << moved.error();
  EXPECT_EQ(*moved, "d/dd/ddd/dddd/13/12/11/10/9/10/6a4/12/13/aaaa/aa1/aa/a 2 a/d 17");
}

TEST(CcpCells, BadFieldsAreRefusedWithWhatArrived) {
  EXPECT_NE(position_string_of(kStartCells.substr(1), "0", "0").error().find("got 120"),
            std::string::npos);
  std::string bad = kStartCells;
  bad[60] = '2';
  EXPECT_NE(position_string_of(bad, "0", "0").error().find("got '2' at cell 60"),
            std::string::npos);
  std::string crowded = kStartCells;
  crowded[60] = '1';
  EXPECT_NE(position_string_of(crowded, "0", "0").error().find("player 1 has 11 pieces"),
            std::string::npos);
  EXPECT_NE(position_string_of(kStartCells, "01", "0").error().find("got '01'"), std::string::npos);
  EXPECT_NE(position_string_of(kStartCells, "0", "+1").error().find("the ply"), std::string::npos);
}

TEST(CcpCells, MovesArePathsOfCells) {
  auto start = start_setup(facade::ccerl_rule_options());
  ASSERT_TRUE(start) << start.error();
  const Position& position = start->position;
  const Geometry& board = position.geometry();
  // m3 jumps over l4 to k5: cell 5 to cell 16 (rank 5 starts at 10, e5).
  const Move jump{*board.parse_hole("m3"), *board.parse_hole("k5")};
  EXPECT_EQ(path_text(position, jump), "5-16");
  EXPECT_EQ(*move_of("5-16"), "m3k5");
  EXPECT_EQ(*move_of("0-5-18-41"), "m1m3m5k7");
  EXPECT_FALSE(move_of("5"));
  EXPECT_FALSE(move_of("5-121"));
  EXPECT_FALSE(move_of("5--16"));
  EXPECT_FALSE(move_of("a-b"));
}

}  // namespace
}  // namespace tiaoqi::protocol::ccp
