#include "tools/match/engines_file.hpp"

#include <set>

#include "engine/util/text.hpp"
#include "tools/common/json.hpp"
#include "tools/common/text_file.hpp"
#include "tools/match/cli.hpp"

namespace tiaoqi::match {
namespace {

using tools::Json;

// An option's value as setoption sends it: a string as it is, a whole
// number or true/false as written.
Expected<std::string> option_value(const Json& value, const std::string& where) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return std::string(value.get<bool>() ? "true" : "false");
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_number_unsigned()) return std::to_string(value.get<std::uint64_t>());
  return fail(where + ": expected a string, a whole number, true or false, got " +
              util::quote_input(tools::dump_json(value), 80));
}

Expected<std::string> string_field(const Json& entry, const char* key, const std::string& where) {
  const Json& value = entry[key];
  if (!value.is_string() || value.get<std::string>().empty())
    return fail(where + ": \"" + key + "\" must be a non-empty string, got " +
                util::quote_input(tools::dump_json(value), 80));
  return value.get<std::string>();
}

Status read_options(const Json& options, EngineSpec& spec, const std::string& where) {
  const std::string at = where + ", \"options\"";
  if (options.is_object()) {
    for (const auto& [name, value] : options.items()) {
      auto text = option_value(value, at + " " + util::quote_input(name));
      if (!text) return Error{text.error()};
      spec.options.emplace_back(name, *text);
    }
    return Done{};
  }
  if (!options.is_array())
    return fail(at + ": expected an object of names and values or a list of {\"name\", " +
                "\"value\"} objects");
  for (std::size_t i = 0; i < options.size(); ++i) {
    const Json& option = options[i];
    const std::string item = at + " entry " + std::to_string(i + 1);
    if (!option.is_object() || !option.contains("name") || !option.contains("value"))
      return fail(item + ": expected an object with \"name\" and \"value\"");
    auto name = string_field(option, "name", item);
    if (!name) return Error{name.error()};
    auto text = option_value(option["value"], item);
    if (!text) return Error{text.error()};
    spec.options.emplace_back(*name, *text);
  }
  return Done{};
}

Expected<EngineSpec> read_entry(const Json& entry, const std::string& where) {
  if (!entry.is_object()) return fail(where + ": expected an object");
  EngineSpec spec;
  for (const auto& [key, value] : entry.items()) {
    Status read = Done{};
    if (key == "name" || key == "command" || key == "workingDirectory" || key == "tc") {
      auto text = string_field(entry, key.c_str(), where);
      if (!text) return Error{text.error()};
      (key == "name"      ? spec.name
       : key == "command" ? spec.command
       : key == "tc"      ? spec.time_control
                          : spec.directory) = *text;
    } else if (key == "nodes" || key == "depth" || key == "movetime") {
      auto text = option_value(value, where + ", \"" + key + "\"");
      if (!text) return Error{text.error()};
      set_limit(spec, key, *text);
    } else if (key == "protocol") {
      if (value != "uci" && value != "ccp")
        return fail(where + ": \"protocol\" must be \"uci\" or \"ccp\" (the protocols " +
                    "tiaoqi-match speaks), got " + util::quote_input(tools::dump_json(value), 80));
      spec.ccp = value == "ccp";
    } else if (key == "options") {
      read = read_options(value, spec, where);
    } else if (key == "ponder" || key == "whitepov") {
      if (value != false)
        return fail(where + ": \"" + key + "\" must be false (tiaoqi-match does not support " +
                    "it), got " + util::quote_input(tools::dump_json(value), 80));
    } else if (key == "stderrFile") {
      if (!value.is_string()) return fail(where + ": \"stderrFile\" must be a string");
    } else {
      return fail(where + ": unknown key " + util::quote_input(key) +
                  "; expected name, command, workingDirectory, protocol, options, tc, nodes, " +
                  "depth or movetime");
    }
    if (!read) return Error{read.error()};
  }
  if (spec.name.empty()) return fail(where + ": \"name\" is missing");
  if (spec.command.empty()) return fail(where + ": \"command\" is missing");
  return spec;
}

}  // namespace

Expected<std::vector<EngineSpec>> parse_engines_file(std::string_view text) {
  auto json = tools::parse_json(text);
  if (!json) return Error{json.error()};
  if (!json->is_array()) return fail("expected a list of engines ([{...}, ...])");
  std::vector<EngineSpec> engines;
  std::set<std::string> names;
  for (std::size_t i = 0; i < json->size(); ++i) {
    auto spec = read_entry((*json)[i], "engine " + std::to_string(i + 1));
    if (!spec) return Error{spec.error()};
    if (!names.insert(spec->name).second)
      return fail("engine " + std::to_string(i + 1) + ": a second engine named " +
                  util::quote_input(spec->name));
    engines.push_back(std::move(*spec));
  }
  return engines;
}

Expected<std::vector<EngineSpec>> read_engines_file(const std::string& path) {
  auto text = tools::read_text_file(path, "engines file");
  if (!text) return Error{text.error()};
  auto engines = parse_engines_file(*text);
  if (!engines)
    return fail("engines file " + util::quote_input(path, 200) + ": " + engines.error());
  return engines;
}

}  // namespace tiaoqi::match
