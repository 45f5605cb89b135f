#include "tools/common/rule_options.hpp"

#include <array>
#include <charconv>
#include <sstream>

namespace tiaoqi::tools {
namespace {

constexpr std::array<std::string_view, 13> kNames = {
    "Variant",   "Players",      "ArmiesPerPlayer", "PiecesPerArmy", "BoardSize",
    "LongJumps", "ForeignStop",  "GoalLock",        "SwapRule",      "EqualTurns",
    "GoalRule",  "HomeDeadline", "MaxPlies"};

Expected<int> parse_int(std::string_view name, std::string_view value, int low, int high) {
  int number = 0;
  const auto result = std::from_chars(value.data(), value.data() + value.size(), number);
  if (result.ec != std::errc() || result.ptr != value.data() + value.size() || number < low ||
      number > high)
    return fail(std::string(name) + ": expected a number from " + std::to_string(low) + " to " +
                std::to_string(high) + ", got '" + std::string(value) + "'");
  return number;
}

Expected<bool> parse_bool(std::string_view name, std::string_view value) {
  if (iequals(value, "true") || value == "1") return true;
  if (iequals(value, "false") || value == "0") return false;
  return fail(std::string(name) + ": expected true or false, got '" + std::string(value) + "'");
}

std::string bool_text(bool value) { return value ? "true" : "false"; }

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool is_rule_option(std::string_view name) {
  for (std::string_view known : kNames)
    if (iequals(known, name)) return true;
  return false;
}

Expected<NameValue> split_name_value(std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos || equals == 0)
    return fail("expected Name=Value, got '" + std::string(text) + "'");
  return NameValue{std::string(text.substr(0, equals)), std::string(text.substr(equals + 1))};
}

Expected<bool> set_rule_option(RuleOptions& options, std::string_view name,
                               std::string_view value) {
  const auto set_int = [&](int& field, int low, int high) -> Expected<bool> {
    auto number = parse_int(name, value, low, high);
    if (!number) return Error{number.error()};
    field = *number;
    return true;
  };
  const auto set_bool = [&](bool& field) -> Expected<bool> {
    auto flag = parse_bool(name, value);
    if (!flag) return flag;
    field = *flag;
    return true;
  };
  if (iequals(name, "Variant")) {
    if (iequals(value, "standard"))
      options.variant = Variant::kStandard;
    else if (iequals(value, "dragons"))
      options.variant = Variant::kDragons;
    else
      return fail("Variant: expected standard or dragons, got '" + std::string(value) + "'");
    return true;
  }
  if (iequals(name, "GoalRule")) {
    if (iequals(value, "filled"))
      options.goal_rule = GoalRule::kFilled;
    else if (iequals(value, "own"))
      options.goal_rule = GoalRule::kOwn;
    else
      return fail("GoalRule: expected filled or own, got '" + std::string(value) + "'");
    return true;
  }
  if (iequals(name, "Players")) return set_int(options.players, 1, 6);
  if (iequals(name, "ArmiesPerPlayer")) return set_int(options.armies_per_player, 1, 3);
  if (iequals(name, "PiecesPerArmy")) {
    auto result = set_int(options.pieces_per_army, 10, 15);
    if (result && options.pieces_per_army != 10 && options.pieces_per_army != 15)
      return fail("PiecesPerArmy: expected 10 or 15, got '" + std::string(value) + "'");
    return result;
  }
  if (iequals(name, "BoardSize")) return set_int(options.board_size, 2, 4);
  if (iequals(name, "LongJumps")) return set_bool(options.long_jumps);
  if (iequals(name, "ForeignStop")) return set_bool(options.foreign_stop);
  if (iequals(name, "GoalLock")) return set_bool(options.goal_lock);
  if (iequals(name, "SwapRule")) return set_bool(options.swap_rule);
  if (iequals(name, "EqualTurns")) return set_bool(options.equal_turns);
  if (iequals(name, "HomeDeadline")) return set_int(options.home_deadline, 0, 10000);
  if (iequals(name, "MaxPlies")) return set_int(options.max_plies, 0, 10000);
  return fail("'" + std::string(name) + "' is not a rule option");
}

std::vector<NameValue> rule_option_pairs(const RuleOptions& options) {
  return {
      {"Variant", options.variant == Variant::kDragons ? "dragons" : "standard"},
      {"Players", std::to_string(options.players)},
      {"ArmiesPerPlayer", std::to_string(options.armies_per_player)},
      {"PiecesPerArmy", std::to_string(options.pieces_per_army)},
      {"BoardSize", std::to_string(options.board_size)},
      {"LongJumps", bool_text(options.long_jumps)},
      {"ForeignStop", bool_text(options.foreign_stop)},
      {"GoalLock", bool_text(options.goal_lock)},
      {"SwapRule", bool_text(options.swap_rule)},
      {"EqualTurns", bool_text(options.equal_turns)},
      {"GoalRule", options.goal_rule == GoalRule::kOwn ? "own" : "filled"},
      {"HomeDeadline", std::to_string(options.home_deadline)},
      {"MaxPlies", std::to_string(options.max_plies)},
  };
}

std::string format_rule_options(const RuleOptions& options) {
  std::string text;
  for (const auto& [name, value] : rule_option_pairs(options)) {
    if (!text.empty()) text += ' ';
    text += name + '=' + value;
  }
  return text;
}

Expected<RuleOptions> parse_rule_options(std::string_view text) {
  RuleOptions options;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) {
    auto pair = split_name_value(word);
    if (!pair) return Error{pair.error()};
    auto set = set_rule_option(options, pair->first, pair->second);
    if (!set) return Error{set.error()};
  }
  return options;
}

}  // namespace tiaoqi::tools
