// tiaoqi-match with a CCP engine (proto=ccp): this build's tiaoqi in CCP
// mode against itself in its own protocol, under the rating list's rules,
// with no fault; and the command-line mistakes of the mode.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "tests/tools/tool_runs.hpp"
#include "tools/common/json.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::tools {
namespace {

TEST(MatchCcp, ACcpEnginePlaysWholeGamesUnderTheRatingListsRules) {
  const std::string engine = real_engine();
  if (engine.empty()) GTEST_SKIP() << "tiaoqi is not built";
  const std::string record = temp_path("games.txt");
  const std::string json = temp_path("summary.json");
  const ToolRun ran = run_match({"-engine", "cmd=" + engine + " --protocol ccp", "proto=ccp",
                                 "name=ccp", "-engine", "cmd=" + engine, "name=uci", "--depth", "2",
                                 "--openings", "1", "--record", record, "--json", json});
  ASSERT_EQ(ran.status, 0) << ran.err;
  auto text = read_text_file(record, "record");
  ASSERT_TRUE(text) << text.error();
  // Both games, each seat once, under the profile, to a result of the rules.
  EXPECT_NE(text->find("GoalLockInChain=true"), std::string::npos);
  EXPECT_NE(text->find("EqualTurnsAtOnce=true"), std::string::npos);
  EXPECT_NE(text->find("MaxPlies=240 MoveLimitDraw=true Repetitions=3"), std::string::npos);
  EXPECT_EQ(text->find("fault"), std::string::npos) << *text;
  auto summary = read_json_file(json);
  ASSERT_TRUE(summary) << summary.error();
  const Json& results = (*summary)["results"];
  EXPECT_EQ(results["games"], 2);
  for (const Json& row : results["engines"]) {
    EXPECT_EQ(row["faults"], 0) << row["name"];
    EXPECT_EQ(row["time_losses"], 0) << row["name"];
    EXPECT_EQ(row["games"], 2) << row["name"];
  }
  std::filesystem::remove(record);
  std::filesystem::remove(json);
}

TEST(MatchCcp, ComplianceChecksACcpEngine) {
  const std::string engine = real_engine();
  if (engine.empty()) GTEST_SKIP() << "tiaoqi is not built";
  // The margin only keeps a busy machine from failing the timed checks.
  const ToolRun ran = run_match({"compliance", "-engine", "cmd=" + engine + " --protocol ccp",
                                 "proto=ccp", "--margin", "5000"});
  EXPECT_EQ(ran.status, 0) << ran.out << ran.err;
  EXPECT_NE(ran.out.find("PASS ccp answers (ccpok, id or protocol)"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("PASS position cells ... player 1 ply 1 gives a legal path"),
            std::string::npos)
      << ran.out;
  EXPECT_NE(ran.out.find("All checks passed"), std::string::npos) << ran.out;
}

TEST(MatchCcp, MistakesOfTheModeAreRefusedBeforeAnyGame) {
  const std::string engine = real_engine();
  if (engine.empty()) GTEST_SKIP() << "tiaoqi is not built";
  const ToolRun bad_protocol = run_match(
      {"-engine", "cmd=" + engine, "proto=xboard", "-engine", "cmd=" + engine, "--depth", "1"});
  EXPECT_EQ(bad_protocol.status, 2);
  EXPECT_NE(bad_protocol.err.find("proto= expects uci (the default) or ccp, got 'xboard'"),
            std::string::npos)
      << bad_protocol.err;
  const ToolRun other_rules =
      run_match({"-engine", "cmd=" + engine + " --protocol ccp", "proto=ccp", "-engine",
                 "cmd=" + engine, "--depth", "1", "--rule", "LongJumps=true"});
  EXPECT_EQ(other_rules.status, 2);
  EXPECT_NE(other_rules.err.find("a proto=ccp engine plays the rating list's rules"),
            std::string::npos)
      << other_rules.err;
}

}  // namespace
}  // namespace tiaoqi::tools
