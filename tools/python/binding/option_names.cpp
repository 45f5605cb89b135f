#include "tools/python/binding/option_names.hpp"

#include <cctype>

namespace tiaoqi::python {
namespace {

bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_lower_or_digit(char c) {
  return std::islower(static_cast<unsigned char>(c)) != 0 ||
         std::isdigit(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

std::string folded_name(std::string_view name) {
  std::string key;
  for (char c : name)
    if (c != '_' && c != ' ') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

std::string python_name(std::string_view table_name) {
  std::string name;
  for (std::size_t i = 0; i < table_name.size(); ++i) {
    const char c = table_name[i];
    if (c == ' ' || c == '_') {
      if (!name.empty() && name.back() != '_') name += '_';
      continue;
    }
    // A word starts at an upper-case letter after a lower-case one
    // (LongJumps), or at the last capital of an acronym before a
    // lower-case letter (UCIElo would be uci_elo).
    const bool starts_word = is_upper(c) && i > 0 &&
                             (is_lower_or_digit(table_name[i - 1]) ||
                              (is_upper(table_name[i - 1]) && i + 1 < table_name.size() &&
                               std::islower(static_cast<unsigned char>(table_name[i + 1]))));
    if (starts_word && !name.empty() && name.back() != '_') name += '_';
    name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return name;
}

const facade::OptionSpec* find_option_named(std::string_view name) {
  const std::string key = folded_name(name);
  for (const facade::OptionSpec& spec : facade::option_specs())
    if (folded_name(spec.name) == key) return &spec;
  return nullptr;
}

RuleOptions rule_options_of(const Rules& rules) {
  RuleOptions options = rules.options();
  options.board_size = rules.geometry().arm_size();
  return options;
}

}  // namespace tiaoqi::python
