#include "protocol/options.hpp"

#include <cstdint>
#include <iterator>
#include <type_traits>

#include "protocol/text.hpp"

namespace tiaoqi::protocol {
namespace {

// `field` is a generic lambda giving the option's member of an Options.
template <class Field>
OptionSpec spin(std::string name, std::int64_t min, std::int64_t max, Field field) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kSpin;
  spec.min = min;
  spec.max = max;
  spec.get = [field](const Options& options) { return std::to_string(field(options)); };
  spec.set = [field](Options& options, std::string_view value) {
    auto& target = field(options);
    target = static_cast<std::remove_reference_t<decltype(target)>>(
        *parse_integer(value, INT64_MIN, INT64_MAX, ""));
  };
  return spec;
}

template <class Field>
OptionSpec check(std::string name, Field field) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kCheck;
  spec.get = [field](const Options& options) {
    return std::string(field(options) ? "true" : "false");
  };
  spec.set = [field](Options& options, std::string_view value) {
    field(options) = iequals(value, "true");
  };
  return spec;
}

// Combo options map their values (in order) onto an enum or int field.
template <class Get, class Set>
OptionSpec combo(std::string name, std::vector<std::string> values, Get get, Set set) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = OptionType::kCombo;
  spec.values = std::move(values);
  spec.get = get;
  spec.set = set;
  return spec;
}

constexpr std::int64_t kMaxRuleCount = 10000;

const char* const kAlgorithmNames[] = {"auto", "alphabeta", "paranoid", "brs",
                                       "maxn", "mcts",      "greedy",   "random"};

std::vector<OptionSpec> make_specs() {
  std::vector<OptionSpec> specs;
  specs.push_back(combo(
      "Variant", {"standard", "dragons"},
      [](const Options& o) {
        return std::string(o.rules.variant == Variant::kDragons ? "dragons" : "standard");
      },
      [](Options& o, std::string_view v) {
        o.rules.variant = v == "dragons" ? Variant::kDragons : Variant::kStandard;
      }));
  specs.push_back(spin(
      "Players", 1, kMaxPlayers, [](auto& o) -> auto& { return o.rules.players; }));
  specs.push_back(spin(
      "ArmiesPerPlayer", 1, 3, [](auto& o) -> auto& { return o.rules.armies_per_player; }));
  specs.push_back(combo(
      "PiecesPerArmy", {"10", "15"},
      [](const Options& o) { return std::to_string(o.rules.pieces_per_army); },
      [](Options& o, std::string_view v) { o.rules.pieces_per_army = v == "15" ? 15 : 10; }));
  specs.push_back(spin(
      "BoardSize", kMinArmSize, kMaxArmSize, [](auto& o) -> auto& { return o.rules.board_size; }));
  specs.push_back(check(
      "LongJumps", [](auto& o) -> auto& { return o.rules.long_jumps; }));
  specs.push_back(check(
      "ForeignStop", [](auto& o) -> auto& { return o.rules.foreign_stop; }));
  specs.push_back(check(
      "GoalLock", [](auto& o) -> auto& { return o.rules.goal_lock; }));
  specs.push_back(check(
      "SwapRule", [](auto& o) -> auto& { return o.rules.swap_rule; }));
  specs.push_back(check(
      "EqualTurns", [](auto& o) -> auto& { return o.rules.equal_turns; }));
  specs.push_back(combo(
      "GoalRule", {"filled", "own"},
      [](const Options& o) {
        return std::string(o.rules.goal_rule == GoalRule::kOwn ? "own" : "filled");
      },
      [](Options& o, std::string_view v) {
        o.rules.goal_rule = v == "own" ? GoalRule::kOwn : GoalRule::kFilled;
      }));
  specs.push_back(spin(
      "HomeDeadline", 0, kMaxRuleCount, [](auto& o) -> auto& { return o.rules.home_deadline; }));
  specs.push_back(spin(
      "MaxPlies", 0, kMaxRuleCount, [](auto& o) -> auto& { return o.rules.max_plies; }));
  specs.push_back(spin(
      "Hash", 1, 65536, [](auto& o) -> auto& { return o.engine.hash_mib; }));
  specs.push_back(spin(
      "Threads", 1, 256, [](auto& o) -> auto& { return o.engine.threads; }));
  specs.push_back(combo(
      "Search", {std::begin(kAlgorithmNames), std::end(kAlgorithmNames)},
      [](const Options& o) { return algorithm_name(o.engine.search); },
      [](Options& o, std::string_view v) {
        for (std::size_t i = 0; i < std::size(kAlgorithmNames); ++i)
          if (v == kAlgorithmNames[i]) o.engine.search = static_cast<SearchAlgorithm>(i);
      }));
  specs.push_back(spin(
      "MultiPV", 1, 64, [](auto& o) -> auto& { return o.engine.multipv; }));
  specs.push_back(spin(
      "Move Overhead", 0, 5000, [](auto& o) -> auto& { return o.engine.move_overhead_ms; }));
  specs.push_back(check(
      "Ponder", [](auto& o) -> auto& { return o.engine.ponder; }));
  specs.push_back(spin(
      "Seed", 0, 2147483647, [](auto& o) -> auto& { return o.engine.seed; }));
  return specs;
}

std::string type_name(OptionType type) {
  switch (type) {
    case OptionType::kCheck:
      return "check";
    case OptionType::kSpin:
      return "spin";
    case OptionType::kCombo:
      return "combo";
  }
  return "string";
}

}  // namespace

std::string algorithm_name(SearchAlgorithm algorithm) {
  return kAlgorithmNames[static_cast<int>(algorithm)];
}

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> kSpecs = make_specs();
  return kSpecs;
}

const OptionSpec* find_option(std::string_view name) {
  for (const OptionSpec& spec : option_specs())
    if (iequals(spec.name, name)) return &spec;
  return nullptr;
}

std::string option_line(const OptionSpec& spec) {
  std::string line = "option name " + spec.name + " type " + type_name(spec.type) + " default " +
                     spec.get(Options{});
  if (spec.type == OptionType::kSpin)
    line += " min " + std::to_string(spec.min) + " max " + std::to_string(spec.max);
  for (const std::string& value : spec.values) line += " var " + value;
  return line;
}

Status apply_option(Options& options, std::string_view name,
                    std::optional<std::string_view> value) {
  const OptionSpec* spec = find_option(name);
  if (!spec) {
    std::string names;
    for (const OptionSpec& known : option_specs())
      names += (names.empty() ? "" : ", ") + known.name;
    return fail("setoption: unknown option " + quote_input(name) + "; the options are " + names);
  }
  if (!value || value->empty())
    return fail("setoption: option " + spec->name + " needs 'value <" + type_name(spec->type) +
                " value>'");
  switch (spec->type) {
    case OptionType::kSpin: {
      auto number = parse_integer(*value, spec->min, spec->max, "setoption: " + spec->name);
      if (!number) return Error{number.error()};
      spec->set(options, std::to_string(*number));
      return Done{};
    }
    case OptionType::kCheck:
      if (!iequals(*value, "true") && !iequals(*value, "false"))
        return fail("setoption: " + spec->name + " expects true or false, got " +
                    quote_input(*value));
      spec->set(options, *value);
      return Done{};
    case OptionType::kCombo:
      for (const std::string& allowed : spec->values) {
        if (iequals(allowed, *value)) {
          spec->set(options, allowed);
          return Done{};
        }
      }
      std::string allowed_list;
      for (const std::string& allowed : spec->values)
        allowed_list += (allowed_list.empty() ? "" : ", ") + allowed;
      return fail("setoption: " + spec->name + " expects one of " + allowed_list + ", got " +
                  quote_input(*value));
  }
  return Done{};
}

}  // namespace tiaoqi::protocol
