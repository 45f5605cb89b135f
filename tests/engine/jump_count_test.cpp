#include "engine/jump_count.hpp"

#include <gtest/gtest.h>

#include "engine/movegen.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi {
namespace {

// The bulk count (vector or scalar, whichever is built) and the scalar one
// agree with the length of the move list on positions of random games under
// the rule sets they serve (short jumps, no swap rule).
TEST(JumpCount, AgreesWithTheMoveListOnRandomGames) {
  std::vector<RuleOptions> rule_sets;
  for (int players : {1, 2, 3, 4, 6}) {
    RuleOptions options;
    options.players = players;
    rule_sets.push_back(options);
    options.goal_lock = true;
    rule_sets.push_back(options);
    options.goal_lock = false;
    options.foreign_stop = true;
    rule_sets.push_back(options);
  }
  RuleOptions armies;
  armies.armies_per_player = 2;
  rule_sets.push_back(armies);
  armies.players = 3;
  rule_sets.push_back(armies);
  RuleOptions small;
  small.board_size = 2;
  rule_sets.push_back(small);
  small.board_size = 3;
  small.players = 6;
  rule_sets.push_back(small);
  for (const RuleOptions& options : rule_sets) {
    const GameSetup setup = testing::start_of(options);
    for (unsigned seed = 1; seed <= 6; ++seed) {
      for (int plies : {0, 7, 20, 45, 80}) {
        const Position position = testing::random_playout(setup.position, seed, plies);
        if (position.is_over()) continue;
        MoveList moves;
        generate_moves(position, moves);
        ASSERT_EQ(count_short_jump_moves(position), moves.size())
            << "players " << options.players << " seed " << seed << " plies " << plies;
        ASSERT_EQ(count_short_jump_moves_scalar(position), moves.size())
            << "players " << options.players << " seed " << seed << " plies " << plies;
      }
    }
  }
}

}  // namespace
}  // namespace tiaoqi
