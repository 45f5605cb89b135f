#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/facade/options.hpp"

namespace tiaoqi::protocol {

// "option name Players type spin default 2 min 1 max 6", from the engine's
// option table.
std::string option_line(const facade::OptionSpec& spec);
// The same with the value in force in `current` announced as the default.
std::string option_line(const facade::OptionSpec& spec, const facade::Options& current);
// "help name Threads label Threads text How many threads search; ...": the
// option's label and one-line help, from the engine's option table.
std::string help_line(const facade::OptionSpec& spec);
// `setoption name <name> value <value>` read into `options`; the value is
// missing when the line had no `value` part. On error `options` is
// unchanged.
Status apply_option(facade::Options& options, std::string_view name,
                    std::optional<std::string_view> value);

}  // namespace tiaoqi::protocol
