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
                             move_text(position, move), 10 + position.move_count(), ""});
    position.play(move);
    settle(position);
  }
  record.result = format_standings(position.standings());
  record.termination = "move limit: adjudicated at " + std::to_string(plies) + " plies";
  return record;
}

TEST(Record, RoundTrips) {
  GameRecord record = sample_game(12);
  record.events.push_back(
      {RecordEvent::Kind::kElimination, 1, "crashed: the process exited", 0, ""});
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
            "record line 3: expected '<ply>. p<player> <path> <ms> [{comment}]', got 'move "
            "\\x1b[2J'");
  EXPECT_EQ(parse_records("[Event \"x\"]\n\n1. p1 m4m5 3 +0.35/2\n").error(),
            "record line 3: expected a comment in braces after the milliseconds, got '+0.35/2'");
  EXPECT_EQ(parse_records("[Event \"x\"]\n\n1. p1 m4m5 3 {a} {b}\n").error(),
            "record line 3: expected a comment in braces after the milliseconds, got '{a} {b}'");
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
  record.events.push_back({RecordEvent::Kind::kElimination, 2, "hung: no bestmove", 0, ""});
  record.result = "*";
  auto replay = replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  EXPECT_TRUE(replay->frames.back().position.is_eliminated(1));
  EXPECT_EQ(replay->frames.back().position.side_to_move(), 2);
}

TEST(Record, CommentsBookMovesAndMoveNumbers) {
  GameRecord record = sample_game(6);
  record.events[0].comment = std::string(RecordEvent::kBookComment);
  record.events[0].millis = 0;
  record.events[2].comment = "+0.35/12 0.80s";
  const std::string text = format_record(record);
  EXPECT_NE(text.find("\n1. p1 " + record.events[0].text + " 0 {book}\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find(" {+0.35/12 0.80s}\n"), std::string::npos) << text;
  auto parsed = parse_records(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ((*parsed)[0], record);
  EXPECT_TRUE((*parsed)[0].events[0].is_book());
  EXPECT_FALSE((*parsed)[0].events[2].is_book());
  // An opening position with 4 moves played: the game's lines are 5, 6, ...
  GameRecord later = record;
  later.opening = "d/dd/1dd/dd1d/4d1d6/12/11/10/9/10/11/4a7/5a7/a1a1/aaa/aa/a 1 a/d 4";
  EXPECT_EQ(first_ply_number(later), 5);
  EXPECT_NE(format_record(later).find("\n5. p1 "), std::string::npos);
  later.opening = "not a position";
  EXPECT_EQ(first_ply_number(later), 1);
}

TEST(Record, ADrawByAdjudicationReplays) {
  GameRecord record = sample_game(30);
  record.events.resize(10);
  record.result = "1=2";
  record.termination = std::string(kDrawAdjudication) + ", every engine scoring within 0.20";
  EXPECT_TRUE(replay_record(record).ok());
  // Only a draw: a win the rules did not give is refused.
  record.result = "1 2";
  EXPECT_FALSE(replay_record(record).ok());
  record.result = "1=2";
  record.termination = "p1 reached its target";
  EXPECT_FALSE(replay_record(record).ok());
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
