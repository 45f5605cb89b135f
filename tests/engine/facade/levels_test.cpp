// Strength levels (UCI_LimitStrength, UCI_Elo) through the Engine facade,
// and the level's choice of a move on its own.
#include "engine/search/levels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <string>

#include "engine/facade/engine.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/position_string.hpp"
#include "engine/search/movepick.hpp"

namespace tiaoqi::facade {
namespace {

// Plays `plies` moves of one engine at a level from the start of `rules`,
// the searches capped at `nodes`; returns the moves, each checked legal.
std::vector<Move> play_at_level(const RuleOptions& rules, int elo, std::int64_t seed, int plies,
                                std::uint64_t nodes) {
  std::mutex mutex;
  std::vector<Move> chosen;
  EngineCallbacks callbacks;
  callbacks.bestmove = [&](const BestMove& best) {
    std::lock_guard lock(mutex);
    chosen.push_back(best.best);
  };
  Engine engine(callbacks);
  Options options;
  options.rules = rules;
  options.engine.limit_strength = true;
  options.engine.elo = elo;
  options.engine.seed = seed;
  options.engine.hash_mib = 4;
  EXPECT_TRUE(engine.set_options(options));
  Game game(*start_setup(rules));
  search::SearchLimits limits;
  limits.nodes = nodes;
  std::vector<Move> moves;
  for (int ply = 0; ply < plies && !game.position().is_over(); ++ply) {
    EXPECT_TRUE(engine.set_game(game));
    EXPECT_TRUE(engine.go(limits));
    engine.wait();
    Move move;
    {
      std::lock_guard lock(mutex);
      EXPECT_EQ(chosen.size(), static_cast<std::size_t>(ply + 1));
      if (chosen.empty()) return moves;
      move = chosen.back();
    }
    MoveList legal;
    generate_moves(game.position(), legal);
    const bool is_legal = std::find(legal.begin(), legal.end(), move) != legal.end();
    EXPECT_TRUE(is_legal) << "level " << elo << ", ply " << ply << ": "
                          << move_text(game.position(), move) << " is not legal";
    if (!is_legal) return moves;
    game.play(move);
    moves.push_back(move);
  }
  return moves;
}

struct Seating {
  int players;
  int armies;
};

// Every level, in every seating, plays only legal moves.
TEST(Levels, EveryLevelPlaysLegalMovesInEverySeating) {
  for (const Seating seating : {Seating{2, 1}, Seating{2, 2}, Seating{2, 3}, Seating{3, 1},
                                Seating{3, 2}, Seating{4, 1}, Seating{6, 1}}) {
    RuleOptions rules;
    rules.players = seating.players;
    rules.armies_per_player = seating.armies;
    for (const search::Level& level : search::levels()) {
      SCOPED_TRACE(std::string(level.name) + " at " + std::to_string(seating.players) + "x" +
                   std::to_string(seating.armies));
      EXPECT_EQ(play_at_level(rules, level.elo, 7, 2 * seating.players, 200).size(),
                static_cast<std::size_t>(2 * seating.players));
    }
  }
}

// One thread and one Seed replay a level's game move for move.
TEST(Levels, OneSeedReplaysTheGame) {
  RuleOptions rules;
  for (const search::Level& level : search::levels()) {
    SCOPED_TRACE(level.name);
    const std::vector<Move> first = play_at_level(rules, level.elo, 11, 12, 300);
    EXPECT_EQ(first.size(), 12u);
    EXPECT_EQ(play_at_level(rules, level.elo, 11, 12, 300), first);
  }
}

// From the levels that promise it up, no move goes back unless the search
// chose it: over many draws on positions of a game in progress.
TEST(Levels, UpperLevelsMoveBackOnlyWhenTheSearchDid) {
  RuleOptions rules;
  rules.players = 3;
  Game game(*start_setup(rules));
  // Two rounds of each player's longest forward move.
  MoveList legal;
  for (int ply = 0; ply < 6; ++ply) {
    generate_moves(game.position(), legal);
    Move longest = legal[0];
    for (const Move& move : legal)
      if (search::progress_gain(game.position(), move) >
          search::progress_gain(game.position(), longest))
        longest = move;
    game.play(longest);
  }
  const Position& position = game.position();
  generate_moves(position, legal);
  Move forward, backward;
  for (const Move& move : legal) {
    if (search::progress_gain(position, move) > 0) forward = move;
    if (search::progress_gain(position, move) < 0) backward = move;
  }
  ASSERT_NE(forward, Move{});
  ASSERT_NE(backward, Move{});
  int upper = 0;
  for (const search::Level& level : search::levels()) {
    if (!level.forward_only) continue;
    ++upper;
    bool chose_back = false;
    for (std::int64_t seed = 0; seed < 200; ++seed) {
      const Move chosen = search::choose_at_level(position, {}, level, forward, seed);
      EXPECT_GE(search::progress_gain(position, chosen), 0) << level.name << ", seed " << seed;
      chose_back |= search::choose_at_level(position, {}, level, backward, seed) == backward;
    }
    // The searched move stays possible, backward or not.
    EXPECT_TRUE(chose_back) << level.name;
  }
  EXPECT_GE(upper, 3);
}

// The weakest level does make a move away from its target now and then:
// what a beginner does.
TEST(Levels, TheWeakestLevelSometimesMovesBack) {
  RuleOptions rules;
  Game game(*start_setup(rules));
  for (const char* move : {"k3k5", "e14e13", "l3l5", "f14f13"})
    ASSERT_TRUE(game.play(move)) << move;
  const search::Level& weakest = search::levels().front();
  ASSERT_FALSE(weakest.forward_only);
  MoveList legal;
  generate_moves(game.position(), legal);
  int back = 0;
  for (std::int64_t seed = 0; seed < 400; ++seed)
    back += search::progress_gain(
                game.position(),
                search::choose_at_level(game.position(), {}, weakest, legal[0], seed)) < 0;
  EXPECT_GT(back, 0);
}

// The levels rise in Elo and in strength amounts; an Elo between two rows
// takes amounts between theirs; UCI_Elo's range is the table's.
TEST(Levels, TheTableRisesAndElosBetweenRowsInterpolate) {
  const auto& levels = search::levels();
  ASSERT_GE(levels.size(), 3u);
  for (std::size_t i = 1; i < levels.size(); ++i) {
    EXPECT_GT(levels[i].elo, levels[i - 1].elo);
    EXPECT_GE(levels[i].nodes, levels[i - 1].nodes);
    EXPECT_LE(levels[i].random_share, levels[i - 1].random_share);
    EXPECT_LE(levels[i].temperature, levels[i - 1].temperature);
    const int middle = (levels[i].elo + levels[i - 1].elo) / 2;
    const search::Level between = search::level_at_elo(middle);
    EXPECT_EQ(between.elo, middle);
    EXPECT_EQ(between.name, levels[i - 1].name);
    EXPECT_GE(between.nodes, levels[i - 1].nodes);
    EXPECT_LE(between.nodes, levels[i].nodes);
    EXPECT_LE(between.random_share, levels[i - 1].random_share);
    EXPECT_GE(between.random_share, levels[i].random_share);
    EXPECT_EQ(search::level_at_elo(levels[i].elo).nodes, levels[i].nodes);
  }
  const SpinRange range = search::elo_range();
  EXPECT_EQ(range.min, levels.front().elo);
  EXPECT_EQ(range.max, levels.back().elo);
  const OptionSpec* elo = find_option("UCI_Elo");
  ASSERT_NE(elo, nullptr);
  EXPECT_EQ(elo->range.min, range.min);
  EXPECT_EQ(elo->range.max, range.max);
}

// Bad values are refused with the reason and change nothing.
TEST(Levels, BadValuesAreRefusedAndChangeNothing) {
  Options options;
  const Options before = options;
  const SpinRange range = search::elo_range();
  const auto too_high = set_option(options, "UCI_Elo", std::to_string(range.max + 1));
  ASSERT_FALSE(too_high);
  EXPECT_EQ(too_high.error(), "UCI_Elo expects a number from " + std::to_string(range.min) +
                                  " to " + std::to_string(range.max) + ", got '" +
                                  std::to_string(range.max + 1) + "'");
  EXPECT_FALSE(set_option(options, "UCI_Elo", "strong"));
  const auto unsure = set_option(options, "UCI_LimitStrength", "maybe");
  ASSERT_FALSE(unsure);
  EXPECT_EQ(unsure.error(), "UCI_LimitStrength expects true or false, got 'maybe'");
  EXPECT_EQ(options, before);
}

}  // namespace
}  // namespace tiaoqi::facade
