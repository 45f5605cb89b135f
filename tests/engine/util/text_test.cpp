#include "engine/util/text.hpp"

#include <gtest/gtest.h>

namespace tiaoqi::util {
namespace {

TEST(Text, ParseIntegerRefusesWhatIsNotANumber) {
  EXPECT_EQ(*parse_integer("42", 0, 100, "x"), 42);
  EXPECT_FALSE(parse_integer("", 0, 100, "x"));
  EXPECT_FALSE(parse_integer("-", 0, 100, "x"));
  EXPECT_FALSE(parse_integer("-1", 0, 100, "x"));
  EXPECT_FALSE(parse_integer("101", 0, 100, "x"));
  EXPECT_FALSE(parse_integer("1e2", 0, 1000, "x"));
  EXPECT_FALSE(parse_integer("99999999999999999999999", 0, 100, "x"));
  EXPECT_EQ(*parse_integer("-5", -10, 10, "x"), -5);
}

TEST(Text, QuotedEscapesBinary) {
  EXPECT_EQ(quote_input(std::string("a\0b\xff", 4)), "'a\\x00b\\xff'");
  EXPECT_EQ(quote_input(std::string(50, 'x'), 3), "'xxx...'");
}

}  // namespace
}  // namespace tiaoqi::util
