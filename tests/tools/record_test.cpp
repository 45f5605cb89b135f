#include "tools/common/record.hpp"

#include <gtest/gtest.h>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"

namespace tiaoqi::tools {
namespace {

// A real game: `plies` moves chosen by a fixed rule from the start.
GameRecord sample_game(int plies, int players = 2) {
  RuleOptions options;
  options.players = players;
  options.max_plies = plies;
  auto setup = start_setup(options);
  Position position = setup->position;
  GameRecord record;
  record.date = "2025-05-01 10:00:00";
  record.game = 7;
  record.opening_index = 3;
  record.rotation = 1;
  record.engines = {"alpha", "beta"};
  record.seating = {"beta", "alpha"};
  record.options = facade::format_rule_options(options);
  record.opening = position_string(position);
  while (!position.is_over()) {
    MoveList moves;
    generate_moves(position, moves);
    const Move move = moves[(position.move_count() * 7) % moves.size()];
    record.events.push_back({RecordEvent::Kind::kMove, position.side_to_move() + 1,
                             move_text(position, move), 10 + position.move_count()});
    position.play(move);
    settle(position);
  }
  record.result = format_standings(position.standings());
  record.termination = "move limit: adjudicated at " + std::to_string(plies) + " plies";
  return record;
}

TEST(Record, RoundTrips) {
  GameRecord record = sample_game(12);
  record.events.push_back({RecordEvent::Kind::kElimination, 1, "crashed: the process exited", 0});
  const std::string text = format_record(record) + "\n" + format_record(sample_game(6));
  auto parsed = parse_records(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[0], record);
  EXPECT_EQ((*parsed)[1], sample_game(6));
  EXPECT_EQ(format_record((*parsed)[0]), format_record(record));
}

TEST(Record, QuotesInTagsSurvive) {
  GameRecord record;
  record.event = "say \"hi\" \\ bye";
  auto parsed = parse_records(format_record(record));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ((*parsed)[0].event, record.event);
}

TEST(Record, ErrorsNameTheLineAndQuoteWhatArrived) {
  EXPECT_EQ(parse_records("[Event \"x\"]\n\n1. p1 m4m5 x\n").error(),
            "record line 3: expected the milliseconds of the move, got 'x'");
  EXPECT_EQ(parse_records("[Event \"x\"]\n\n1. q1 m4m5 3\n").error(),
            "record line 3: expected a player such as p1, got 'q1'");
  EXPECT_EQ(parse_records("[Event \"x\"]\n\nmove \x1b[2J\n").error(),
            "record line 3: expected '<ply>. p<player> <path> <ms>', got 'move \\x1b[2J'");
  EXPECT_EQ(parse_records("[Game \"99999999999\"]\n").error(),
            "record line 1: Game tag: expected a number, got '99999999999'");
  EXPECT_EQ(parse_records("[Event \"]\n").error(),
            "record line 1: expected [Tag \"value\"], got '[Event \"]'");
  EXPECT_EQ(parse_records("1. p1 m4m5 3\n").error(),
            "record line 1: a move before the first [Event] tag");
  EXPECT_EQ(parse_standings("1 x").error(), "result: expected players such as '1 2=3', got '1 x'");
}

TEST(Record, ReplayChecksEveryMove) {
  const GameRecord record = sample_game(20);
  auto replay = replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  EXPECT_EQ(replay->frames.size(), record.events.size() + 1);
  EXPECT_TRUE(replay->frames.back().position.is_over());
  EXPECT_GE(replay->frames[1].last_path.size(), 2u);

  GameRecord illegal = record;
  illegal.events[3].text = "m1m1";
  EXPECT_FALSE(replay_record(illegal).ok());
  GameRecord wrong_result = record;
  wrong_result.result = record.result == "1 2" ? "2 1" : "1 2";
  EXPECT_FALSE(replay_record(wrong_result).ok());
  GameRecord wrong_player = record;
  wrong_player.events[0].player = 2;
  EXPECT_FALSE(replay_record(wrong_player).ok());
}

TEST(Record, EliminationsReplay) {
  // Three players; player 2 is eliminated at its first turn.
  GameRecord record = sample_game(3, 3);
  record.events.resize(1);
  record.events.push_back({RecordEvent::Kind::kElimination, 2, "hung: no bestmove", 0});
  record.result = "*";
  auto replay = replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  EXPECT_TRUE(replay->frames.back().position.is_eliminated(1));
  EXPECT_EQ(replay->frames.back().position.side_to_move(), 2);
}

TEST(Record, StandingsText) {
  auto standings = parse_standings("2 1=3 4");
  ASSERT_TRUE(standings.ok());
  EXPECT_EQ(*standings, (std::vector<std::vector<int>>{{1}, {0, 2}, {3}}));
  EXPECT_EQ(format_standings(*standings), "2 1=3 4");
  EXPECT_FALSE(parse_standings("1 x").ok());
}

TEST(Record, RuleOptionsRoundTrip) {
  RuleOptions options;
  options.players = 3;
  options.long_jumps = true;
  options.goal_rule = GoalRule::kOwn;
  auto parsed = facade::parse_rule_options(facade::format_rule_options(options));
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, options);
  EXPECT_FALSE(facade::parse_rule_options("Players=9").ok());
}

}  // namespace
}  // namespace tiaoqi::tools
