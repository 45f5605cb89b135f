#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "tests/support/test_support.hpp"

// The four rule readings of the rating list's profile (docs/rules.md, "The
// rating list's rules"), each with a position where it differs from the
// default reading, and the profile's perft.
namespace tiaoqi {
namespace {

using testing::build;
using testing::destinations_of;
using testing::play;
using Names = std::vector<std::string>;
using Standings = std::vector<std::vector<int>>;

RuleOptions profile() { return facade::ccerl_rule_options(); }

// The chain g9-g7-i5-k3-k5-m3-m1 of player 2 (army d, whose target is arm
// a): it lands on k3 in the target, leaves it for k5 and comes back.
const std::vector<std::pair<char, std::string>> kLeavingChain = {
    {'d', "g9"}, {'a', "g8"}, {'a', "h6"}, {'a', "j4"},
    {'a', "k4"}, {'a', "l4"}, {'a', "m2"}, {'a', "i13"}};

TEST(RatingListRules, GoalLockInChainKeepsAChainInTheTargetOnceItLandsThere) {
  RuleOptions start_lock = profile();
  start_lock.goal_lock_in_chain = false;
  const GameSetup loose = build(start_lock, kLeavingChain, 2);
  const GameSetup strict = build(profile(), kLeavingChain, 2);
  // k5 is reached only through k3, m3 and m1 only through k5.
  EXPECT_EQ(destinations_of(loose.position, "g9"),
            (Names{"f10", "f9", "g10", "g7", "h8", "h9", "i5", "k3", "k5", "m1", "m3"}));
  EXPECT_EQ(destinations_of(strict.position, "g9"),
            (Names{"f10", "f9", "g10", "g7", "h8", "h9", "i5", "k3"}));
  EXPECT_EQ(move_text(loose.position, Move{*loose.position.geometry().parse_hole("g9"),
                                           *loose.position.geometry().parse_hole("m1")}),
            "g9g7i5k3k5m3m1");
  // The path is refused hop by hop too.
  Game game(build(profile(), kLeavingChain, 2));
  const auto refused = game.play("g9g7i5k3k5m3m1");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("illegal"), std::string::npos) << refused.error();
  EXPECT_TRUE(game.play("g9-g7-i5-k3"));
}

// An independent chain search under the profile: a depth-first walk over
// single jumps, a landing in the target locking the rest of the chain.
std::set<std::pair<int, int>> chain_lock_reference(const Position& position) {
  std::set<std::pair<int, int>> moves;
  const Rules& rules = position.rules();
  const Geometry& geometry = position.geometry();
  const Bitboard empty = geometry.all_holes() & ~position.occupied();
  for (int from : position.pieces_of(position.side_to_move())) {
    const Hole start = static_cast<Hole>(from);
    const Bitboard target = rules.target(position.army_at(start));
    const bool start_locked = target.test(start);
    for (int to : geometry.neighbour_mask(start) & empty)
      if (!start_locked || target.test(to)) moves.insert({from, to});
    Bitboard visited = Bitboard::bit(start);
    std::function<void(Hole, bool)> walk = [&](Hole hole, bool locked) {
      for (int landing : single_jump_landings(position, start, hole) & empty & ~visited) {
        if (locked && !target.test(landing)) continue;
        visited.set(landing);
        moves.insert({from, landing});
        walk(static_cast<Hole>(landing), locked || target.test(landing));
      }
    };
    walk(start, start_locked);
  }
  return moves;
}

TEST(RatingListRules, GeneratorAgreesWithAPlainChainSearchOnPlayedGames) {
  const GameSetup setup = testing::start_of(profile());
  int compared = 0;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    for (int plies = 20; plies <= 160; plies += 20) {
      const Position position = testing::random_playout(setup.position, seed, plies);
      if (position.is_over()) continue;
      MoveList moves;
      generate_moves(position, moves);
      std::set<std::pair<int, int>> generated;
      for (const Move& move : moves) generated.insert({move.from, move.to});
      ASSERT_EQ(generated, chain_lock_reference(position)) << "seed " << seed << " plies " << plies;
      EXPECT_EQ(count_moves(position), moves.size());
      ++compared;
    }
  }
  EXPECT_GT(compared, 100);
}

TEST(RatingListRules, PerftFromTheStart) {
  const GameSetup setup = testing::start_of(profile());
  const std::uint64_t expected[] = {1, 14, 196, 4760, 115600};
  for (int depth = 0; depth <= 4; ++depth)
    EXPECT_EQ(perft(setup.position, depth), expected[depth]) << depth;
}

// Small board (arm a {g1, f2, g2}, arm d {c9, c8, d8}): both armies are one
// step from filling their targets.
RuleOptions small_profile() {
  RuleOptions options = profile();
  options.board_size = 2;
  return options;
}

TEST(RatingListRules, EqualTurnsAtOnceDrawsOnlyWhenTheSecondPlayerCanFillAtOnce) {
  // After d7d8, d can fill its own target with g3g2: a draw at once.
  Game draw(build(small_profile(),
                  {{'a', "c9"}, {'a', "c8"}, {'a', "d7"}, {'d', "g1"}, {'d', "f2"}, {'d', "g3"}}));
  play(draw, "d7d8");
  ASSERT_TRUE(draw.position().is_over());
  EXPECT_EQ(draw.position().standings(), (Standings{{0, 1}}));
  // From g4 it cannot: player 1 wins at once, where EqualTurns would let
  // player 2 move first.
  const std::vector<std::pair<char, std::string>> far = {{'a', "c9"}, {'a', "c8"}, {'a', "d7"},
                                                         {'d', "g1"}, {'d', "f2"}, {'d', "g4"}};
  Game win(build(small_profile(), far));
  play(win, "d7d8");
  ASSERT_TRUE(win.position().is_over());
  EXPECT_EQ(win.position().standings(), (Standings{{0}, {1}}));
  RuleOptions equal = small_profile();
  equal.equal_turns_at_once = false;
  equal.equal_turns = true;
  Game waits(build(equal, far));
  play(waits, "d7d8");
  EXPECT_FALSE(waits.position().is_over());
}

TEST(RatingListRules, ATargetFilledWithABlockerWinsAtOnce) {
  // d's piece still at home on d8 blocks a's target; a's step d7c8 fills the
  // other two holes, and a wins at once.
  const std::vector<std::pair<char, std::string>> pieces = {
      {'a', "c9"}, {'a', "d7"}, {'d', "d8"}, {'d', "f2"}, {'d', "g3"}};
  Game at_once(build(small_profile(), pieces));
  play(at_once, "d7c8");
  ASSERT_TRUE(at_once.position().is_over());
  EXPECT_EQ(at_once.position().standings(), (Standings{{0}, {1}}));
  RuleOptions equal = small_profile();
  equal.equal_turns_at_once = false;
  equal.equal_turns = true;
  Game waits(build(equal, pieces));
  play(waits, "d7c8");
  EXPECT_FALSE(waits.position().is_over());
}

TEST(RatingListRules, MoveLimitDraws) {
  const std::vector<std::pair<char, std::string>> pieces = {{'a', "i9"}, {'d', "e13"}};
  Game draw(build(profile(), pieces, 1, 239));
  play(draw, "i9i10");
  ASSERT_TRUE(draw.position().is_over());
  EXPECT_EQ(draw.position().standings(), (Standings{{0, 1}}));
  RuleOptions ranked = profile();
  ranked.move_limit_draw = false;
  Game by_distance(build(ranked, pieces, 1, 239));
  play(by_distance, "i9i10");
  ASSERT_TRUE(by_distance.position().is_over());
  // a on i10 is nearer its target tip than d on e13 is to its own.
  EXPECT_EQ(by_distance.position().standings(), (Standings{{0}, {1}}));
}

TEST(RatingListRules, ThreefoldRepetitionDraws) {
  const std::vector<std::pair<char, std::string>> pieces = {{'a', "i9"}, {'d', "e13"}};
  const Names there_and_back = {"i9i10", "e13f12", "i10i9", "f12e13"};
  Game game(build(profile(), pieces));
  for (int round = 0; round < 2; ++round)
    for (const std::string& move : there_and_back) {
      ASSERT_FALSE(game.position().is_over());
      play(game, move);
    }
  // The start has now occurred three times.
  ASSERT_TRUE(game.position().is_over());
  EXPECT_EQ(game.position().standings(), (Standings{{0, 1}}));
  RuleOptions no_rule = profile();
  no_rule.repetitions = 0;
  Game goes_on(build(no_rule, pieces));
  for (int round = 0; round < 3; ++round)
    for (const std::string& move : there_and_back) play(goes_on, move);
  EXPECT_FALSE(goes_on.position().is_over());
}

TEST(RatingListRules, DefaultsAreUnchangedAndBadCombinationsRefused) {
  const RuleOptions defaults;
  EXPECT_FALSE(defaults.goal_lock_in_chain || defaults.equal_turns_at_once ||
               defaults.move_limit_draw);
  EXPECT_EQ(defaults.repetitions, 0);
  RuleOptions options = profile();
  options.goal_lock = false;
  EXPECT_FALSE(Rules::make(options));
  options = profile();
  options.equal_turns = true;
  EXPECT_FALSE(Rules::make(options));
  options = profile();
  options.players = 3;
  EXPECT_FALSE(Rules::make(options));
  options = profile();
  options.max_plies = 0;
  EXPECT_FALSE(Rules::make(options));
  options = profile();
  options.repetitions = 1;
  EXPECT_FALSE(Rules::make(options));
  EXPECT_TRUE(Rules::make(profile()));
}

}  // namespace
}  // namespace tiaoqi
