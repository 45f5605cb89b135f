// The JSON summary of a match and `merge`, which reads summaries back: the
// summary keeps the shape its readers know, and merge refuses any entry it
// cannot trust with a message naming the summary, the entry and the field.
#include "tools/match/merge.hpp"

#include <gtest/gtest.h>

#include "engine/util/text.hpp"
#include "tools/match/summary.hpp"

namespace tiaoqi::match {
namespace {

using tools::Json;

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (const auto& [name, value] : object.items()) names.push_back(name);
  return names;
}

// Each game's move times, by player: moves, total, longest, over the
// movetime.
const std::vector<MoveTimes> kTimes[] = {{{12, 1300, 150, 2}, {11, 800, 90, 0}},
                                         {{3, 250, 120, 1}, {4, 200, 60, 0}},
                                         {{50, 5000, 101, 1}, {50, 4000, 100, 0}},
                                         {{9, 0, 0, 0}, {8, 16, 9, 0}}};

// A finished two-engine match of four games, without engines.
Json sample_summary() {
  MatchConfig config;
  config.engines = {{"alpha", "./alpha", "", {{"Hash", "16"}, {"Search", "mcts"}}, "", {}},
                    {"beta", "./beta", "", {{"Ponder", "true"}}, "", {}}};
  // As check_engines reads them from the engines' `uci` answers.
  config.option_types = {{{"Hash", "spin"}, {"Search", "combo"}}, {{"Ponder", "check"}}};
  config.referee.rules.max_plies = 100;
  config.schedule.openings.count = 2;
  config.sprt = SprtConfig{0, 10, 0.05, 0.05};
  MatchRun run;
  run.scheduled = 4;
  run.games = {{1, 0, 0, {0, 1}, {{0}, {1}}, "p1 reached its target", {}, kTimes[0]},
               {2,
                0,
                1,
                {1, 0},
                {{1}, {0}},
                "p1 lost on time: 900 ms",
                {{0, FaultKind::kTimeLoss}},
                kTimes[1]},
               {3, 1, 0, {0, 1}, {{0, 1}}, "adjudicated: move limit of 100 plies", {}, kTimes[2]},
               {4, 1, 1, {1, 0}, {{0}, {1}}, "p1 reached its target", {}, kTimes[3]}};
  run.results = compute_results({"alpha", "beta"}, 2, run.games, config.sprt);
  return summary_json(match_info_json(config, run, "openings.txt"), run.results, run.games);
}

TEST(Summary, KeepsTheShapeItsReadersKnow) {
  const Json summary = sample_summary();
  EXPECT_EQ(keys(summary), (std::vector<std::string>{"match", "results", "games"}));
  EXPECT_EQ(
      keys(summary["match"]),
      (std::vector<std::string>{"event", "engines", "options", "time", "seed", "tournament",
                                "openings_file", "openings", "openings_order", "openings_start",
                                "openings_repeat", "random_plies", "adjudication", "shard",
                                "scheduled", "resumed_games", "interrupted", "sprt_stopped"}));
  EXPECT_EQ(keys(summary["match"]["engines"][0]),
            (std::vector<std::string>{"name", "command", "options"}));
  // Each value as its option's type reads, the seed as the number it is.
  EXPECT_EQ(summary["match"]["engines"][0]["options"]["Hash"], 16);
  EXPECT_EQ(summary["match"]["engines"][0]["options"]["Search"], "mcts");
  EXPECT_EQ(summary["match"]["engines"][1]["options"]["Ponder"], true);
  EXPECT_EQ(summary["match"]["seed"], 1);
  EXPECT_EQ(summary["match"]["shard"], "1/1");
  EXPECT_EQ(keys(summary["results"]),
            (std::vector<std::string>{"games", "engines", "elo", "sprt"}));
  EXPECT_EQ(keys(summary["results"]["engines"][0]),
            (std::vector<std::string>{"name", "games", "wins", "draws", "losses", "points",
                                      "average_placement", "time_losses", "faults", "moves",
                                      "move_ms_total", "move_ms_mean", "move_ms_max",
                                      "moves_over_movetime", "pairwise"}));
  EXPECT_EQ(summary["results"]["engines"][1]["time_losses"], 1);
  EXPECT_EQ(keys(summary["results"]["engines"][0]["pairwise"][0]),
            (std::vector<std::string>{"opponent", "points", "meetings"}));
  // One entry per pair of engines that met on their own.
  ASSERT_EQ(summary["results"]["elo"].size(), 1u);
  EXPECT_EQ(keys(summary["results"]["elo"][0]),
            (std::vector<std::string>{"engines", "samples", "score", "elo", "low", "high", "los",
                                      "pentanomial"}));
  EXPECT_EQ(keys(summary["results"]["sprt"]),
            (std::vector<std::string>{"elo0", "elo1", "alpha", "beta", "llr", "lower", "upper",
                                      "decision"}));
  EXPECT_EQ(keys(summary["games"][0]),
            (std::vector<std::string>{"game", "opening", "rotation", "seats", "result",
                                      "termination", "faults", "move_times"}));
  EXPECT_EQ(summary["games"][1]["move_times"],
            Json::parse(R"([{"moves": 3, "total_ms": 250, "max_ms": 120, "over_movetime": 1},
                            {"moves": 4, "total_ms": 200, "max_ms": 60, "over_movetime": 0}])"));
  EXPECT_EQ(summary["games"][2]["result"], "1=2");
  EXPECT_EQ(summary["games"][1]["seats"], Json::array({1, 0}));
  EXPECT_EQ(summary["games"][1]["faults"], Json::parse(R"([{"player": 1, "kind": "time"}])"));
  EXPECT_EQ(summary["results"]["elo"][0]["pentanomial"], Json::array({0, 1, 0, 0, 1}));
}

TEST(Merge, WarnsOfMissingShardsAndGames) {
  Json first = sample_summary();
  first["match"]["shard"] = "1/3";
  Json third = sample_summary();
  third["match"]["shard"] = "3/3";
  for (auto& game : third["games"]) game["game"] = game["game"].get<int>() + 8;
  third["games"].erase(third["games"].begin());  // interrupted before one game
  auto merged = merge_summaries({first, third});
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_EQ(merged->warnings,
            (std::vector<std::string>{
                "1 shard of 3 missing: 2/3",
                "7 of the 8 games the shards scheduled finished (a shard was interrupted or "
                "stopped early)"}));
  EXPECT_TRUE(merge_summaries({sample_summary()})->warnings.empty());
}

TEST(Merge, OneSummaryMergesToItsOwnGames) {
  const Json summary = sample_summary();
  auto merged = merge_summaries({summary});
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_EQ(merged->games.size(), 4u);
  EXPECT_EQ(merged->summary["results"], summary["results"]);
  EXPECT_EQ(merged->summary["match"]["shard"], "merged");
}

// Through text, as summaries travel: every game and its times come back as
// they were, and the results with them.
TEST(Summary, RoundTripsTheMoveTimes) {
  const Json summary = sample_summary();
  auto reread = tools::parse_json(tools::dump_json(summary));
  ASSERT_TRUE(reread.ok()) << reread.error();
  auto merged = merge_summaries({*reread});
  ASSERT_TRUE(merged.ok()) << merged.error();
  ASSERT_EQ(merged->games.size(), 4u);
  for (std::size_t g = 0; g < 4; ++g) EXPECT_EQ(merged->games[g].move_times, kTimes[g]);
  EXPECT_EQ(merged->summary["results"], summary["results"]);
  EXPECT_EQ(merged->summary["games"], summary["games"]);
  // alpha sat first in games 1 and 3, second in 2 and 4.
  const Json& alpha = summary["results"]["engines"][0];
  EXPECT_EQ(alpha["moves"], 12 + 4 + 50 + 8);
  EXPECT_EQ(alpha["move_ms_total"], 1300 + 200 + 5000 + 16);
  EXPECT_EQ(alpha["move_ms_max"], 150);
  EXPECT_EQ(alpha["moves_over_movetime"], 3);
  EXPECT_DOUBLE_EQ(alpha["move_ms_mean"].get<double>(), 6516.0 / 74);
}

// Two shards' games add up to the figures of one run: sums and counts
// added, the longest the longer, the mean from the sums.
TEST(Merge, AddsTheMoveTimesOfShardsExactly) {
  Json first = sample_summary();
  first["match"]["shard"] = "1/2";
  first["match"]["scheduled"] = 2;
  first["games"].erase(first["games"].begin() + 2, first["games"].end());
  Json second = sample_summary();
  second["match"]["shard"] = "2/2";
  second["match"]["scheduled"] = 2;
  second["games"].erase(second["games"].begin(), second["games"].begin() + 2);
  auto merged = merge_summaries({first, second});
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_TRUE(merged->warnings.empty());
  EXPECT_EQ(merged->results.rows[0].move_times, (MoveTimes{74, 6516, 150, 3}));
  EXPECT_EQ(merged->results.rows[1].move_times, (MoveTimes{73, 5050, 120, 1}));
  EXPECT_EQ(merged->summary["results"], sample_summary()["results"]);
  const Json& beta = merged->summary["results"]["engines"][1];
  EXPECT_EQ(beta["moves"], 73);
  EXPECT_EQ(beta["move_ms_total"], 5050);
  EXPECT_DOUBLE_EQ(beta["move_ms_mean"].get<double>(), 5050.0 / 73);
  EXPECT_EQ(beta["move_ms_max"], 120);
  EXPECT_EQ(beta["moves_over_movetime"], 1);
}

// A summary written before the runner kept the times has none: it merges,
// every player counting no moves, and writes them as none.
TEST(Merge, ReadsSummariesWithoutMoveTimesAsNone) {
  Json old = sample_summary();
  for (auto& game : old["games"]) game.erase("move_times");
  for (auto& row : old["results"]["engines"])
    for (const char* key :
         {"moves", "move_ms_total", "move_ms_mean", "move_ms_max", "moves_over_movetime"})
      row.erase(key);
  auto merged = merge_summaries({old});
  ASSERT_TRUE(merged.ok()) << merged.error();
  for (const auto& game : merged->games) EXPECT_EQ(game.move_times, std::vector<MoveTimes>(2));
  for (const auto& row : merged->results.rows) EXPECT_EQ(row.move_times, MoveTimes{});
  const Json& alpha = merged->summary["results"]["engines"][0];
  EXPECT_EQ(alpha["moves"], 0);
  EXPECT_EQ(alpha["move_ms_mean"], 0.0);
  EXPECT_EQ(merged->summary["games"][0]["move_times"][1],
            Json::parse(R"({"moves": 0, "total_ms": 0, "max_ms": 0, "over_movetime": 0})"));
  // The wins and places are those of the summary.
  EXPECT_EQ(merged->summary["results"]["engines"][1]["wins"],
            sample_summary()["results"]["engines"][1]["wins"]);
}

std::string merge_error(const std::function<void(Json&)>& spoil, MergeCut cut = MergeCut::kAll) {
  Json summary = sample_summary();
  spoil(summary);
  const auto merged = merge_summaries({summary}, cut);
  EXPECT_FALSE(merged.ok());
  return merged.ok() ? "" : merged.error();
}

TEST(Merge, RefusesEntriesItCannotTrust) {
  EXPECT_EQ(merge_error([](Json& s) {
              s["games"][1]["seats"] = Json::array({1, 7});
            }),
            "merge: summary 1, game entry 2: a seat must be an engine number from 0 to 1, got "
            "'7'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][0]["seats"] = Json::array({0}); }),
            "merge: summary 1, game entry 1: \"seats\" must list one engine per player (2 "
            "players)");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][0]["result"] = "1 1"; }),
            "merge: summary 1, game entry 1: \"result\" must place every player once (2 "
            "players), got '1 1'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][3]["game"] = 1e300; }),
            "merge: summary 1, game entry 4: \"game\" must be a whole number from 1 to "
            "2147483647, got '1e+300'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][3]["game"] = 1; }),
            "merge: game 1 is in two summaries");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][0]["rotation"] = -1; }),
            "merge: summary 1, game entry 1: \"rotation\" must be a whole number from 0 to "
            "2147483647, got '-1'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][1]["faults"][0]["kind"] = "bad"; }),
            "merge: summary 1, game entry 2, a fault: \"kind\" must be time, fault or refused, "
            "got 'bad'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][1]["faults"][0]["player"] = 3; }),
            "merge: summary 1, game entry 2, a fault: \"player\" must be a whole number from 1 "
            "to 2, got '3'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][2]["move_times"] = Json::array(); }),
            "merge: summary 1, game entry 3: \"move_times\" must list the times of every player "
            "(2 players)");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][0]["move_times"][1]["moves"] = -1; }),
            "merge: summary 1, game entry 1, the times of player 2: \"moves\" must be a whole "
            "number from 0 to 9223372036854775807, got '-1'");
  EXPECT_EQ(merge_error([](Json& s) { s["games"][0]["move_times"][0]["max_ms"] = 2000; }),
            "merge: summary 1, game entry 1, the times of player 1: the times do not fit together "
            "(max_ms <= total_ms <= max_ms * moves, over_movetime <= moves), got moves 12, "
            "total_ms 1300, max_ms 2000, over_movetime 2");
  EXPECT_NE(merge_error([](Json& s) {
              s["games"][0]["move_times"][0]["max_ms"] = 100;
            }).find("the times do not fit together"),
            std::string::npos);
  EXPECT_NE(merge_error([](Json& s) {
              s["games"][0]["move_times"][0]["over_movetime"] = 13;
            }).find("the times do not fit together"),
            std::string::npos);
  EXPECT_NE(merge_error([](Json& s) {
              s["games"][3]["move_times"][0]["max_ms"] = 1;
            }).find("the times do not fit together"),
            std::string::npos);
  EXPECT_EQ(merge_error([](Json& s) { s["games"] = "none"; }),
            "merge: summary 1: \"games\" must be a list of games");
  EXPECT_EQ(merge_error([](Json& s) { s["match"]["engines"] = Json::array(); }),
            "merge: the first summary lists no engines under match.engines");
  EXPECT_EQ(merge_error([](Json& s) { s["results"]["sprt"]["alpha"] = 2; }),
            "merge: the first summary's results.sprt: alpha and beta must lie between 0 and 1");
  EXPECT_EQ(merge_error([](Json& s) { s["match"]["options"] = 3; }),
            "merge: the first summary's match: \"options\" must be a string, got '3'");
  EXPECT_EQ(merge_error([](Json& s) { s = Json::array(); }),
            "merge: the first summary lists no engines under match.engines");
}

TEST(Merge, RefusesShardsOfAnotherMatch) {
  const Json first = sample_summary();
  Json other = sample_summary();
  other["match"]["seed"] = "2";
  const auto merged = merge_summaries({first, other});
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(merged.error(),
            "merge: summary 2 comes from another match: its \"seed\" is '\"2\"', summary 1's '1'");
}

// A difference deep in the engines (here one engine's command) is named
// by its path, with both values.
TEST(Merge, NamesTheFieldThatDiffers) {
  const Json first = sample_summary();
  Json other = sample_summary();
  ASSERT_TRUE(other["match"]["engines"].is_array());
  other["match"]["engines"][1]["command"] = "/elsewhere/tiaoqi";
  const auto merged = merge_summaries({first, other});
  ASSERT_FALSE(merged.ok());
  EXPECT_EQ(merged.error(),
            "merge: summary 2 comes from another match: its \"engines[1].command\" is "
            "'\"/elsewhere/tiaoqi\"', summary 1's " +
                util::quote_input(tools::dump_json(first["match"]["engines"][1]["command"])));
}

// Shard `shard` of two of a match of 200 openings at two players that
// alpha wins by far: both games of two openings in three, one game each of
// the third. The SPRT (elo0 0, elo1 100) decides long before the end.
Json lopsided_shard(int shard) {
  MatchConfig config;
  config.engines = {{"alpha", "./alpha", "", {}, "", {}}, {"beta", "./beta", "", {}, "", {}}};
  config.referee.rules.max_plies = 100;
  config.schedule.openings.count = 200;
  config.schedule.shard = shard;
  config.schedule.shard_count = 2;
  config.sprt = SprtConfig{0, 100, 0.1, 0.1};
  MatchRun run;
  run.scheduled = 200;
  for (int opening = shard * 100; opening < (shard + 1) * 100; ++opening)
    for (int rotation = 0; rotation < 2; ++rotation) {
      const std::vector<int> seats = rotation == 0 ? std::vector{0, 1} : std::vector{1, 0};
      const bool alpha_wins = opening % 3 != 2 || rotation == 0;
      const int winner = alpha_wins ? seats[0] == 0 ? 0 : 1 : seats[0] == 1 ? 0 : 1;
      run.games.push_back({opening * 2 + rotation + 1,
                           opening,
                           rotation,
                           seats,
                           {{winner}, {1 - winner}},
                           "p1 reached its target",
                           {},
                           std::vector<MoveTimes>(2)});
    }
  run.results = compute_results({"alpha", "beta"}, 2, run.games, config.sprt);
  return summary_json(match_info_json(config, run, ""), run.results, run.games);
}

// The games of the first `openings` openings of a summary.
Json first_openings(Json summary, int openings) {
  Json kept = Json::array();
  for (const auto& game : summary["games"])
    if (game["opening"].get<int>() < openings) kept.push_back(game);
  summary["games"] = kept;
  return summary;
}

// A sequential merge keeps what one run of the test would have played: it
// decides at its last opening and not one opening before, whichever
// opening the test decides at.
TEST(Merge, SequentialCutsWhereTheSprtDecides) {
  auto merged = merge_summaries({lopsided_shard(1), lopsided_shard(0)}, MergeCut::kSequential);
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_TRUE(merged->warnings.empty());
  EXPECT_EQ(merged->results.sprt.decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(merged->summary["match"]["sprt_stopped"], true);
  EXPECT_EQ(merged->summary["match"]["scheduled"], 400);
  const int games = static_cast<int>(merged->games.size());
  ASSERT_TRUE(games > 2 && games < 200 && games % 2 == 0) << games;
  for (int g = 0; g < games; ++g) EXPECT_EQ(merged->games[static_cast<std::size_t>(g)].game, g + 1);
  auto before = merge_summaries({first_openings(lopsided_shard(0), games / 2 - 1)});
  ASSERT_TRUE(before.ok()) << before.error();
  EXPECT_EQ(before->results.sprt.decision, SprtDecision::kContinue);
  // Without the cut, every game counts.
  EXPECT_EQ(merge_summaries({lopsided_shard(0), lopsided_shard(1)})->games.size(), 400u);
}

// A game missing: the openings after it wait, as one run would have
// played them only after it.
TEST(Merge, SequentialStopsAtTheFirstGap) {
  Json first = lopsided_shard(0);
  first["games"].erase(first["games"].begin() + 3);  // the second opening's second game
  auto merged = merge_summaries({first, lopsided_shard(1)}, MergeCut::kSequential);
  ASSERT_TRUE(merged.ok()) << merged.error();
  EXPECT_EQ(merged->games.size(), 2u);
  EXPECT_EQ(merged->summary["match"]["sprt_stopped"], false);
  EXPECT_EQ(merged->warnings,
            (std::vector<std::string>{"the SPRT is undecided after the first 1 opening of 200, "
                                      "and opening 2 is not complete in the shards (397 games "
                                      "after it left out)"}));
  EXPECT_EQ(merge_error([](Json& s) { s["results"].erase("sprt"); }, MergeCut::kSequential),
            "merge --sequential: the summaries hold no SPRT (--sprt)");
}

}  // namespace
}  // namespace tiaoqi::match
