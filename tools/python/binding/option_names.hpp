#pragma once

#include <string>
#include <string_view>

#include "engine/facade/options.hpp"
#include "engine/rules.hpp"

namespace tiaoqi::python {

// The option table's names as Python keywords: LongJumps is long_jumps,
// MultiPV multi_pv, "Move Overhead" move_overhead, UCI_Elo uci_elo.
std::string python_name(std::string_view table_name);

// A name without case, spaces and underscores, as names are compared.
std::string folded_name(std::string_view name);

// The option a name means, given as a Python keyword or as the table
// spells it: names are compared without case, spaces and underscores.
// Null when no option has that name.
const facade::OptionSpec* find_option_named(std::string_view name);

// The rule options a game plays under, its board size included (a
// position string sets the board, whatever BoardSize says).
RuleOptions rule_options_of(const Rules& rules);

}  // namespace tiaoqi::python
