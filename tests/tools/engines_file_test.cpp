// The engine configuration file (cutechess's engines.json format) and
// `-engine conf=NAME`.
#include "tools/match/engines_file.hpp"

#include <gtest/gtest.h>

#include "tools/match/cli.hpp"

namespace tiaoqi::match {
namespace {

using Options = std::vector<std::pair<std::string, std::string>>;

// As the cutechess GUI writes it, with its option list.
const char* kCutechessFile = R"([
  {
    "name": "tiaoqi-ab",
    "command": "./tiaoqi",
    "workingDirectory": "/opt/tiaoqi",
    "protocol": "uci",
    "ponder": false,
    "stderrFile": "",
    "options": [
      {"name": "Hash", "type": "spin", "value": 64, "default": 64, "min": 1, "max": 65536},
      {"name": "Search", "type": "combo", "value": "alphabeta"}
    ]
  },
  {"name": "greedy", "command": "./tiaoqi", "options": {"Search": "greedy", "Ponder": false},
   "tc": "2+0.05"}
])";

TEST(EnginesFile, ReadsCutechessFiles) {
  auto engines = parse_engines_file(kCutechessFile);
  ASSERT_TRUE(engines.ok()) << engines.error();
  ASSERT_EQ(engines->size(), 2u);
  const EngineSpec& ab = (*engines)[0];
  EXPECT_EQ(ab.name, "tiaoqi-ab");
  EXPECT_EQ(ab.command, "./tiaoqi");
  EXPECT_EQ(ab.directory, "/opt/tiaoqi");
  EXPECT_EQ(ab.options, (Options{{"Hash", "64"}, {"Search", "alphabeta"}}));
  EXPECT_EQ((*engines)[1].options, (Options{{"Search", "greedy"}, {"Ponder", "false"}}));
  EXPECT_EQ((*engines)[1].time_control, "2+0.05");
}

TEST(EnginesFile, ProtocolCcpMarksACcpEngine) {
  auto engines = parse_engines_file(R"([{"name": "x", "command": "y", "protocol": "ccp"},
                                        {"name": "z", "command": "w", "protocol": "uci"}])");
  ASSERT_TRUE(engines.ok()) << engines.error();
  EXPECT_TRUE((*engines)[0].ccp);
  EXPECT_FALSE((*engines)[1].ccp);
}

TEST(EnginesFile, RefusesWhatItCannotUse) {
  const auto error = [](const char* text) {
    auto engines = parse_engines_file(text);
    EXPECT_FALSE(engines.ok()) << text;
    return engines.ok() ? std::string() : engines.error();
  };
  EXPECT_EQ(error(R"({"name": "x"})"), "expected a list of engines ([{...}, ...])");
  EXPECT_EQ(error(R"([{"command": "x"}])"), "engine 1: \"name\" is missing");
  EXPECT_EQ(error(R"([{"name": "x"}])"), "engine 1: \"command\" is missing");
  EXPECT_EQ(error(R"([{"name": "x", "command": "y", "protocol": "xboard"}])"),
            "engine 1: \"protocol\" must be \"uci\" or \"ccp\" (the protocols tiaoqi-match "
            "speaks), got '\"xboard\"'");
  EXPECT_EQ(error(R"([{"name": "x", "command": "y", "restart": "on"}])"),
            "engine 1: unknown key 'restart'; expected name, command, workingDirectory, protocol, "
            "options, tc, nodes, depth or movetime");
  EXPECT_EQ(error(R"([{"name": "x", "command": "y"}, {"name": "x", "command": "z"}])"),
            "engine 2: a second engine named 'x'");
  EXPECT_EQ(error(R"([{"name": "x", "command": "y", "options": {"Hash": 1.5}}])"),
            "engine 1, \"options\" 'Hash': expected a string, a whole number, true or false, got "
            "'1.5'");
  EXPECT_EQ(error(R"([{"name": "x", "command": "y", "ponder": true}])"),
            "engine 1: \"ponder\" must be false (tiaoqi-match does not support it), got 'true'");
  EXPECT_EQ(error("[{\"name\": \"x\", "),
            "JSON parse error at line 1, column 16: syntax error while parsing object key - "
            "unexpected end of input; expected string literal");
}

TEST(EnginesFile, ConfNamesAnEngineAndTheCommandLineOverridesIt) {
  auto engines = parse_engines_file(kCutechessFile);
  ASSERT_TRUE(engines.ok());
  // The file first, then -each, then the engine's own words.
  auto spec = parse_engine_group({"name=mine", "Hash=128", "conf=tiaoqi-ab"}, {"Hash=32", "Seed=4"},
                                 0, *engines);
  ASSERT_TRUE(spec.ok()) << spec.error();
  EXPECT_EQ(spec->name, "mine");
  EXPECT_EQ(spec->command, "./tiaoqi");
  EXPECT_EQ(spec->directory, "/opt/tiaoqi");
  EXPECT_EQ(spec->options, (Options{{"Hash", "128"}, {"Search", "alphabeta"}, {"Seed", "4"}}));
  EXPECT_EQ(parse_engine_group({"conf=nobody"}, {}, 1, *engines).error(),
            "-engine 2: conf='nobody' names no engine of the engines file (it lists tiaoqi-ab, "
            "greedy)");
  EXPECT_EQ(parse_engine_group({"conf=x"}, {}, 0, {}).error(),
            "-engine 1: conf='x' names no engine of the engines file (it lists none)");
}

}  // namespace
}  // namespace tiaoqi::match
