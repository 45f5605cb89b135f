#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/depth_first.hpp"
#include "engine/search/mcts/config.hpp"
#include "engine/search/params.hpp"
#include "engine/util/expected.hpp"
#include "engine/util/option_words.hpp"

namespace tiaoqi::search {

// Every parameter of the searches, resolved for one search: the values
// they play unless an option set another.
struct SearchConfig {
  mcts::Config mcts;
  AlphaBetaConfig alphabeta;
  // A pure race at two players is played by the race solver (race.hpp)
  // before the search that was asked for.
  bool race_solver = true;
  // Without movestogo, the clock is planned as if this many moves were left.
  int moves_to_go = 25;
};

// What a parameter's values are.
enum class TunableKind : std::uint8_t { kReal, kInteger, kSwitch };

// One parameter that an engine option of the same name sets (`auto`, the
// default, plays what SearchConfig holds for the table size). The table of
// these is the one place that knows the parameters: the option table adds
// a row for each, `d` prints them resolved, tuning and patch tests set
// them by name.
struct TunableSpec {
  std::string_view name;
  // The option's label and one-line help.
  OptionWords words;
  TunableKind kind;
  // The range (switches: 0 and 1).
  double min;
  double max;
  std::function<double(const SearchConfig&)> get;
  std::function<void(SearchConfig&, double)> set;
};

// The parameters, in the order of Tunables (params.hpp).
const std::vector<TunableSpec>& tunable_specs();

// The configuration a search plays at a table of `players`: MCTS's
// settings for that table size (mcts::config_for), the best-reply tree
// when `best_reply_tree` (Search mctsbrs), then every value `set` names.
SearchConfig resolve_config(int players, const Tunables& set, bool best_reply_tree = false);

// A value as the option writes it: "auto", or the number ("0.2", "6"), or
// true / false.
std::string tunable_text(const TunableSpec& spec, const std::optional<double>& value);
// A parameter's value read from its option text (case-insensitive auto,
// true, false); the error names the parameter, its range and what arrived.
Expected<std::optional<double>> parse_tunable(const TunableSpec& spec, std::string_view text);

}  // namespace tiaoqi::search
