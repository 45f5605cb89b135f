#include "engine/search/config.hpp"

#include <charconv>
#include <cmath>
#include <type_traits>
#include <utility>

#include "engine/search/timeman.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::search {
namespace {

constexpr TunableKind kReal = TunableKind::kReal;
constexpr TunableKind kInteger = TunableKind::kInteger;
constexpr TunableKind kSwitch = TunableKind::kSwitch;

// One row: the option's name, its words, its kind and range, and `field`,
// a generic lambda giving the parameter's member of a SearchConfig.
template <class Field>
TunableSpec tunable(std::string_view name, OptionWords words, TunableKind kind, double min,
                    double max, Field field) {
  TunableSpec spec{name, words, kind, min, max, {}, {}};
  spec.get = [field](const SearchConfig& config) { return static_cast<double>(field(config)); };
  spec.set = [field](SearchConfig& config, double value) {
    auto& target = field(config);
    target = static_cast<std::remove_reference_t<decltype(target)>>(value);
  };
  return spec;
}

// The table from its rows, which must be as many as the slots that the
// options fill (params.hpp, Tunables): a row added without its slot does
// not compile, where it would otherwise read past the slots at run time.
template <class... Rows>
std::vector<TunableSpec> table_of(Rows&&... rows) {
  static_assert(sizeof...(Rows) == kTunableCount,
                "kTunableCount (params.hpp) must count the rows of the table of parameters");
  return {std::forward<Rows>(rows)...};
}

const std::vector<TunableSpec> kTunables = table_of(
    tunable(
        "MctsExploration",
        {"MCTS exploration",
         "MCTS: UCT's exploration constant on rewards from 0 to 1; more tries more moves, less "
         "searches the best ones deeper."},
        kReal, 0, 10, [](auto& c) -> auto& { return c.mcts.exploration; }),
    tunable(
        "MctsHistoryWeight",
        {"MCTS history weight",
         "MCTS: the weight of progressive history, a bonus for a move whose mean reward elsewhere "
         "in the tree beats its siblings'."},
        kReal, 0, 100, [](auto& c) -> auto& { return c.mcts.history_weight; }),
    tunable(
        "MctsExpandVisits",
        {"MCTS visits before expanding",
         "MCTS: a leaf is expanded once it has been simulated from this many times."},
        kInteger, 1, 1000, [](auto& c) -> auto& { return c.mcts.expand_visits; }),
    tunable(
        "MctsPlayoutPlies",
        {"MCTS playout plies",
         "MCTS: plies of guided playout after the tree before the evaluation cuts a simulation "
         "off; the maximum plays to the end."},
        kInteger, 0, mcts::kFullPlayout, [](auto& c) -> auto& { return c.mcts.playout_plies; }),
    tunable(
        "MctsEpsilon",
        {"MCTS random playout moves",
         "MCTS: the share of playout moves drawn at random; the others make the most progress "
         "towards the mover's target."},
        kReal, 0, 1, [](auto& c) -> auto& { return c.mcts.epsilon; }),
    tunable(
        "MctsShareScale",
        {"MCTS share scale",
         "MCTS: centi-steps of evaluation per unit of log-odds where a playout is cut off; smaller "
         "is sharper."},
        kReal, 1, 100000, [](auto& c) -> auto& { return c.mcts.share_scale; }),
    tunable(
        "MctsWinWeight",
        {"MCTS weight of the win",
         "MCTS: the weight of each player's share of the win in what the tree learns; the rest is "
         "its share of the players it finishes ahead of."},
        kReal, 0, 1, [](auto& c) -> auto& { return c.mcts.win_weight; }),
    tunable(
        "MctsFinishMoves",
        {"MCTS fastest finish (moves)",
         "MCTS: near the end the root keeps only the first moves of a proven finish of at most "
         "this many moves; 0 is off."},
        kInteger, 0, 20, [](auto& c) -> auto& { return c.mcts.finish_moves; }),
    tunable(
        "MctsFinishNodes",
        {"MCTS fastest finish (positions)",
         "MCTS: how many positions the search for the fastest finish may visit before it gives "
         "up."},
        kInteger, 1, 1e9, [](auto& c) -> auto& { return c.mcts.finish_nodes; }),
    tunable(
        "MctsBestReply",
        {"MCTS best-reply tree",
         "MCTS at three players or more: one node below each of the searching player's moves holds "
         "every opponent's moves (Search mctsbrs)."},
        kSwitch, 0, 1, [](auto& c) -> auto& { return c.mcts.best_reply; }),
    tunable(
        "MctsOpponentMoves",
        {"MCTS opponents' moves",
         "MCTS: at another player's turn only its this many moves of most progress are searched; 0 "
         "searches them all."},
        kInteger, 0, kMaxMoves, [](auto& c) -> auto& { return c.mcts.opponent_moves; }),
    tunable(
        "MctsRacerShare",
        {"MCTS racers' share",
         "MCTS: above 0, each other player's width is read from its own moves, the fewest of most "
         "progress among which it played this share."},
        kReal, 0, 1, [](auto& c) -> auto& { return c.mcts.racer_share; }),
    tunable(
        "MctsPrior",
        {"MCTS learned prior",
         "MCTS: the weight of the learned policy's prior over a node's moves (PUCT); 0 is off. The "
         "model is EvalFile's."},
        kReal, 0, 100, [](auto& c) -> auto& { return c.mcts.prior_weight; }),
    tunable(
        "MctsPriorVisits",
        {"MCTS learned prior (visits)",
         "MCTS: a node's moves get the learned prior once it has been visited this often; 0 "
         "gives it when the node is expanded."},
        kInteger, 0, 1e9, [](auto& c) -> auto& { return c.mcts.prior_visits; }),
    tunable(
        "MctsPriorCap",
        {"MCTS learned prior (cap)",
         "MCTS: above 0, the prior's weight stops growing with a node's visits at this many; 0 "
         "lets it grow as their square root."},
        kInteger, 0, 1e9, [](auto& c) -> auto& { return c.mcts.prior_cap; }),
    tunable(
        "MctsPriorOthers",
        {"MCTS learned prior (others)",
         "MCTS: the other players' moves get the learned prior too; off gives it only where the "
         "searching player moves."},
        kSwitch, 0, 1, [](auto& c) -> auto& { return c.mcts.prior_others; }),
    tunable(
        "MctsNetValue",
        {"MCTS learned value",
         "MCTS: where a playout is cut off, the learned value scores it instead of the "
         "evaluation. The model is EvalFile's."},
        kSwitch, 0, 1, [](auto& c) -> auto& { return c.mcts.net_value; }),
    tunable(
        "AspirationWindow",
        {"Aspiration window",
         "Alpha-beta: the half-width in centi-steps of the window around the last depth's score; "
         "it doubles on every fail."},
        kInteger, 1, 10000, [](auto& c) -> auto& { return c.alphabeta.aspiration_window; }),
    tunable(
        "NullMove",
        {"Null move",
         "Alpha-beta: null-move pruning, a reduced search after passing the move that tests for a "
         "cut-off."},
        kSwitch, 0, 1, [](auto& c) -> auto& { return c.alphabeta.null_move; }),
    tunable(
        "LateMoveReductions",
        {"Late move reductions",
         "Alpha-beta: the moves late in the order are searched to a reduced depth first."},
        kSwitch, 0, 1, [](auto& c) -> auto& { return c.alphabeta.late_move_reductions; }),
    tunable(
        "RaceSolver",
        {"Race solver",
         "At two players a pure race, the armies past each other, is played by the race solver "
         "before the search asked for."},
        kSwitch, 0, 1, [](auto& c) -> auto& { return c.race_solver; }),
    tunable(
        "MovesToGo",
        {"Moves to go",
         "Without movestogo in go, the clock is planned as if this many moves were left."},
        kInteger, 1, kMaxPlannedMovesToGo, [](auto& c) -> auto& { return c.moves_to_go; }));

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
