// The match runner's own command-line pieces: -engine groups and --shard.
#include "tools/match/cli.hpp"

#include <gtest/gtest.h>

namespace tiaoqi::match {
namespace {

TEST(MatchCli, EngineGroupsAreSplitOut) {
  const char* argv[] = {"tiaoqi-match", "-engine", "cmd=./a", "Hash=16", "-each",  "Seed=3",
                        "--openings",   "4",       "-engine", "cmd=./b", "--quiet"};
  const SplitArguments split = split_engine_groups(11, argv);
  ASSERT_EQ(split.engines.size(), 2u);
  EXPECT_EQ(split.engines[0], (std::vector<std::string>{"cmd=./a", "Hash=16"}));
  EXPECT_EQ(split.each, (std::vector<std::string>{"Seed=3"}));
  EXPECT_EQ(split.rest, (std::vector<std::string>{"--openings", "4", "--quiet"}));
  // A negative number after a flag that takes a value is its value, to
  // be checked as one, not another flag.
  const char* negative[] = {"tiaoqi-match", "--movetime", "-5", "--quiet", "-3"};
  EXPECT_EQ(split_engine_groups(5, negative, {"--movetime"}).rest,
            (std::vector<std::string>{"--movetime=-5", "--quiet", "-3"}));
}

TEST(MatchCli, AnEngineIsNamedAfterItsProgram) {
  auto spec = parse_engine_group({"cmd=./build/tiaoqi --book /data/book.txt"}, {}, 0);
  ASSERT_TRUE(spec.ok()) << spec.error();
  EXPECT_EQ(spec->name, "tiaoqi");
  // Its own options override those of -each; option.X is the same as X.
  spec = parse_engine_group({"cmd=e", "option.hash=32"}, {"Hash=16", "Seed=1"}, 0);
  ASSERT_TRUE(spec.ok()) << spec.error();
  EXPECT_EQ(spec->options,
            (std::vector<std::pair<std::string, std::string>>{{"Hash", "32"}, {"Seed", "1"}}));
  EXPECT_EQ(parse_engine_group({"name=x"}, {}, 1).error(),
            "-engine 2: cmd=<command> or conf=<name> is missing");
  // dir= runs the engine in a folder of its own; nodes=, depth= and
  // movetime= are its own limits, not options.
  spec = parse_engine_group({"cmd=./e", "dir=/opt/e", "nodes=100", "depth=3"}, {"nodes=50"}, 0);
  ASSERT_TRUE(spec.ok()) << spec.error();
  EXPECT_EQ(spec->directory, "/opt/e");
  EXPECT_TRUE(spec->options.empty());
  EXPECT_EQ(spec->limits,
            (std::vector<std::pair<std::string, std::string>>{{"nodes", "100"}, {"depth", "3"}}));
  EXPECT_EQ(parse_engine_group({"cmd=e", "name=a;b"}, {}, 0).error(),
            "engine name 'a;b' may not contain ';' or '\"'");
  EXPECT_EQ(parse_engine_group({"cmd=e", "=1"}, {}, 0).error(),
            "-engine 1: expected Name=Value, got '=1'");
}

TEST(MatchCli, ShardIsKOfN) {
  EXPECT_EQ(*parse_shard("2/5"), (std::pair{2, 5}));
  EXPECT_EQ(*parse_shard("1/1"), (std::pair{1, 1}));
  for (const char* bad : {"0/2", "3/2", "1/0", "1/2/3", "a/b", "+1/2", " 1/2", "1/", "/2", "",
                          "1/1000001", "99999999999999999999/1"}) {
    const auto shard = parse_shard(bad);
    ASSERT_FALSE(shard.ok()) << bad;
    EXPECT_EQ(shard.error().rfind("--shard: expected K/N with 1 <= K <= N <= 1000000, got '", 0),
              0u)
        << shard.error();
  }
}

}  // namespace
}  // namespace tiaoqi::match
