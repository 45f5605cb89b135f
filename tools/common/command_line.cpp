#include "tools/common/command_line.hpp"

#include <iostream>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

#ifndef TIAOQI_VERSION
#error "TIAOQI_VERSION must give the project's version"
#endif

namespace tiaoqi::tools {

namespace po = boost::program_options;

std::string_view tools_version() { return TIAOQI_VERSION; }

void add_help_and_version(po::options_description& flags) {
  flags.add_options()("help,h", "print this text and exit")("version",
                                                            "print the version and exit");
}

Expected<po::variables_map> parse_arguments(int argc, const char* const* argv,
                                            const po::options_description& flags,
                                            const po::positional_options_description* positional) {
  po::variables_map vm;
  try {
    po::command_line_parser parser(argc, argv);
    parser.options(flags).style(po::command_line_style::default_style |
                                po::command_line_style::allow_long_disguise);
    // With long options in disguise, "-h" would be read as the start of
    // every long option beginning with 'h' (--help, --hang-timeout, --html)
    // and refused as ambiguous; it means --help.
    if (flags.find_nothrow("help", false))
      parser.extra_parser([](const std::string& word) {
        return word == "-h" ? std::pair<std::string, std::string>{"help", ""}
                            : std::pair<std::string, std::string>{};
      });
    if (positional) parser.positional(*positional);
    const po::parsed_options parsed = parser.run();
    // Without a positional description Boost keeps a stray word (the
    // "+0.5" of "--tc 1 +0.5") as a nameless option and store() drops it:
    // it would change nothing without a word.
    if (!positional)
      for (const po::option& option : parsed.options)
        if (option.position_key >= 0 || option.string_key.empty())
          return fail("unexpected argument " +
                      util::quote_input(option.original_tokens.empty()
                                            ? std::string()
                                            : option.original_tokens.front()) +
                      " (every value belongs to the flag before it)");
    po::store(parsed, vm);
    po::notify(vm);
  } catch (const std::exception& error) {
    return fail(error.what());
  }
  return vm;
}

Status set_rule_words(RuleOptions& rules, const std::vector<std::string>& words,
                      std::string_view flag) {
  RuleOptions changed = rules;
  for (const auto& word : words) {
    auto pair = util::split_name_value(word);
    if (!pair) return fail(std::string(flag) + ": " + pair.error());
    auto set = facade::set_rule_option(changed, pair->first, pair->second);
    if (!set) return fail(std::string(flag) + ": " + set.error());
  }
  rules = changed;
  return Done{};
}

int report_error(std::string_view tool, const std::string& message) {
  std::cerr << tool << ": " << message << '\n';
  return 1;
}

int usage_error(std::string_view tool, const std::string& message) {
  std::cerr << tool << ": " << message << "\n(see " << tool << " --help)\n";
  return 2;
}

std::optional<int> answer_help_or_version(const po::variables_map& vm, std::string_view tool,
                                          const po::options_description& flags, std::ostream& out) {
  if (vm.count("version")) {
    out << tool << ' ' << tools_version() << '\n';
    return 0;
  }
  if (vm.count("help")) {
    out << flags;
    return 0;
  }
  return std::nullopt;
}

}  // namespace tiaoqi::tools
