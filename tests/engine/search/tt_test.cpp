#include "engine/search/tt.hpp"

#include <gtest/gtest.h>

#include "engine/util/hash.hpp"

namespace tiaoqi::search {
namespace {

TEST(TranspositionTable, StoresAndFindsEntries) {
  TranspositionTable table(1);
  table.new_search();
  EXPECT_FALSE(table.probe(0x1234).hit);
  table.store(0x1234, Move{3, 7}, -250, 6, Bound::kLower);
  const TtProbe probe = table.probe(0x1234);
  ASSERT_TRUE(probe.hit);
  EXPECT_EQ(probe.move, (Move{3, 7}));
  EXPECT_EQ(probe.score, -250);
  EXPECT_EQ(probe.depth, 6);
  EXPECT_EQ(probe.bound, Bound::kLower);
  // A different key in the same cluster is no hit.
  EXPECT_FALSE(table.probe(0x1235).hit);
  table.clear();
  EXPECT_FALSE(table.probe(0x1234).hit);
}

TEST(TranspositionTable, HashfullCountsThisSearchsEntries) {
  TranspositionTable table(1);
  table.new_search();
  EXPECT_EQ(table.hashfull(), 0);
  for (std::uint64_t i = 0; i < 200000; ++i)
    table.store(i * util::kGoldenGamma, Move{}, 0, 1, Bound::kExact);
  EXPECT_GT(table.hashfull(), 900);
  table.new_search();
  EXPECT_EQ(table.hashfull(), 0);
}

}  // namespace
}  // namespace tiaoqi::search
