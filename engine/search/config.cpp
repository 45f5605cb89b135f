#include "engine/search/config.hpp"

#include <charconv>
#include <cmath>
#include <type_traits>

#include "engine/search/timeman.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::search {
namespace {

constexpr TunableKind kReal = TunableKind::kReal;
constexpr TunableKind kInteger = TunableKind::kInteger;
constexpr TunableKind kSwitch = TunableKind::kSwitch;

// One row: the option's name, its kind and range, and `field`, a generic
// lambda giving the parameter's member of a SearchConfig.
template <class Field>
TunableSpec tunable(std::string_view name, TunableKind kind, double min, double max, Field field) {
  TunableSpec spec{name, kind, min, max, {}, {}};
  spec.get = [field](const SearchConfig& config) { return static_cast<double>(field(config)); };
  spec.set = [field](SearchConfig& config, double value) {
    auto& target = field(config);
    target = static_cast<std::remove_reference_t<decltype(target)>>(value);
  };
  return spec;
}

const std::vector<TunableSpec> kTunables = {
    tunable(
        "MctsExploration", kReal, 0, 10, [](auto& c) -> auto& { return c.mcts.exploration; }),
    tunable(
        "MctsHistoryWeight", kReal, 0, 100, [](auto& c) -> auto& { return c.mcts.history_weight; }),
    tunable(
        "MctsExpandVisits", kInteger, 1, 1000,
        [](auto& c) -> auto& { return c.mcts.expand_visits; }),
    tunable(
        "MctsPlayoutPlies", kInteger, 0, mcts::kFullPlayout,
        [](auto& c) -> auto& { return c.mcts.playout_plies; }),
    tunable(
        "MctsEpsilon", kReal, 0, 1, [](auto& c) -> auto& { return c.mcts.epsilon; }),
    tunable(
        "MctsShareScale", kReal, 1, 100000, [](auto& c) -> auto& { return c.mcts.share_scale; }),
    tunable(
        "MctsWinWeight", kReal, 0, 1, [](auto& c) -> auto& { return c.mcts.win_weight; }),
    tunable(
        "MctsFinishMoves", kInteger, 0, 20, [](auto& c) -> auto& { return c.mcts.finish_moves; }),
    tunable(
        "MctsFinishNodes", kInteger, 1, 1e9, [](auto& c) -> auto& { return c.mcts.finish_nodes; }),
    tunable(
        "MctsBestReply", kSwitch, 0, 1, [](auto& c) -> auto& { return c.mcts.best_reply; }),
    tunable(
        "MctsOpponentMoves", kInteger, 0, kMaxMoves,
        [](auto& c) -> auto& { return c.mcts.opponent_moves; }),
    tunable(
        "MctsRacerShare", kReal, 0, 1, [](auto& c) -> auto& { return c.mcts.racer_share; }),
    tunable(
        "AspirationWindow", kInteger, 1, 10000,
        [](auto& c) -> auto& { return c.alphabeta.aspiration_window; }),
    tunable(
        "NullMove", kSwitch, 0, 1, [](auto& c) -> auto& { return c.alphabeta.null_move; }),
    tunable(
        "LateMoveReductions", kSwitch, 0, 1,
        [](auto& c) -> auto& { return c.alphabeta.late_move_reductions; }),
    tunable(
        "RaceSolver", kSwitch, 0, 1, [](auto& c) -> auto& { return c.race_solver; }),
    tunable(
        "MovesToGo", kInteger, 1, kMaxPlannedMovesToGo,
        [](auto& c) -> auto& { return c.moves_to_go; }),
};

std::string number_text(double value) {
  char buffer[32];
  // Fixed notation, the shortest that reads back as the same value
  // ("100000", "0.35"): what a user types.
  const auto written =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  return std::string(buffer, written.ptr);
}

std::string range_text(const TunableSpec& spec) {
  return "auto or a " + std::string(spec.kind == kInteger ? "whole number" : "number") + " from " +
         number_text(spec.min) + " to " + number_text(spec.max);
}

}  // namespace

const std::vector<TunableSpec>& tunable_specs() { return kTunables; }

SearchConfig resolve_config(int players, const Tunables& set, bool best_reply_tree) {
  SearchConfig config;
  config.mcts = mcts::config_for(players);
  config.mcts.best_reply = best_reply_tree;
  // Tunables has one entry a row (a test holds the two sizes equal).
  for (std::size_t i = 0; i < kTunables.size() && i < set.size(); ++i)
    if (set[i]) kTunables[i].set(config, *set[i]);
  return config;
}

std::string tunable_text(const TunableSpec& spec, const std::optional<double>& value) {
  if (!value) return "auto";
  if (spec.kind == kSwitch) return *value != 0 ? "true" : "false";
  return number_text(*value);
}

Expected<std::optional<double>> parse_tunable(const TunableSpec& spec, std::string_view text) {
  const std::string what(spec.name);
  if (util::iequals(text, "auto")) return std::optional<double>{};
  if (spec.kind == kSwitch) {
    if (util::iequals(text, "true")) return std::optional<double>{1};
    if (util::iequals(text, "false")) return std::optional<double>{0};
    return fail(what + " expects auto, true or false, got " + util::quote_input(text));
  }
  const std::optional<double> number = spec.kind == kInteger ? [&]() -> std::optional<double> {
    if (auto whole = util::to_integer(text)) return static_cast<double>(*whole);
    return std::nullopt;
  }()
      : util::to_decimal(text);
  if (!number || !(*number >= spec.min && *number <= spec.max))
    return fail(what + " expects " + range_text(spec) + ", got " + util::quote_input(text));
  return std::optional<double>{*number};
}

}  // namespace tiaoqi::search
