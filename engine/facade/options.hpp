#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rules.hpp"
#include "engine/search/levels.hpp"
#include "engine/search/net/embedded.hpp"
#include "engine/search/params.hpp"
#include "engine/util/expected.hpp"
#include "engine/util/option_words.hpp"
#include "engine/util/spin_range.hpp"

namespace tiaoqi::facade {

inline constexpr SpinRange kHashRange{64, 1, 65536};
inline constexpr SpinRange kThreadsRange{1, 1, 256};
inline constexpr SpinRange kMultiPvRange{1, 1, 64};
inline constexpr SpinRange kMoveOverheadRange{30, 0, 5000};
inline constexpr SpinRange kSeedRange{0, 0, 2147483647};

// The options that are not rules.
struct EngineOptions {
  int hash_mib = kHashRange.default_value;
  int threads = kThreadsRange.default_value;
  // A name from the table of searches (search/registry.hpp).
  std::string_view search = "auto";
  int multipv = kMultiPvRange.default_value;
  int move_overhead_ms = kMoveOverheadRange.default_value;
  bool ponder = false;
  std::int64_t seed = kSeedRange.default_value;
  search::DragonBelief dragon_belief = search::DragonBelief::kBehaviour;
  // A level below full strength (search/levels.hpp): UCI's names.
  bool limit_strength = false;
  int elo = static_cast<int>(search::elo_range().default_value);
  // The search's parameters (search/config.hpp); each unset one is `auto`.
  search::Tunables tunables{};
  // EvalFile: the learned model MCTS reads (MctsPrior, MctsNetValue), by
  // the path it was read from, or the one built in.
  std::string eval_file = search::net::kEmbeddedName;
  std::shared_ptr<const search::net::Model> model = search::net::embedded_model();
  bool operator==(const EngineOptions&) const = default;
};

struct Options {
  RuleOptions rules;
  EngineOptions engine;
  bool operator==(const Options&) const = default;
};

enum class OptionType { kCheck, kSpin, kCombo, kString };

// One option: its name, what it does in words, its type with the values it
// takes, and where it lives in Options. This table is the one place that
// knows the options: the protocol announces, explains and sets them from
// it, the tools read and write rule options through it, the page and the
// docs take their words from it, and a new option is one more row.
struct OptionSpec {
  std::string_view name;
  // Its label and one-line help: what a GUI shows (the command `help`).
  OptionWords words;
  OptionType type = OptionType::kSpin;
  // A rule option (docs/rules.md) rather than an engine option.
  bool is_rule = false;
  // Spin: the default and the range.
  SpinRange range{0, 0, 0};
  // Combo: the values, in the order `uci` lists them; the first is not
  // necessarily the default.
  std::vector<std::string_view> values;
  // Spin values inside the range that still make no game, with the reason.
  std::function<std::optional<std::string>(std::int64_t)> refuse;
  // One of the search's parameters (search/config.hpp): `d` lists them
  // apart, each with the value it plays.
  bool is_parameter = false;
  // The value as the protocol writes it.
  std::function<std::string(const Options&)> get;
  // Stores a value that set_option has read and checked, the one place
  // that reads an option's text: a spin's number, a check's 1 or 0, a
  // combo's index in `values`.
  std::function<void(Options&, std::int64_t)> store;
  // String: reads the value and stores it, or says why not and leaves the
  // options as they were.
  std::function<Status(Options&, std::string_view)> store_text;
};

const std::vector<OptionSpec>& option_specs();
// Finds an option by name, ignoring case.
const OptionSpec* find_option(std::string_view name);
// The same, or the error for an unknown name, which lists the options.
Expected<const OptionSpec*> known_option(std::string_view name);
// The value of an option in a default Options.
std::string default_value(const OptionSpec& spec);

// Reads `value` for the option `name` into `options`: names and words
// (true, false, combo values) are case-insensitive, numbers are decimal and
// inside the range. On error `options` is unchanged and the message says
// what was expected and what arrived (user text quoted and escaped).
Status set_option(Options& options, std::string_view name, std::string_view value);

// Rule options as "Name=Value" words, in the table's order, and back; the
// tools write them into records and read them from the command line.
std::vector<std::pair<std::string, std::string>> rule_option_values(const RuleOptions& rules);
std::string format_rule_options(const RuleOptions& rules);
// Words "Name=Value" separated by spaces; each must name a rule option.
Expected<RuleOptions> parse_rule_options(std::string_view text);
// Sets one rule option (an engine option is refused).
Status set_rule_option(RuleOptions& rules, std::string_view name, std::string_view value);

// The rule profile of the public two-player rating list (CCERL-2P10-v2):
// every rule option with the value the list plays, in the table's order.
// CCP mode starts from it; docs/rules.md ("The rating list's rules")
// explains each value.
inline constexpr std::string_view kCcerlProfileName = "CCERL-2P10-v2";
const std::vector<std::pair<std::string_view, std::string_view>>& ccerl_profile();
RuleOptions ccerl_rule_options();

// What `d` names as played when it differs from the Search value (the
// table of searches' answer for that many players and the variant); empty
// when it is the Search value itself.
std::string_view played_search_name(const Options& options, int player_count);

// The value a parameter option plays at a table of `player_count` under
// `options` (its own value, or what `auto` resolves to there), as the
// option writes values.
std::string played_parameter_value(const Options& options, const OptionSpec& spec,
                                   int player_count);

}  // namespace tiaoqi::facade
