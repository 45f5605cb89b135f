#include "protocol/options.hpp"

namespace tiaoqi::protocol {
namespace {

std::string_view type_name(facade::OptionType type) {
  switch (type) {
    case facade::OptionType::kCheck:
      return "check";
    case facade::OptionType::kSpin:
      return "spin";
    case facade::OptionType::kCombo:
      return "combo";
    case facade::OptionType::kString:
      return "string";
  }
  return "string";
}

}  // namespace

std::string option_line(const facade::OptionSpec& spec) {
  return option_line(spec, facade::Options{});
}

std::string option_line(const facade::OptionSpec& spec, const facade::Options& current) {
  std::string line = "option name " + std::string(spec.name) + " type " +
                     std::string(type_name(spec.type)) + " default " + spec.get(current);
  if (spec.type == facade::OptionType::kSpin)
    line += " min " + std::to_string(spec.range.min) + " max " + std::to_string(spec.range.max);
  for (std::string_view value : spec.values) line += " var " + std::string(value);
  return line;
}

std::string help_line(const facade::OptionSpec& spec) {
  return "help name " + std::string(spec.name) + " label " + std::string(spec.words.label) +
         " text " + std::string(spec.words.help);
}

Status apply_option(facade::Options& options, std::string_view name,
                    std::optional<std::string_view> value) {
  if (const facade::OptionSpec* spec = facade::find_option(name);
      spec && (!value || value->empty()))
    return fail("setoption: option " + std::string(spec->name) + " needs 'value <" +
                std::string(type_name(spec->type)) + " value>'");
  if (auto set = facade::set_option(options, name, value.value_or("")); !set)
    return fail("setoption: " + set.error());
  return Done{};
}

}  // namespace tiaoqi::protocol
