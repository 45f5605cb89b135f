#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/expected.hpp"
#include "engine/rules.hpp"

namespace tiaoqi::tools {

// Rule options spelled as the protocol spells them (PROTOCOL.md section 4),
// so that what the runner sends with setoption, writes into a record and
// reads back are the same words.
using NameValue = std::pair<std::string, std::string>;

bool is_rule_option(std::string_view name);
// Sets one option by its protocol name (case-insensitive); an error names
// the option and the accepted values.
Expected<bool> set_rule_option(RuleOptions& options, std::string_view name, std::string_view value);
// Every rule option with its value, in the protocol's order.
std::vector<NameValue> rule_option_pairs(const RuleOptions& options);
// "Players=2 ArmiesPerPlayer=1 ..." and back.
std::string format_rule_options(const RuleOptions& options);
Expected<RuleOptions> parse_rule_options(std::string_view text);

// Splits "Name=Value" at the first '='.
Expected<NameValue> split_name_value(std::string_view text);
bool iequals(std::string_view a, std::string_view b);

}  // namespace tiaoqi::tools
