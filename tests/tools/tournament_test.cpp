// Tournament shapes and openings: round-robin and gauntlet over any number
// of engines, seat rotations of groups at three to six players, the cross
// table, and openings files in order, in a drawn order, from a start line
// and repeated, with the opening's moves kept.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/game.hpp"
#include "engine/position_string.hpp"
#include "tests/tools/tool_runs.hpp"
#include "tools/match/match.hpp"
#include "tools/match/schedule.hpp"
#include "tools/match/table.hpp"

namespace tiaoqi::match {
namespace {

MatchConfig config_for(int engines, int players, int openings, Tournament tournament) {
  MatchConfig config;
  for (int e = 0; e < engines; ++e) {
    const std::string name(1, static_cast<char>('a' + e));
    config.engines.push_back(
        {name, tools::double_command("--mode random"), "", {{"Seed", std::to_string(e)}}, "", {}});
    config.referee.engine_names.push_back(name);
  }
  config.referee.rules.players = players;
  config.referee.rules.max_plies = 16;
  config.referee.time.hang_ms = kHangGuardMs;
  config.schedule.engine_count = engines;
  config.schedule.rules = config.referee.rules;
  config.schedule.tournament = tournament;
  config.schedule.openings.count = openings;
  config.schedule.openings.random_plies = 2;
  config.startup_ms = kHangGuardMs;
  config.log = [](const std::string&) {};
  return config;
}

TEST(Tournament, EncountersOfEveryShape) {
  using Groups = std::vector<std::vector<int>>;
  EXPECT_EQ(*encounters(2, 2, Tournament::kRoundRobin), (Groups{{0, 1}}));
  EXPECT_EQ(*encounters(4, 2, Tournament::kRoundRobin),
            (Groups{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  EXPECT_EQ(*encounters(4, 2, Tournament::kGauntlet), (Groups{{0, 1}, {0, 2}, {0, 3}}));
  EXPECT_EQ(*encounters(4, 3, Tournament::kRoundRobin),
            (Groups{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}));
  EXPECT_EQ(*encounters(4, 3, Tournament::kGauntlet), (Groups{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}}));
  // One against copies at three to six seats; as many engines as seats.
  EXPECT_EQ(*encounters(2, 6, Tournament::kRoundRobin), (Groups{{0, 1}}));
  EXPECT_EQ(*encounters(6, 6, Tournament::kGauntlet), (Groups{{0, 1, 2, 3, 4, 5}}));
  EXPECT_EQ(encounters(3, 4, Tournament::kRoundRobin).error(),
            "cannot seat 3 engines at 4 players: give at least as many engines as players, or "
            "two engines (one against copies)");
  // Every engine of a group sits in every seat once over its rotations.
  EXPECT_EQ(seat_engines({1, 3, 4}, 3, 0), (std::vector<int>{1, 3, 4}));
  EXPECT_EQ(seat_engines({1, 3, 4}, 3, 1), (std::vector<int>{3, 4, 1}));
  EXPECT_EQ(seat_engines({0, 1}, 4, 2), (std::vector<int>{1, 1, 0, 1}));
  EXPECT_EQ(*parse_tournament("gauntlet"), Tournament::kGauntlet);
  EXPECT_EQ(parse_tournament("swiss").error(),
            "--tournament: expected round-robin or gauntlet, got 'swiss'");
}

TEST(Tournament, RoundRobinOfFourEnginesWithACrossTable) {
  MatchConfig config = config_for(4, 2, 2, Tournament::kRoundRobin);
  config.concurrency = 2;
  auto run = run_match(config, nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  // Six pairs, both seatings, two openings.
  EXPECT_EQ(run->scheduled, 24);
  ASSERT_EQ(run->games.size(), 24u);
  const MatchResults& results = run->results;
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(results.rows[static_cast<std::size_t>(i)].games, 12);
    for (int j = 0; j < 4; ++j)
      if (i != j) {
        EXPECT_EQ(results.pair_counts[i][j], 4);
        EXPECT_NEAR(results.pair_points[i][j] + results.pair_points[j][i], 4.0, 1e-9);
      }
  }
  // Every pair's Elo over its two game pairs, and ratings for all four.
  ASSERT_EQ(results.pairs.size(), 6u);
  for (const PairResult& pair : results.pairs) EXPECT_EQ(pair.samples.size(), 2u);
  EXPECT_EQ(results.ratings.size(), 4u);
  const std::string table = results_table(results);
  EXPECT_NE(table.find("Cross table"), std::string::npos) << table;
  EXPECT_NE(table.find("Elo a - d: "), std::string::npos) << table;
  EXPECT_NE(table.find("Rating"), std::string::npos) << table;
  // Game numbers follow the schedule: opening by opening, pair by pair.
  std::set<int> numbers;
  for (const auto& game : run->games) numbers.insert(game.game);
  EXPECT_EQ(*numbers.begin(), 1);
  EXPECT_EQ(*numbers.rbegin(), 24);
}

TEST(Tournament, GauntletPlaysTheFirstAgainstEachOther) {
  auto run = run_match(config_for(4, 2, 1, Tournament::kGauntlet), nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 6u);
  EXPECT_EQ(run->results.rows[0].games, 6);
  for (std::size_t e = 1; e < 4; ++e) EXPECT_EQ(run->results.rows[e].games, 2);
  EXPECT_EQ(run->results.pair_counts[1][2], 0);  // the others never meet
  EXPECT_EQ(run->results.pairs.size(), 3u);
}

TEST(Tournament, GroupsOfThreeOutOfFourRotateTheirSeats) {
  auto run = run_match(config_for(4, 3, 1, Tournament::kRoundRobin), nullptr);
  ASSERT_TRUE(run.ok()) << run.error();
  // Four groups of three, three rotations each.
  ASSERT_EQ(run->games.size(), 12u);
  for (std::size_t e = 0; e < 4; ++e) EXPECT_EQ(run->results.rows[e].games, 9);
  // Every engine sat in every seat of every group it was in.
  std::map<std::pair<int, int>, int> seats;  // (engine, seat) -> games
  for (const auto& game : run->games)
    for (int s = 0; s < 3; ++s) ++seats[{game.seat_engines[static_cast<std::size_t>(s)], s}];
  for (const auto& [key, count] : seats) EXPECT_EQ(count, 3);
  EXPECT_NE(results_table(run->results).find("AvgPlace"), std::string::npos);
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Openings, FileLinesInOrderFromAStartAndRepeated) {
  const std::string path =
      temp_file("openings_order.txt",
                "# three openings\nstartpos moves l3l5 e15e13\nstartpos moves k3k5\n"
                "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0\n");
  auto lines = read_openings_file(path);
  ASSERT_TRUE(lines.ok()) << lines.error();
  ASSERT_EQ(lines->size(), 3u);
  OpeningsConfig config;
  config.file_lines = *lines;
  config.start = 2;
  config.count = 3;
  config.repeat = 2;
  auto openings = openings_for_slots(config, RuleOptions{}, 0, config.slots());
  ASSERT_TRUE(openings.ok()) << openings.error();
  ASSERT_EQ(openings->size(), 6u);
  // Lines 2, 3, 1 (cycling), each twice.
  EXPECT_EQ((*openings)[0].moves, (std::vector<std::string>{"k3k5"}));
  EXPECT_EQ((*openings)[1].moves, (std::vector<std::string>{"k3k5"}));
  EXPECT_TRUE((*openings)[2].moves.empty());
  EXPECT_EQ((*openings)[4].moves, (std::vector<std::string>{"l3l5", "e15e13"}));
  // The moves lead to the position the engines start from.
  EXPECT_EQ((*openings)[4].position.substr((*openings)[4].position.size() - 7), "1 a/d 2");
  // A drawn order is a permutation, the same for the same seed.
  config.random_order = true;
  config.start = 1;
  config.repeat = 1;
  config.seed = 5;
  auto drawn = openings_for_slots(config, RuleOptions{}, 0, 3);
  auto again = openings_for_slots(config, RuleOptions{}, 0, 3);
  ASSERT_TRUE(drawn.ok() && again.ok());
  std::set<std::string> seen;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*drawn)[i].position, (*again)[i].position);
    seen.insert(opening_line((*drawn)[i]));
  }
  EXPECT_EQ(seen.size(), 3u);
}

TEST(Openings, SavedOpeningsReadBackToTheSameGames) {
  OpeningsConfig config;
  config.count = 4;
  config.random_plies = 4;
  config.seed = 9;
  auto random = openings_for_slots(config, RuleOptions{}, 0, 4);
  ASSERT_TRUE(random.ok()) << random.error();
  std::string text;
  for (const auto& opening : *random) {
    EXPECT_EQ(opening.moves.size(), 4u);
    text += opening_line(opening) + "\n";
  }
  OpeningsConfig saved;
  saved.file_lines = *read_openings_file(temp_file("openings_saved.txt", text));
  saved.count = 4;
  auto read = openings_for_slots(saved, RuleOptions{}, 0, 4);
  ASSERT_TRUE(read.ok()) << read.error();
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ((*read)[i].base, (*random)[i].base);
    EXPECT_EQ((*read)[i].moves, (*random)[i].moves);
    EXPECT_EQ((*read)[i].position, (*random)[i].position);
  }
}

TEST(Openings, BadLinesAreNamed) {
  EXPECT_EQ(parse_opening_line("startpos moves k3k5 k3k5", RuleOptions{}).error(),
            "move 'k3k5': k3 holds no piece of player 2");
  EXPECT_EQ(parse_opening_line("startpos moves", RuleOptions{}).error(),
            "'moves' is followed by no move");
  EXPECT_FALSE(parse_opening_line("nonsense", RuleOptions{}).ok());
  OpeningsConfig config;
  config.file_lines = {"startpos", "startpos moves zz"};
  config.count = 2;
  const auto openings = openings_for_slots(config, RuleOptions{}, 0, 2);
  ASSERT_FALSE(openings.ok());
  EXPECT_EQ(openings.error().rfind("openings file, opening 2: move 'zz'", 0), 0u)
      << openings.error();
}

}  // namespace
}  // namespace tiaoqi::match
