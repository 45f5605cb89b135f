#pragma once

#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/match/engine_process.hpp"

namespace tiaoqi::match {

// The command line with every "-engine ..." and "-each ..." group taken
// out: such a group is the words after the flag up to the next word that
// starts with '-' (cutechess-cli style), so an engine's command with
// arguments is one quoted word: cmd="./tiaoqi --threads 2". A flag of
// `value_flags` followed by a negative number ("--movetime -5") is joined
// into one word ("--movetime=-5"), so that the value is checked as a value
// instead of being taken for a flag.
struct SplitArguments {
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
  std::vector<std::string> rest;
};
SplitArguments split_engine_groups(int argc, const char* const* argv,
                                   const std::vector<std::string>& value_flags = {});

// Does any group name an engine of the configuration file (conf=)?
bool uses_engines_file(const SplitArguments& split);

// One group: conf=<name> (an engine of the configuration file), cmd=<command>,
// name=<name>, dir=<folder>, tc=<clock>, nodes=, depth=, movetime= (the
// engine's own limits) and Name=Value or option.Name=Value options. The
// file's settings come first, then those of -each, then the engine's own,
// each overriding the one before.
Expected<EngineSpec> parse_engine_group(const std::vector<std::string>& words,
                                        const std::vector<std::string>& each, int index,
                                        const std::vector<EngineSpec>& configured = {});

// Sets one of an engine's own limits (nodes, depth, movetime), replacing
// an earlier one of that name.
void set_limit(EngineSpec& spec, const std::string& name, const std::string& value);

// "K/N" with 1 <= K <= N.
Expected<std::pair<int, int>> parse_shard(const std::string& text);

}  // namespace tiaoqi::match
