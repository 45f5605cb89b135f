#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.hpp"

namespace tiaoqi::protocol {

enum class OptionType { kCheck, kSpin, kCombo };

// One option of PROTOCOL.md section 4: how `uci` announces it and how
// `setoption` reads it into the engine's Options.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kSpin;
  std::int64_t min = 0;
  std::int64_t max = 0;
  // Combo values, in the order `uci` lists them.
  std::vector<std::string> values;
  // The value as text (the default is the value in a default Options).
  std::function<std::string(const Options&)> get;
  // Stores a value already checked against type and bounds.
  std::function<void(Options&, std::string_view)> set;
};

const std::vector<OptionSpec>& option_specs();
// Finds an option by name, ignoring case.
const OptionSpec* find_option(std::string_view name);
// "option name Players type spin default 2 min 1 max 6".
std::string option_line(const OptionSpec& spec);
// Checks a value for an option and stores it in `options`; refuses values
// of the wrong type or out of bounds and leaves `options` unchanged.
Status apply_option(Options& options, std::string_view name, std::optional<std::string_view> value);

std::string algorithm_name(SearchAlgorithm algorithm);

}  // namespace tiaoqi::protocol
