#include "tools/match/compliance.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace tiaoqi::match {
namespace {

TEST(Compliance, AWellBehavedDoublePassesEveryCheck) {
  std::ostringstream out;
  // The double answers at once; the limits only guard against a hang, so a
  // busy machine cannot fail a check.
  const ComplianceLimits limits{60000, 60000};
  const int failures = run_compliance({"double", std::string(TIAOQI_TEST_ENGINE), "", {}, "", {}},
                                      RuleOptions{}, limits, out);
  EXPECT_EQ(failures, 0) << out.str();
  EXPECT_NE(out.str().find("PASS isready answered during go infinite"), std::string::npos);
  EXPECT_NE(out.str().find("All checks passed"), std::string::npos);
}

// An engine written before the newer rule options passes under rules that
// leave them at their defaults, and fails, naming what it lacks, under
// rules that set one.
TEST(Compliance, AnOlderEngineIsHeldToTheRulesItIsCheckedUnder) {
  const ComplianceLimits limits{60000, 60000};
  const EngineSpec older{"older", std::string(TIAOQI_TEST_ENGINE) + " --mode older", "", {}, "",
                         {}};
  std::ostringstream out;
  EXPECT_EQ(run_compliance(older, RuleOptions{}, limits, out), 0) << out.str();
  RuleOptions locked;
  locked.goal_lock = true;
  locked.goal_lock_in_chain = true;
  std::ostringstream refused;
  EXPECT_EQ(run_compliance(older, locked, limits, refused), 2) << refused.str();
  EXPECT_NE(refused.str().find("FAIL uci lists the engine options and the rule options the rules "
                               "change: missing: GoalLockInChain\n"),
            std::string::npos)
      << refused.str();
  EXPECT_NE(refused.str().find("FAIL setoption of the rule options it lists or the rules change "
                               "is accepted: refused 'GoalLockInChain=true', answering: "
                               "setoption: unknown option 'GoalLockInChain'"),
            std::string::npos)
      << refused.str();
}

TEST(Compliance, AGarbageEngineFailsAndTheCheckerDoesNotHang) {
  std::ostringstream out;
  // Short waits: the garbage engine never gives the answers waited for.
  const ComplianceLimits limits{200, 100};
  const int failures = run_compliance(
      {"garbage", std::string(TIAOQI_DOUBLES_DIR) + "/garbage_engine.sh", "", {}, "", {}},
      RuleOptions{}, limits, out);
  EXPECT_GT(failures, 5) << out.str();
  EXPECT_NE(out.str().find("FAIL go depth 1 gives a legal move"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("FAILED: " + std::to_string(failures) + " checks"), std::string::npos);
}

// Every FAIL line says why the check failed, after a colon.
TEST(Compliance, EveryFailLineGivesItsReason) {
  std::ostringstream out;
  const ComplianceLimits limits{200, 100};
  run_compliance(
      {"garbage", std::string(TIAOQI_DOUBLES_DIR) + "/garbage_engine.sh", "", {}, "", {}},
      RuleOptions{}, limits, out);
  std::istringstream lines(out.str());
  int fails = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("FAIL ", 0) != 0) continue;
    ++fails;
    const std::size_t colon = line.find(": ");
    EXPECT_NE(colon, std::string::npos) << line;
    if (colon != std::string::npos) {
      EXPECT_GT(line.size(), colon + 2) << line;
    }
  }
  EXPECT_GT(fails, 5) << out.str();
  EXPECT_NE(out.str().find("FAIL unknown command answers info string error: waiting for 'info "
                           "string error': no expected answer within 200 ms"),
            std::string::npos)
      << out.str();
}

// After a failed handshake no other check runs (each would only wait out
// its time), and the verdict says why.
TEST(Compliance, AFailedHandshakeStopsTheChecksWithOneVerdict) {
  std::ostringstream out;
  const int failures = run_compliance({"cat", "cat", "", {}, "", {}}, RuleOptions{},
                                      ComplianceLimits{200, 100}, out);
  EXPECT_EQ(failures, 1);
  EXPECT_EQ(out.str(),
            "FAIL uci answers uciok: no expected answer within 200 ms\n"
            "FAILED: the engine did not complete its handshake, so no other check was run\n");
}

// quit passes only when the engine was there to quit: one that exited on
// its own earlier fails it.
TEST(Compliance, AnEngineGoneBeforeQuitFailsTheQuitCheck) {
  std::ostringstream out;
  run_compliance(
      {"quitter", std::string(TIAOQI_DOUBLES_DIR) + "/exits_after_handshake.sh", "", {}, "", {}},
      RuleOptions{}, ComplianceLimits{200, 100}, out);
  EXPECT_NE(out.str().find("FAIL quit ends the process within 1000 ms: the engine had exited "
                           "before quit (exit status 0)"),
            std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("PASS quit"), std::string::npos) << out.str();
}

TEST(Compliance, AnEngineThatCannotStartFailsOnce) {
  std::ostringstream out;
  const int failures = run_compliance(
      {"missing", std::string(TIAOQI_DOUBLES_DIR) + "/no such engine", "", {}, "", {}},
      RuleOptions{}, ComplianceLimits{}, out);
  EXPECT_GE(failures, 1);
  EXPECT_NE(out.str().find("FAIL uci answers uciok"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace tiaoqi::match
