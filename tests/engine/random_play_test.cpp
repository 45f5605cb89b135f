#include <gtest/gtest.h>

#include <random>

#include "engine/game.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

struct RuleSet {
  int players, armies, pieces, board;
  bool long_jumps, foreign_stop, goal_lock, swap_rule, equal_turns;
  GoalRule goal_rule;
};

// Random games under many rule sets, checking after every move: pieces are
// conserved per army, the incremental hash equals the hash from scratch, no
// move ends on an occupied hole unless the swap rule allows it, and the
// position string round-trips.
TEST(RandomPlay, InvariantsHoldAfterEveryMove) {
  const RuleSet variants[] = {
      {2, 1, 10, 4, false, false, false, false, false, GoalRule::kFilled},
      {2, 1, 10, 4, true, true, true, true, true, GoalRule::kOwn},
      {3, 1, 15, 4, false, false, true, true, false, GoalRule::kFilled},
      {6, 1, 10, 4, true, false, false, true, true, GoalRule::kFilled},
      {2, 3, 10, 4, false, true, false, true, false, GoalRule::kOwn},
      {3, 2, 10, 4, true, false, true, false, false, GoalRule::kFilled},
      {4, 1, 10, 3, false, false, false, true, true, GoalRule::kOwn},
      {2, 1, 10, 2, true, true, true, true, false, GoalRule::kFilled},
  };
  int moves_checked = 0;
  for (const RuleSet& v : variants) {
    RuleOptions options;
    options.players = v.players;
    options.armies_per_player = v.armies;
    options.pieces_per_army = v.pieces;
    options.board_size = v.board;
    options.long_jumps = v.long_jumps;
    options.foreign_stop = v.foreign_stop;
    options.goal_lock = v.goal_lock;
    options.swap_rule = v.swap_rule;
    options.equal_turns = v.equal_turns;
    options.goal_rule = v.goal_rule;
    options.max_plies = 400;
    for (unsigned seed = 1; seed <= 6; ++seed) {
      Game game(testing::start_of(options));
      std::mt19937 random(seed);
      while (!game.position().is_over()) {
        // A copy: playing the move grows the game's history, which may
        // move the positions it holds.
        const Position before = game.position();
        MoveList moves;
        generate_moves(before, moves);
        ASSERT_FALSE(moves.empty()) << "settled position without moves";
        const Move move = moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(random)];
        if (before.occupied().test(move.to)) {
          ASSERT_TRUE(options.swap_rule);
          const int mover_army = before.army_at(move.from);
          ASSERT_TRUE(before.rules().target(mover_army).test(move.to));
          ASSERT_NE(before.rules().player_of(before.army_at(move.to)), before.side_to_move());
        }
        std::array<int, kArmies> counts{};
        for (int army = 0; army < kArmies; ++army) counts[army] = before.army(army).count();
        const std::string path = move_text(before, move);
        const auto reparsed = parse_move(before, path);
        ASSERT_TRUE(reparsed) << reparsed.error();
        ASSERT_EQ(*reparsed, move);

        game.play(move);
        const Position& after = game.position();
        ++moves_checked;
        ASSERT_EQ(after.hash(), after.compute_hash());
        for (int army = 0; army < kArmies; ++army)
          ASSERT_EQ(after.army(army).count(), counts[army]);
        ASSERT_EQ(after.move_count(), before.move_count() + 1);
        const auto again = parse_position_string(position_string(after), options);
        ASSERT_TRUE(again) << again.error();
        ASSERT_EQ(again->position.hash(), after.hash());
      }
      EXPECT_LE(game.position().move_count(), options.max_plies);
    }
  }
  EXPECT_GT(moves_checked, 5000);
}

}  // namespace
}  // namespace tiaoqi
