#include "engine/geometry.hpp"

#include <gtest/gtest.h>

#include "engine/util/hash.hpp"

namespace tiaoqi {
namespace {

TEST(Geometry, HoleCountsPerBoardSize) {
  EXPECT_EQ(Geometry::of(2).hole_count(), 37);
  EXPECT_EQ(Geometry::of(3).hole_count(), 73);
  EXPECT_EQ(Geometry::of(4).hole_count(), 121);
}

TEST(Geometry, RankLengthsOfTheStandardBoard) {
  const Geometry& g = Geometry::of(4);
  const int lengths[17] = {1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1};
  for (int rank = 1; rank <= 17; ++rank) EXPECT_EQ(g.rank_length(rank), lengths[rank - 1]) << rank;
}

TEST(Geometry, NamedHolesOfRulesSectionOne) {
  const Geometry& g = Geometry::of(4);
  EXPECT_EQ(g.cube(*g.parse_hole("m1")), (Cube{4, -8, 4}));
  EXPECT_EQ(g.cube(*g.parse_hole("e17")), (Cube{-4, 8, -4}));
  EXPECT_EQ(g.cube(*g.parse_hole("i9")), (Cube{0, 0, 0}));
  // Rank 5 runs e..q, rank 13 runs a..m.
  EXPECT_EQ(g.name(g.rank_first(5)), "e5");
  EXPECT_EQ(g.name(g.rank_first(5) + 12), "q5");
  EXPECT_EQ(g.name(g.rank_first(13)), "a13");
  EXPECT_EQ(g.name(g.rank_first(13) + 12), "m13");
  EXPECT_EQ(g.name(0), "m1");
  EXPECT_EQ(g.name(120), "e17");
}

TEST(Geometry, ParseHoleRefusesHolesOffTheBoardAndBadSyntax) {
  const Geometry& g = Geometry::of(4);
  for (const char* bad : {"a1", "q17", "i0", "i18", "i09", "9i", "", "i", "r9", "i9x", "m-1"})
    EXPECT_FALSE(g.parse_hole(bad).has_value()) << bad;
  EXPECT_FALSE(Geometry::of(2).parse_hole("m1").has_value());
  EXPECT_EQ(Geometry::of(2).name(*Geometry::of(2).parse_hole("g1")), "g1");
}

TEST(Geometry, NamesRoundTripOnEveryBoard) {
  for (int n = 2; n <= 4; ++n) {
    const Geometry& g = Geometry::of(n);
    for (int h = 0; h < g.hole_count(); ++h)
      EXPECT_EQ(*g.parse_hole(g.name(static_cast<Hole>(h))), h);
  }
}

TEST(Geometry, NeighboursFollowRulesSectionOne) {
  const Geometry& g = Geometry::of(4);
  const Hole centre = *g.parse_hole("i9");
  EXPECT_EQ(g.name(g.neighbour(centre, kEast)), "j9");
  EXPECT_EQ(g.name(g.neighbour(centre, kWest)), "h9");
  EXPECT_EQ(g.name(g.neighbour(centre, kNorthEast)), "i10");
  EXPECT_EQ(g.name(g.neighbour(centre, kNorthWest)), "h10");
  EXPECT_EQ(g.name(g.neighbour(centre, kSouthWest)), "i8");
  EXPECT_EQ(g.name(g.neighbour(centre, kSouthEast)), "j8");
  // The south tip has two neighbours, both on rank 2.
  EXPECT_EQ(g.neighbour_mask(*g.parse_hole("m1")).count(), 2);
  // Every neighbour relation is symmetric.
  for (int h = 0; h < g.hole_count(); ++h)
    for (int d = 0; d < kDirections; ++d) {
      const Hole other = g.neighbour(static_cast<Hole>(h), d);
      if (other != kNoHole) {
        EXPECT_EQ(g.neighbour(other, (d + 3) % 6), h);
      }
    }
}

TEST(Geometry, ArmsHoldTenHolesAndTheWideHomesFifteen) {
  const Geometry& g = Geometry::of(4);
  for (int arm = 0; arm < kArmies; ++arm) {
    EXPECT_EQ(g.arm(arm).count(), 10);
    EXPECT_EQ(g.wide_arm(arm).count(), 15);
    EXPECT_TRUE((g.arm(arm) & g.hexagon()).none());
    // Neighbouring 15-hole homes share exactly one hexagon corner.
    EXPECT_EQ((g.wide_arm(arm) & g.wide_arm((arm + 1) % 6)).count(), 1);
  }
  EXPECT_EQ(g.hexagon().count(), 61);
  EXPECT_EQ(g.name(g.tip(0)), "m1");
  EXPECT_EQ(g.name(g.tip(3)), "e17");
  EXPECT_TRUE(g.arm(0).test(*g.parse_hole("j4")));
  EXPECT_EQ(Geometry::of(2).arm(0).count(), 3);
  EXPECT_EQ(Geometry::of(3).arm(0).count(), 6);
}

TEST(Geometry, RotationMapsEachArmToTheNext) {
  for (int n = 2; n <= 4; ++n) {
    const Geometry& g = Geometry::of(n);
    for (int arm = 0; arm < kArmies; ++arm)
      for (int h : g.arm(arm))
        EXPECT_TRUE(g.arm((arm + 1) % 6).test(g.rotate(static_cast<Hole>(h), 1)));
    for (int h = 0; h < g.hole_count(); ++h) {
      EXPECT_EQ(g.rotate(static_cast<Hole>(h), 6), h);
      EXPECT_EQ(g.distance(static_cast<Hole>(h), g.tip(0)),
                g.distance(g.rotate(static_cast<Hole>(h), 2), g.tip(2)));
    }
  }
}

TEST(Geometry, DistancesAreHexDistances) {
  const Geometry& g = Geometry::of(4);
  EXPECT_EQ(g.distance(*g.parse_hole("m1"), *g.parse_hole("e17")), 16);
  EXPECT_EQ(g.distance(*g.parse_hole("i9"), *g.parse_hole("m1")), 8);
  EXPECT_EQ(g.distance(*g.parse_hole("i9"), *g.parse_hole("j9")), 1);
}

TEST(Geometry, GridConversionPlacesEachHoleOnItsGridBit) {
  std::uint64_t state = 12345;
  for (int n = 2; n <= 4; ++n) {
    const Geometry& g = Geometry::of(n);
    for (int trial = 0; trial < 200; ++trial) {
      const Bitboard holes =
          Bitboard((static_cast<Bitboard::Bits>(util::splitmix64_next(state)) << 64 |
                    util::splitmix64_next(state))) &
          g.all_holes();
      for (int c = 0; c < kParityClasses; ++c) {
        GridBitboard expected;
        for (int h : holes& g.class_holes(c)) expected.set(g.grid_bit(static_cast<Hole>(h)));
        ASSERT_EQ(g.to_grid(holes, c), expected) << "board " << n << " class " << c;
        EXPECT_EQ(g.from_grid(expected, c), holes & g.class_holes(c));
      }
    }
  }
}

// The 64-bit class grids hold every board: no two holes of a class share a
// bit, and a jump or a pivot that leaves the board never lands on the bit
// of a hole of the class, so masking with the class's holes is enough.
TEST(Geometry, ClassGridsKeepHolesApartAndOffBoardJumpsOff) {
  for (int n = 2; n <= 4; ++n) {
    const Geometry& g = Geometry::of(n);
    const int span = 2 * n;
    auto on_board = [&](int x, int y) {
      const int z = -x - y;
      return (x >= -n && y >= -n && z >= -n) || (x <= n && y <= n && z <= n);
    };
    auto bit_of = [](int x, int y) {
      return (x >> 1) + Geometry::kGridWidth * (y >> 1) + Geometry::kGridOffset;
    };
    auto class_of = [](int x, int y) { return (x & 1) | ((y & 1) << 1); };
    for (int c = 0; c < kParityClasses; ++c)
      EXPECT_EQ(g.grid_holes_mask(c).count(), g.class_holes(c).count());
    for (int y = -span; y <= span; ++y)
      for (int x = -span; x <= span; ++x) {
        if (!on_board(x, y)) continue;
        const Hole h = g.at(x, y);
        ASSERT_NE(h, kNoHole);
        EXPECT_EQ(g.grid_bit(h), bit_of(x, y));
        EXPECT_TRUE(bit_of(x, y) >= 0 && bit_of(x, y) < 64);
        for (const Cube& d : kDirectionVectors) {
          // The landing two steps away, and the jumper behind a pivot here.
          for (const auto& [px, py] :
               {std::pair{x + 2 * d.x, y + 2 * d.y}, std::pair{x - d.x, y - d.y}}) {
            if (on_board(px, py)) continue;
            const int bit = bit_of(px, py);
            if (bit < 0 || bit >= 64) continue;
            EXPECT_FALSE(g.grid_holes_mask(class_of(px, py)).test(bit))
                << "board " << n << ": off-board (" << px << ", " << py << ") on a hole's bit";
          }
        }
      }
  }
}

TEST(Geometry, ParityGridsRoundTripEveryHole) {
  for (int n = 2; n <= 4; ++n) {
    const Geometry& g = Geometry::of(n);
    int total = 0;
    for (int c = 0; c < kParityClasses; ++c) {
      total += g.grid_holes_mask(c).count();
      EXPECT_EQ(g.from_grid(g.to_grid(g.all_holes(), c), c).count(), g.grid_holes_mask(c).count());
    }
    EXPECT_EQ(total, g.hole_count());
    // A grid jump shift lands on the hole two steps away.
    for (int h = 0; h < g.hole_count(); ++h)
      for (int d = 0; d < kDirections; ++d) {
        const Hole landing = g.beyond(static_cast<Hole>(h), d);
        if (landing == kNoHole) continue;
        const int c = g.parity_class(static_cast<Hole>(h));
        EXPECT_EQ(g.parity_class(landing), c);
        EXPECT_EQ(g.grid_bit(landing), g.grid_bit(static_cast<Hole>(h)) + g.grid_jump_shift(d));
        const Hole over = g.neighbour(static_cast<Hole>(h), d);
        EXPECT_EQ(g.parity_class(over), g.pivot_class(c, d));
        EXPECT_EQ(g.grid_bit(over), g.grid_bit(static_cast<Hole>(h)) - g.pivot_shift(c, d));
      }
  }
}

}  // namespace
}  // namespace tiaoqi
