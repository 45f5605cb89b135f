#include "engine/facade/options.hpp"

#include <type_traits>

#include "engine/search/config.hpp"
#include "engine/search/registry.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::facade {
namespace {

// `field` is a generic lambda giving the option's member of an Options.
template <class Field>
OptionSpec spin(std::string_view name, OptionWords words, bool is_rule, SpinRange range,
                Field field) {
  OptionSpec spec;
  spec.name = name;
  spec.words = words;
  spec.type = OptionType::kSpin;
  spec.is_rule = is_rule;
  spec.range = range;
  spec.get = [field](const Options& options) { return std::to_string(field(options)); };
  spec.store = [field](Options& options, std::int64_t value) {
    auto& target = field(options);
    target = static_cast<std::remove_reference_t<decltype(target)>>(value);
  };
  return spec;
}

template <class Field>
OptionSpec check(std::string_view name, OptionWords words, bool is_rule, Field field) {
  OptionSpec spec;
  spec.name = name;
  spec.words = words;
  spec.type = OptionType::kCheck;
  spec.is_rule = is_rule;
  spec.get = [field](const Options& options) {
    return std::string(field(options) ? "true" : "false");
  };
  spec.store = [field](Options& options, std::int64_t value) { field(options) = value != 0; };
  return spec;
}

// A combo whose values name the enumerators of `field`'s type in order.
template <class Field>
OptionSpec combo(std::string_view name, OptionWords words, bool is_rule,
                 std::vector<std::string_view> values, Field field) {
  OptionSpec spec;
  spec.name = name;
  spec.words = words;
  spec.type = OptionType::kCombo;
  spec.is_rule = is_rule;
  spec.values = values;
  spec.get = [field, values](const Options& options) {
    return std::string(values[static_cast<std::size_t>(field(options))]);
  };
  spec.store = [field](Options& options, std::int64_t index) {
    auto& target = field(options);
    target = static_cast<std::remove_reference_t<decltype(target)>>(index);
  };
  return spec;
}

// Search: the names of the table of searches that a user may ask for.
OptionSpec search_option() {
  OptionSpec spec;
  spec.name = "Search";
  spec.words = {"Search",
                "The search algorithm; auto plays the engine's choice for the player count and the "
                "variant."};
  spec.type = OptionType::kCombo;
  spec.is_rule = false;
  for (const search::SearchKind& kind : search::search_kinds())
    if (kind.selectable) spec.values.push_back(kind.name);
  spec.get = [](const Options& o) { return std::string(o.engine.search); };
  // Stores the table's own spelling, which lives as long as the table.
  spec.store = [names = spec.values](Options& o, std::int64_t index) {
    o.engine.search = names[static_cast<std::size_t>(index)];
  };
  return spec;
}

// One row a search parameter (search/config.hpp): a string, `auto` or a
// value in its range.
OptionSpec parameter_option(std::size_t index) {
  const search::TunableSpec& tunable = search::tunable_specs()[index];
  OptionSpec spec;
  spec.name = tunable.name;
  spec.words = tunable.words;
  spec.type = OptionType::kString;
  spec.is_rule = false;
  spec.is_parameter = true;
  spec.get = [index, &tunable](const Options& o) {
    return search::tunable_text(tunable, o.engine.tunables[index]);
  };
  spec.store_text = [index, &tunable](Options& o, std::string_view value) -> Status {
    auto read = search::parse_tunable(tunable, value);
    if (!read) return Error{read.error()};
    o.engine.tunables[index] = *read;
    return Done{};
  };
  return spec;
}

// EvalFile: a model file, read and checked when it is set; on error the
// model in use stays. "embedded" is the model built in.
OptionSpec eval_file_option() {
  OptionSpec spec;
  spec.name = "EvalFile";
  spec.words = {"Model file",
                "The learned model MCTS reads where MctsPrior or MctsNetValue asks for it: a file "
                "tiaoqi-train wrote, or embedded for the one built in."};
  spec.type = OptionType::kString;
  spec.get = [](const Options& o) { return o.engine.eval_file; };
  spec.store_text = [](Options& o, std::string_view value) -> Status {
    if (util::iequals(value, search::net::kEmbeddedName)) {
      o.engine.eval_file = search::net::kEmbeddedName;
      o.engine.model = search::net::embedded_model();
      return Done{};
    }
    const std::string path(value);
    Expected<search::net::Model> model = search::net::read_model_file(path);
    if (!model) return Error{"EvalFile: " + model.error() + "; the model in use stays"};
    if (!model->covers(o.rules.players))
      return Error{"EvalFile: " + path + " was not trained at " + std::to_string(o.rules.players) +
                   " players (Players); the model in use stays"};
    o.engine.eval_file = path;
    o.engine.model = std::make_shared<const search::net::Model>(std::move(*model));
    return Done{};
  };
  return spec;
}

constexpr bool kRule = true;
constexpr bool kEngine = false;

// The game and its board: the variant, the players and their armies, the
// pieces and the board size.
void add_board_options(std::vector<OptionSpec>& specs) {
  specs.push_back(combo(
      "Variant",
      {"Variant",
       "The game: standard Chinese checkers, or dragons, where each player hides one dragon piece "
       "among its own."},
      kRule, {"standard", "dragons"}, [](auto& o) -> auto& { return o.rules.variant; }));
  OptionSpec players = spin(
      "Players", {"Players", "How many players sit at the board; 5 cannot be seated on six arms."},
      kRule, kPlayersRange, [](auto& o) -> auto& { return o.rules.players; });
  players.refuse = [](std::int64_t count) -> std::optional<std::string> {
    if (count != 5) return std::nullopt;
    return "no seating has 5 players (the star seats 1, 2, 3, 4 or 6)";
  };
  specs.push_back(players);
  specs.push_back(spin(
      "ArmiesPerPlayer",
      {"Armies each",
       "How many armies (triangles of marbles) each player moves; a player finishes when all of "
       "them have arrived."},
      kRule, kArmiesPerPlayerRange, [](auto& o) -> auto& { return o.rules.armies_per_player; }));
  OptionSpec pieces;
  pieces.name = "PiecesPerArmy";
  pieces.words = {"Pieces per army",
                  "10, or 15 on the standard board with larger homes and targets (armies not side "
                  "by side only)."};
  pieces.type = OptionType::kCombo;
  pieces.is_rule = kRule;
  pieces.values = {"10", "15"};
  pieces.get = [](const Options& o) { return std::to_string(o.rules.pieces_per_army); };
  pieces.store = [](Options& o, std::int64_t index) { o.rules.pieces_per_army = index ? 15 : 10; };
  specs.push_back(pieces);
  specs.push_back(spin(
      "BoardSize",
      {"Board size",
       "The length of an arm of the star: 4 is the standard board, 2 and 3 are smaller ones."},
      kRule, kBoardSizeRange, [](auto& o) -> auto& { return o.rules.board_size; }));
}

// How pieces move (docs/rules.md, "Moves").
void add_move_options(std::vector<OptionSpec>& specs) {
  specs.push_back(check(
      "LongJumps",
      {"Long jumps",
       "A jump may go over a piece further along the line, over empty holes, landing as far beyond "
       "it."},
      kRule, [](auto& o) -> auto& { return o.rules.long_jumps; }));
  specs.push_back(check(
      "ForeignStop",
      {"Stop in any arm",
       "A move may end in any arm, not only in the middle, the army's home or its target."},
      kRule, [](auto& o) -> auto& { return o.rules.foreign_stop; }));
  specs.push_back(check(
      "GoalLock",
      {"Lock pieces in the target", "A piece that has reached its target may not leave it again."},
      kRule, [](auto& o) -> auto& { return o.rules.goal_lock; }));
  specs.push_back(check(
      "GoalLockInChain",
      {"Lock in a chain of jumps",
       "With the target lock: a chain of jumps that has landed in the target must stay in it for "
       "the rest of the chain."},
      kRule, [](auto& o) -> auto& { return o.rules.goal_lock_in_chain; }));
  specs.push_back(check(
      "SwapRule",
      {"Swap out blockers",
       "A move may end on another player's piece in the mover's target; that piece goes to the "
       "hole the move started from."},
      kRule, [](auto& o) -> auto& { return o.rules.swap_rule; }));
}

// How a game ends (docs/rules.md, "End of the game").
void add_end_options(std::vector<OptionSpec>& specs) {
  specs.push_back(check(
      "EqualTurns",
      {"Equal turns",
       "Finishing is judged at the end of a round, so every player gets as many moves; all who "
       "have finished share first place."},
      kRule, [](auto& o) -> auto& { return o.rules.equal_turns; }));
  specs.push_back(check(
      "EqualTurnsAtOnce",
      {"Equal turns at once (2 players)",
       "The rating list's reading for two players: the completing move ends the game; a draw only "
       "if player 2 could fill its target at once."},
      kRule, [](auto& o) -> auto& { return o.rules.equal_turns_at_once; }));
  specs.push_back(combo(
      "GoalRule",
      {"Arrival",
       "filled: the target is full of any pieces, one of them the army's own; own: the target is "
       "full of the army's own pieces."},
      kRule, {"filled", "own"}, [](auto& o) -> auto& { return o.rules.goal_rule; }));
  specs.push_back(spin(
      "HomeDeadline",
      {"Leave home within (moves)",
       "0 is off; else a player still with a piece at home after this many moves each is "
       "eliminated."},
      kRule, kRuleCountRange, [](auto& o) -> auto& { return o.rules.home_deadline; }));
  specs.push_back(spin(
      "MaxPlies",
      {"Move limit (plies)",
       "0 is none; else at this move count the game is decided by how far each player's pieces are "
       "from their target."},
      kRule, kRuleCountRange, [](auto& o) -> auto& { return o.rules.max_plies; }));
  specs.push_back(check(
      "MoveLimitDraw",
      {"Move limit draws",
       "The move limit ends the game in a draw instead of ranking the players by distance."},
      kRule, [](auto& o) -> auto& { return o.rules.move_limit_draw; }));
  OptionSpec repetitions = spin(
      "Repetitions",
      {"Repetition draw",
       "0 is off; else the game is drawn when the same position occurs this many times (2 or "
       "more)."},
      kRule, kRepetitionsRange, [](auto& o) -> auto& { return o.rules.repetitions; });
  repetitions.refuse = [](std::int64_t count) -> std::optional<std::string> {
    if (count != 1) return std::nullopt;
    return "every position occurs once; 0 turns the rule off, 3 is threefold repetition";
  };
  specs.push_back(repetitions);
}

// The engine's own options: memory, threads, the search and how it plays.
void add_engine_options(std::vector<OptionSpec>& specs) {
  specs.push_back(spin(
      "Hash", {"Hash (MiB)", "The size of the search's transposition table in MiB."}, kEngine,
      kHashRange, [](auto& o) -> auto& { return o.engine.hash_mib; }));
  specs.push_back(spin(
      "Threads", {"Threads", "How many threads search; more than one searches in parallel."},
      kEngine, kThreadsRange, [](auto& o) -> auto& { return o.engine.threads; }));
  specs.push_back(search_option());
  specs.push_back(spin(
      "MultiPV", {"Lines shown", "How many best moves the engine reports at every depth."}, kEngine,
      kMultiPvRange, [](auto& o) -> auto& { return o.engine.multipv; }));
  specs.push_back(spin(
      "Move Overhead",
      {"Move overhead (ms)",
       "Milliseconds the engine keeps back per move for the GUI and the connection."},
      kEngine, kMoveOverheadRange, [](auto& o) -> auto& { return o.engine.move_overhead_ms; }));
  specs.push_back(check(
      "Ponder", {"Ponder", "The engine names the reply it expects after its move."}, kEngine,
      [](auto& o) -> auto& { return o.engine.ponder; }));
  specs.push_back(spin(
      "Seed",
      {"Seed",
       "The seed of the random and greedy searches and of a level's choices: the same seed replays "
       "the same moves."},
      kEngine, kSeedRange, [](auto& o) -> auto& { return o.engine.seed; }));
  specs.push_back(eval_file_option());
  specs.push_back(combo(
      "DragonBelief",
      {"Dragon belief",
       "In the dragons variant: how the engine guesses where the others' hidden dragons are."},
      kEngine, {"behaviour", "uniform", "single"},
      [](auto& o) -> auto& { return o.engine.dragon_belief; }));
  specs.push_back(check(
      "UCI_LimitStrength",
      {"Limit strength", "Play at the level of UCI_Elo instead of at full strength."}, kEngine,
      [](auto& o) -> auto& { return o.engine.limit_strength; }));
  specs.push_back(spin(
      "UCI_Elo",
      {"Strength (Elo)",
       "The level to play at with UCI_LimitStrength: Elo at two players on the public rating "
       "list's scale, random moves at 0."},
      kEngine, search::elo_range(), [](auto& o) -> auto& { return o.engine.elo; }));
}

std::vector<OptionSpec> make_specs() {
  std::vector<OptionSpec> specs;
  add_board_options(specs);
  add_move_options(specs);
  add_end_options(specs);
  add_engine_options(specs);
  for (std::size_t i = 0; i < search::tunable_specs().size(); ++i)
    specs.push_back(parameter_option(i));
  return specs;
}

std::string joined(const std::vector<std::string_view>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += i + 1 == words.size() ? " or " : ", ";
    text += words[i];
  }
  return text;
}

}  // namespace

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> kSpecs = make_specs();
  return kSpecs;
}

const OptionSpec* find_option(std::string_view name) {
  for (const OptionSpec& spec : option_specs())
    if (util::iequals(spec.name, name)) return &spec;
  return nullptr;
}

std::string default_value(const OptionSpec& spec) { return spec.get(Options{}); }

Expected<const OptionSpec*> known_option(std::string_view name) {
  if (const OptionSpec* spec = find_option(name)) return spec;
  std::vector<std::string_view> names;
  for (const OptionSpec& known : option_specs()) names.push_back(known.name);
  return fail("unknown option " + util::quote_input(name) + "; the options are " + joined(names));
}

Status set_option(Options& options, std::string_view name, std::string_view value) {
  const auto found = known_option(name);
  if (!found) return Error{found.error()};
  const OptionSpec* spec = *found;
  const std::string what(spec->name);
  switch (spec->type) {
    case OptionType::kSpin: {
      auto number = util::parse_integer(value, spec->range.min, spec->range.max, what);
      if (!number) return Error{number.error()};
      if (spec->refuse) {
        if (auto reason = spec->refuse(*number))
          return fail(what + " " + std::to_string(*number) + " is refused: " + *reason);
      }
      spec->store(options, *number);
      return Done{};
    }
    case OptionType::kCheck:
      if (util::iequals(value, "true") || util::iequals(value, "false")) {
        spec->store(options, util::iequals(value, "true") ? 1 : 0);
        return Done{};
      }
      return fail(what + " expects true or false, got " + util::quote_input(value));
    case OptionType::kCombo:
      for (std::size_t i = 0; i < spec->values.size(); ++i) {
        if (util::iequals(spec->values[i], value)) {
          spec->store(options, static_cast<std::int64_t>(i));
          return Done{};
        }
      }
      return fail(what + " expects " + joined(spec->values) + ", got " + util::quote_input(value));
    case OptionType::kString:
      return spec->store_text(options, value);
  }
  return Done{};
}

std::vector<std::pair<std::string, std::string>> rule_option_values(const RuleOptions& rules) {
  Options options;
  options.rules = rules;
  std::vector<std::pair<std::string, std::string>> values;
  for (const OptionSpec& spec : option_specs())
    if (spec.is_rule) values.emplace_back(spec.name, spec.get(options));
  return values;
}

std::string format_rule_options(const RuleOptions& rules) {
  std::string text;
  for (const auto& [name, value] : rule_option_values(rules))
    text += (text.empty() ? "" : " ") + name + "=" + value;
  return text;
}

Status set_rule_option(RuleOptions& rules, std::string_view name, std::string_view value) {
  const OptionSpec* spec = find_option(name);
  if (spec && !spec->is_rule)
    return fail(std::string(spec->name) + " is an engine option, not a rule option");
  Options options;
  options.rules = rules;
  if (auto set = set_option(options, name, value); !set) return set;
  rules = options.rules;
  return Done{};
}

Expected<RuleOptions> parse_rule_options(std::string_view text) {
  RuleOptions rules;
  for (std::string_view word : util::tokenize(text)) {
    auto pair = util::split_name_value(word);
    if (!pair) return Error{pair.error()};
    if (auto set = set_rule_option(rules, pair->first, pair->second); !set)
      return Error{set.error()};
  }
  return rules;
}

const std::vector<std::pair<std::string_view, std::string_view>>& ccerl_profile() {
  // The rules of the public two-player rating list CCERL-2P10-v2 (profile
  // CCZ-121-Strict-LG-v2), as docs/rules.md describes them.
  static const std::vector<std::pair<std::string_view, std::string_view>> kProfile = {
      {"Variant", "standard"},   {"Players", "2"},        {"ArmiesPerPlayer", "1"},
      {"PiecesPerArmy", "10"},   {"BoardSize", "4"},      {"LongJumps", "false"},
      {"ForeignStop", "true"},   {"GoalLock", "true"},    {"GoalLockInChain", "true"},
      {"SwapRule", "false"},     {"EqualTurns", "false"}, {"EqualTurnsAtOnce", "true"},
      {"GoalRule", "filled"},    {"HomeDeadline", "0"},   {"MaxPlies", "240"},
      {"MoveLimitDraw", "true"}, {"Repetitions", "3"},
  };
  return kProfile;
}

RuleOptions ccerl_rule_options() {
  RuleOptions rules;
  for (const auto& [name, value] : ccerl_profile()) {
    // The table above names only rule options with valid values.
    [[maybe_unused]] const Status set = set_rule_option(rules, name, value);
  }
  return rules;
}

namespace {

// What a go would play with these options (the plan's part that they
// decide alone).
search::SearchPlan plan_of(const Options& options, int player_count) {
  return search::plan_played(options.engine.search, player_count,
                             options.rules.variant == Variant::kDragons, options.engine.tunables);
}

}  // namespace

std::string_view played_search_name(const Options& options, int player_count) {
  const std::string_view played = plan_of(options, player_count).played->name;
  return played == options.engine.search ? std::string_view{} : played;
}

std::string played_parameter_value(const Options& options, const OptionSpec& spec,
                                   int player_count) {
  const auto& tunables = search::tunable_specs();
  for (const search::TunableSpec& tunable : tunables)
    if (tunable.name == spec.name)
      return search::tunable_text(tunable, tunable.get(plan_of(options, player_count).config));
  return spec.get(options);
}

}  // namespace tiaoqi::facade
