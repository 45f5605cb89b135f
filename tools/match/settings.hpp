#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "engine/util/expected.hpp"
#include "tools/match/cli.hpp"
#include "tools/match/match.hpp"

namespace tiaoqi::match {

// A match's command line turned into a checked MatchConfig, with the files
// it reads and writes. Everything is checked here, before any engine
// starts: every number in its range, a limit that ends every search, the
// openings, the engines file, and every output file (its folder exists; an
// existing file only with --overwrite, or --resume for the record and the
// JSON).
struct MatchSettings {
  MatchConfig config;
  std::string record_path;
  std::string json_path;
  std::string log_path;
  std::string save_openings_path;
  std::string openings_file;
  bool resume = false;
};

// The flags of a match, with the usage text --help prints.
boost::program_options::options_description match_flags();
// The rule flags (--players, --armies, --rule, --max-plies), which
// `compliance` shares.
boost::program_options::options_description rule_flags();
Expected<RuleOptions> rules_from(const boost::program_options::variables_map& vm);

// An output file of `--<flag>`, stored in `path` when given: its folder
// must exist, and an existing file is replaced only with --overwrite (or
// continued with --resume, where `resumable`). A match and merge share
// the rule.
Status check_output(const boost::program_options::variables_map& vm, const char* flag,
                    bool resumable, std::string& path);

// The flags of `flags` that take a value (for split_engine_groups).
std::vector<std::string> value_flags(const boost::program_options::options_description& flags);

// Every -engine group as an engine (conf= from the engines file); names
// are made unique.
Expected<std::vector<EngineSpec>> engines_from(const SplitArguments& split,
                                               const std::string& engines_file);

Expected<MatchSettings> match_settings(const boost::program_options::variables_map& vm,
                                       const SplitArguments& split);

}  // namespace tiaoqi::match
