#pragma once

#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/match/engine_process.hpp"

namespace tiaoqi::match {

// The command line with every "-engine ..." and "-each ..." group taken
// out: such a group is the words after the flag up to the next word that
// starts with '-' (cutechess-cli style), so an engine's command with
// arguments is one quoted word: cmd="./tiaoqi --threads 2".
struct SplitArguments {
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
  std::vector<std::string> rest;
};
SplitArguments split_engine_groups(int argc, const char* const* argv);

// One group: cmd=<command> name=<name> and Name=Value options (any other
// words); `each` options come first so that an engine's own override them.
Expected<EngineSpec> parse_engine_group(const std::vector<std::string>& words,
                                        const std::vector<std::string>& each, int index);

// "K/N" with 1 <= K <= N.
Expected<std::pair<int, int>> parse_shard(const std::string& text);

}  // namespace tiaoqi::match
