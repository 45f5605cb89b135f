// tiaoqi.Rules: the rule options of the one option table, by name.
#include <pybind11/stl.h>

#include <cctype>

#include "engine/position_string.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/option_names.hpp"

namespace tiaoqi::python {
namespace {

// Sets each option of a mapping, in its order, through the table.
void set_rule_options(RuleOptions& rules, const py::dict& values) {
  for (const auto& [name, value] : values) {
    const std::string given = py::str(name).cast<std::string>();
    raise_on_error(facade::set_rule_option(rules, table_name(given), option_text(given, value)));
  }
}

// Options that make no game (dragons with two players) are refused as the
// engine refuses them.
void check_game(const RuleOptions& rules) {
  if (auto made = Rules::make(rules); !made) throw py::value_error(made.error());
}

RuleOptions make_rules(const py::object& options, const py::kwargs& keywords) {
  RuleOptions rules;
  if (!options.is_none()) set_rule_options(rules, py::dict(options));
  set_rule_options(rules, keywords);
  check_game(rules);
  return rules;
}

py::dict rules_dict(const RuleOptions& rules) {
  facade::Options options;
  options.rules = rules;
  py::dict values;
  for (const facade::OptionSpec& spec : facade::option_specs())
    if (spec.is_rule)
      values[py::str(python_name(spec.name))] = option_value(spec, spec.get(options));
  return values;
}

std::string rules_repr(const RuleOptions& rules) {
  facade::Options options;
  options.rules = rules;
  std::string text = "tiaoqi.Rules(";
  bool first = true;
  for (const facade::OptionSpec& spec : facade::option_specs()) {
    if (!spec.is_rule) continue;
    const std::string value = spec.get(options);
    if (value == facade::default_value(spec)) continue;
    text += (first ? "" : ", ") + python_name(spec.name) + "=" +
            py::repr(option_value(spec, value)).cast<std::string>();
    first = false;
  }
  return text + ")";
}

py::dict spec_dict(const facade::OptionSpec& spec) {
  py::dict entry;
  entry["name"] = std::string(spec.name);
  entry["python_name"] = python_name(spec.name);
  entry["rule"] = spec.is_rule;
  const std::string default_text = facade::default_value(spec);
  entry["default"] = option_value(spec, default_text);
  switch (spec.type) {
    case facade::OptionType::kCheck:
      entry["type"] = "check";
      break;
    case facade::OptionType::kSpin:
      entry["type"] = "spin";
      entry["min"] = spec.range.min;
      entry["max"] = spec.range.max;
      break;
    case facade::OptionType::kCombo: {
      entry["type"] = "combo";
      py::list values;
      for (std::string_view value : spec.values)
        values.append(option_value(spec, std::string(value)));
      entry["values"] = values;
      break;
    }
    case facade::OptionType::kString:
      entry["type"] = "string";
      break;
  }
  return entry;
}

}  // namespace

void raise_on_error(const Status& status) {
  if (!status) throw py::value_error(status.error());
}

namespace {

// A combo whose values are all numbers (PiecesPerArmy) takes and gives ints.
bool is_numeric_combo(const facade::OptionSpec& spec) {
  if (spec.type != facade::OptionType::kCombo) return false;
  for (std::string_view value : spec.values)
    for (char c : value)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

bool is_integer(py::handle value) {
  return !py::isinstance<py::bool_>(value) && PyIndex_Check(value.ptr()) != 0;
}

std::string type_error(const facade::OptionSpec& spec, const char* expected, py::handle value) {
  return std::string(spec.name) + ": expected " + expected + ", got " +
         py::repr(value).cast<std::string>() + " (" +
         py::str(py::type::of(value).attr("__name__")).cast<std::string>() + ")";
}

}  // namespace

std::string option_text(std::string_view name, py::handle value) {
  const facade::OptionSpec* spec = find_option_named(name);
  // An unknown name: the table's own message says so.
  if (!spec) return py::str(value).cast<std::string>();
  if (spec->type == facade::OptionType::kCheck) {
    if (!py::isinstance<py::bool_>(value))
      throw py::value_error(type_error(*spec, "a bool", value));
    return value.cast<bool>() ? "true" : "false";
  }
  if (spec->type == facade::OptionType::kSpin || is_numeric_combo(*spec)) {
    if (!is_integer(value)) throw py::value_error(type_error(*spec, "an int", value));
    return py::str(py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr())))
        .cast<std::string>();
  }
  if (!py::isinstance<py::str>(value)) throw py::value_error(type_error(*spec, "a str", value));
  return value.cast<std::string>();
}

py::object option_value(const facade::OptionSpec& spec, const std::string& text) {
  switch (spec.type) {
    case facade::OptionType::kCheck:
      return py::bool_(text == "true");
    case facade::OptionType::kSpin:
      return py::int_(std::stoll(text));
    case facade::OptionType::kCombo:
      break;
    case facade::OptionType::kString:
      return py::str(text);
  }
  if (!is_numeric_combo(spec)) return py::str(text);
  return py::int_(std::stoll(text));
}

std::string table_name(std::string_view name) {
  const facade::OptionSpec* spec = find_option_named(name);
  return spec ? std::string(spec->name) : std::string(name);
}

void bind_rules(py::module_& module) {
  py::class_<RuleOptions>(module, "Rules", R"doc(
The rule options of a game, from the engine's one option table.

Options are given by name, as Python keywords in snake_case
(``long_jumps=True``) or in a mapping as the table spells them
(``{"LongJumps": True}``); names are compared without case, spaces and
underscores. Values are bool for true/false options, int for numbers and
str for choices. An unknown name, a bad value or a combination that makes
no game raises ValueError with the engine's message. Rules are values:
``replace()`` makes changed copies.
)doc")
      .def(py::init(&make_rules), py::arg("options") = py::none(),
           "Rules(options=None, **options): the defaults, then the options given.")
      .def(
          "replace",
          [](const RuleOptions& rules, const py::kwargs& keywords) {
            RuleOptions changed = rules;
            set_rule_options(changed, keywords);
            check_game(changed);
            return changed;
          },
          "A copy with the options given changed.")
      .def("to_dict", &rules_dict, "Every rule option by its Python name, in the table's order.")
      .def("__getattr__",
           [](const RuleOptions& rules, const std::string& name) -> py::object {
             const facade::OptionSpec* spec = find_option_named(name);
             if (!spec || !spec->is_rule)
               throw py::attribute_error("Rules has no option " +
                                         py::repr(py::str(name)).cast<std::string>());
             facade::Options options;
             options.rules = rules;
             return option_value(*spec, spec->get(options));
           })
      .def(
          "__str__", [](const RuleOptions& rules) { return facade::format_rule_options(rules); },
          "Name=Value words, as the match runner and the records write them.")
      .def("__repr__", &rules_repr)
      .def(
          "__eq__", [](const RuleOptions& a, const RuleOptions& b) { return a == b; },
          py::is_operator())
      .def("__hash__",
           [](const RuleOptions& rules) {
             return py::hash(py::str(facade::format_rule_options(rules)));
           })
      .def_static(
          "from_string",
          [](std::string_view text) {
            RuleOptions rules = value_or_raise(facade::parse_rule_options(text));
            check_game(rules);
            return rules;
          },
          py::arg("text"), "Reads Name=Value words (what str() writes).")
      .def(py::pickle([](const RuleOptions& rules) { return facade::format_rule_options(rules); },
                      [](const std::string& text) {
                        return value_or_raise(facade::parse_rule_options(text));
                      }));

  module.def(
      "option_specs",
      [] {
        py::list specs;
        for (const facade::OptionSpec& spec : facade::option_specs()) specs.append(spec_dict(spec));
        return specs;
      },
      R"doc(Every option of the engine's table: name, python_name, rule (a rule option
rather than an engine option), type (check, spin or combo), default, and min and
max (spin) or values (combo).)doc");
}

}  // namespace tiaoqi::python
