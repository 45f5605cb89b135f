#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/rules.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// The version of the tools, the project's version from CMake.
std::string_view tools_version();

// Adds --help (also -h) and --version to a tool's flags.
void add_help_and_version(boost::program_options::options_description& flags);

// Parses a tool's arguments in the one style every tool shares: long
// options may also be written with a single dash (`-engine`, as
// cutechess-cli users type them), and `-h` asks for help. A bad argument
// comes back as Boost's message; the caller prints it with its usage.
Expected<boost::program_options::variables_map> parse_arguments(
    int argc, const char* const* argv, const boost::program_options::options_description& flags,
    const boost::program_options::positional_options_description* positional = nullptr);

// Sets the rule options of "Name=Value" words (a tool's --rule flags); the
// error names `flag` and the word. `rules` is unchanged on error.
Status set_rule_words(RuleOptions& rules, const std::vector<std::string>& words,
                      std::string_view flag);

// "<tool>: <message>" on standard error; returns 1, the exit status of a
// failure.
int report_error(std::string_view tool, const std::string& message);
// The same with a pointer to --help; returns 2, the exit status of a bad
// command line.
int usage_error(std::string_view tool, const std::string& message);

// Answers --help (the flags) and --version ("<tool> <version>") on `out`;
// the exit status for the tool when either was given, else nullopt.
std::optional<int> answer_help_or_version(const boost::program_options::variables_map& vm,
                                          std::string_view tool,
                                          const boost::program_options::options_description& flags,
                                          std::ostream& out);

}  // namespace tiaoqi::tools
