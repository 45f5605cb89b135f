#include "tools/match/compliance.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace tiaoqi::match {
namespace {

TEST(Compliance, AWellBehavedDoublePassesEveryCheck) {
  std::ostringstream out;
  const int failures =
      run_compliance({"double", std::string(TIAOQI_TEST_ENGINE), {}, {}}, RuleOptions{}, 3000, out);
  EXPECT_EQ(failures, 0) << out.str();
  EXPECT_NE(out.str().find("PASS isready answered during go infinite"), std::string::npos);
  EXPECT_NE(out.str().find("All checks passed"), std::string::npos);
}

TEST(Compliance, AGarbageEngineFailsAndTheCheckerDoesNotHang) {
  std::ostringstream out;
  const auto began = std::chrono::steady_clock::now();
  const int failures =
      run_compliance({"garbage", std::string(TIAOQI_DOUBLES_DIR) + "/garbage_engine.sh", {}, {}},
                     RuleOptions{}, 200, out);
  EXPECT_GT(failures, 5) << out.str();
  EXPECT_NE(out.str().find("FAIL go depth 1 gives a legal move"), std::string::npos) << out.str();
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(20));
}

}  // namespace
}  // namespace tiaoqi::match
