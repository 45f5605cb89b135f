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
