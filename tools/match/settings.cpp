#include "tools/match/settings.hpp"

#include <algorithm>
#include <filesystem>

#include "engine/dragons.hpp"
#include "engine/facade/options.hpp"
#include "engine/position_string.hpp"
#include "engine/search/limits.hpp"
#include "engine/util/text.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/text_file.hpp"
#include "tools/match/engines_file.hpp"

namespace tiaoqi::match {

namespace po = boost::program_options;

namespace {

constexpr long long kMaxTimeoutMs = 1'000'000'000;
constexpr long long kMaxCount = 1'000'000'000;
constexpr int kMaxConcurrency = 1024;

const char* const kUsage =
    "tiaoqi-match -engine <engine> -engine <engine> ... [-each <settings>] [options]\n"
    "tiaoqi-match compliance -engine <engine> [options]   check one engine's protocol\n"
    "tiaoqi-match merge shard.json ... [options]          join the summaries of shards\n"
    "tiaoqi-match --replay games.txt                      check every move of a record\n"
    "\n"
    "An <engine> is the words after -engine up to the next word that starts with '-':\n"
    "  cmd=COMMAND   the shell command that starts it\n"
    "  conf=NAME     the engine NAME of the engines file (--engines-file)\n"
    "  name=NAME     its name in tables and records (default: the program's file name)\n"
    "  dir=FOLDER    the folder it runs in\n"
    "  tc=CLOCK      its own clock, <seconds>[+<increment>] (time odds)\n"
    "  proto=ccp     it speaks CCP; the match then plays the rating list's rules\n"
    "  nodes=N  depth=N  movetime=MS   its own limits, instead of the match's\n"
    "  Name=Value    sent as setoption; option.Name=Value is the same\n"
    "-each takes the same words for every engine; an engine's own words override them.\n"
    "Every option is checked against the engine before the first game.\n"
    "\n"
    "Exit status: 0 played to the end (or stopped by the SPRT); 1 played, but the\n"
    "result cannot be trusted (an engine refused the runner's commands, every game\n"
    "of an engine ended in its fault, a file could not be written); 2 a bad command\n"
    "line (a value that is wrong, or a file it names that cannot be used), found\n"
    "before any game; 3 an engine failed its check before the first game; 128 + N\n"
    "stopped by signal N (130 SIGINT, 143 SIGTERM).\n";

std::optional<std::string> text_flag(const po::variables_map& vm, const char* name) {
  if (!vm.count(name)) return std::nullopt;
  return vm[name].as<std::string>();
}

// A whole-number flag in [min, max]; `fallback` when it is not given.
Expected<long long> number_flag(const po::variables_map& vm, const char* name, long long min,
                                long long max, long long fallback) {
  const auto text = text_flag(vm, name);
  if (!text) return fallback;
  auto value = util::parse_integer(*text, min, max, std::string("--") + name);
  if (!value) return Error{value.error()};
  return static_cast<long long>(*value);
}

// The match's time control and each engine's own (tc=); every engine must
// have a limit that ends its searches.
Status set_time_controls(MatchConfig& config, const po::variables_map& vm) {
  TimeControl& time = config.referee.time;
  auto margin = number_flag(vm, "margin", 0, kMaxTimeoutMs, 100);
  auto hang = number_flag(vm, "hang-timeout", 1, kMaxTimeoutMs, 60000);
  auto movetime = number_flag(vm, "movetime", 1, search::kMaxClockMs, 0);
  auto nodes = number_flag(vm, "nodes", 1, search::kMaxNodes, 0);
  auto depth = number_flag(vm, "depth", 1, search::kMaxDepth, 0);
  for (const auto* checked : {&margin, &hang, &movetime, &nodes, &depth})
    if (!*checked) return Error{checked->error()};
  time.margin_ms = *margin;
  time.hang_ms = *hang;
  if (const auto tc = text_flag(vm, "tc")) {
    auto parsed = parse_clock(*tc, time);
    if (!parsed) return fail("--tc: " + parsed.error());
    time = *parsed;
  }
  time.movetime_ms = *movetime;
  time.nodes = *nodes;
  time.depth = static_cast<int>(*depth);
  for (const auto& engine : config.engines) {
    TimeControl own = time;
    const std::string which = "engine " + util::quote_input(engine.name) + ": ";
    if (!engine.time_control.empty()) {
      auto parsed = parse_clock(engine.time_control, time);
      if (!parsed) return fail(which + "tc=: " + parsed.error());
      own = *parsed;
    }
    for (const auto& [name, text] : engine.limits) {
      const long long max = name == "nodes"   ? search::kMaxNodes
                            : name == "depth" ? search::kMaxDepth
                                              : search::kMaxClockMs;
      auto value = util::parse_integer(text, 1, max, name + "=");
      if (!value) return fail(which + value.error());
      if (name == "nodes") own.nodes = *value;
      if (name == "depth") own.depth = static_cast<int>(*value);
      if (name == "movetime") own.movetime_ms = *value;
    }
    if (!own.has_limit())
      return fail("no limit for engine " + util::quote_input(engine.name) +
                  ": give --tc, --movetime, --nodes or --depth (or tc=, movetime=, nodes= or " +
                  "depth= for the engine); a go without a limit searches until stopped");
    config.referee.engine_times.push_back(own);
  }
  return Done{};
}

// Which openings, how many, in which order, and this shard's part of them.
Status set_schedule(MatchSettings& settings, const po::variables_map& vm) {
  MatchConfig& config = settings.config;
  ScheduleConfig& schedule = config.schedule;
  OpeningsConfig& openings = schedule.openings;
  schedule.engine_count = static_cast<int>(config.engines.size());
  schedule.rules = config.referee.rules;
  if (const auto tournament = text_flag(vm, "tournament")) {
    auto parsed = parse_tournament(*tournament);
    if (!parsed) return Error{parsed.error()};
    schedule.tournament = *parsed;
  }
  auto plies = number_flag(vm, "random-plies", 0, kMaxRandomPlies, 4);
  auto repeat = number_flag(vm, "openings-repeat", 1, kMaxCount, 1);
  auto start = number_flag(vm, "openings-start", 1, kMaxCount, 1);
  auto seed = number_flag(vm, "seed", 0, std::numeric_limits<long long>::max(), 1);
  for (const auto* checked : {&plies, &repeat, &start, &seed})
    if (!*checked) return Error{checked->error()};
  openings.random_plies = static_cast<int>(*plies);
  openings.repeat = static_cast<int>(*repeat);
  openings.start = static_cast<int>(*start);
  openings.seed = static_cast<std::uint64_t>(*seed);
  if (const auto order = text_flag(vm, "openings-order")) {
    if (*order != "sequential" && *order != "random")
      return fail("--openings-order: expected sequential or random, got " +
                  util::quote_input(*order));
    openings.random_order = *order == "random";
  }
  if (const auto file = text_flag(vm, "openings-file")) {
    auto lines = read_openings_file(*file);
    if (!lines) return Error{lines.error()};
    openings.file_lines = *lines;
    settings.openings_file = *file;
    if (openings.start > static_cast<int>(lines->size()))
      return fail("--openings-start " + std::to_string(openings.start) + ": the openings file " +
                  "holds " + util::plural(static_cast<std::int64_t>(lines->size()), "opening"));
  } else {
    for (const char* flag : {"openings-order", "openings-start"})
      if (vm.count(flag))
        return fail(std::string("--") + flag + " applies to the lines of --openings-file");
  }
  const long long whole_file =
      static_cast<long long>(openings.file_lines.size()) - openings.start + 1;
  auto count =
      number_flag(vm, "openings", 1, kMaxCount, openings.file_lines.empty() ? 10 : whole_file);
  if (!count) return Error{count.error()};
  openings.count = static_cast<int>(*count);
  if (static_cast<long long>(openings.count) * openings.repeat > kMaxCount)
    return fail("--openings times --openings-repeat is more than " + std::to_string(kMaxCount));
  const auto shard = parse_shard(text_flag(vm, "shard").value_or("1/1"));
  if (!shard) return Error{shard.error()};
  schedule.shard = shard->first - 1;
  schedule.shard_count = shard->second;
  auto per_opening = games_per_opening(schedule);
  if (!per_opening) return Error{per_opening.error()};
  return Done{};
}

// The dragons variant: the dragons given (checked against the start) or
// drawn from the seed, and openings that begin at the start.
Status set_dragons(MatchConfig& config, const po::variables_map& vm) {
  RefereeConfig& referee = config.referee;
  const auto given = text_flag(vm, "dragons");
  if (referee.rules.variant != Variant::kDragons) {
    if (given)
      return fail(
          "--dragons names the dragons of the dragons variant: give --rule "
          "Variant=dragons");
    return Done{};
  }
  auto start = start_setup(referee.rules);
  if (!start) return fail("rules: " + start.error());
  if (given) {
    if (*given != kChooseDragons) {
      auto dragons = parse_dragons(start->position, *given);
      if (!dragons) return fail("--" + dragons.error());
    }
    referee.dragons = *given;
  }
  referee.dragon_seed = config.schedule.openings.seed;
  const std::string start_text = position_string(start->position);
  const auto& lines = config.schedule.openings.file_lines;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto opening = parse_opening_line(lines[i], referee.rules);
    if (!opening)
      return fail("openings file, line " + std::to_string(i + 1) + ": " + opening.error());
    if (opening->base != start_text)
      return fail("openings file, line " + std::to_string(i + 1) + ": a game of the dragons " +
                  "variant starts from startpos (where every dragon is in its home), got " +
                  util::quote_input(lines[i]));
  }
  return Done{};
}

Status set_adjudication(MatchConfig& config, const po::variables_map& vm) {
  AdjudicationConfig& adjudication = config.referee.adjudication;
  if (vm.count("resign")) {
    auto rule = parse_resign(vm["resign"].as<std::vector<std::string>>());
    if (!rule) return Error{rule.error()};
    adjudication.resign = *rule;
  }
  if (vm.count("draw")) {
    auto rule = parse_draw(vm["draw"].as<std::vector<std::string>>());
    if (!rule) return Error{rule.error()};
    adjudication.draw = *rule;
  }
  if (adjudication.any() && config.referee.rules.players != 2)
    return fail("--resign and --draw adjudicate games of two players; this match seats " +
                util::plural(config.referee.rules.players, "player"));
  return Done{};
}

Status set_outputs(MatchSettings& settings, const po::variables_map& vm) {
  settings.resume = vm.count("resume") > 0;
  if (settings.resume && vm.count("overwrite"))
    return fail("--resume continues the match of the record or JSON; --overwrite would start " +
                std::string("it again: give one of them"));
  if (auto checked = check_output(vm, "record", true, settings.record_path); !checked)
    return checked;
  if (auto checked = check_output(vm, "json", true, settings.json_path); !checked) return checked;
  if (auto checked = check_output(vm, "save-openings", false, settings.save_openings_path);
      !checked)
    return checked;
  if (const auto log = text_flag(vm, "log")) {
    settings.log_path = *log;
    if (auto writable = tools::check_writable(*log, "--log"); !writable) return writable;
  }
  if (settings.resume) {
    std::error_code error;
    const bool has_record =
        !settings.record_path.empty() && std::filesystem::exists(settings.record_path, error);
    const bool has_json =
        !settings.json_path.empty() && std::filesystem::exists(settings.json_path, error);
    if (!has_record && !has_json)
      return fail("--resume needs the --record or --json file of the interrupted run, and " +
                  std::string(settings.record_path.empty() && settings.json_path.empty()
                                  ? "neither is given"
                                  : "none of them exists"));
  }
  settings.config.record_path = settings.record_path;
  return Done{};
}

}  // namespace

// An output file: its folder must exist; an existing file is replaced only
// with --overwrite (or continued with --resume, where `resumable`).
Status check_output(const po::variables_map& vm, const char* flag, bool resumable,
                    std::string& path) {
  const auto given = text_flag(vm, flag);
  if (!given) return Done{};
  path = *given;
  const std::string what = std::string("--") + flag;
  if (auto writable = tools::check_writable(path, what); !writable) return writable;
  std::error_code error;
  if (std::filesystem::exists(path, error) && !vm.count("overwrite") &&
      !(resumable && vm.count("resume")))
    return fail(what + " " + util::quote_input(path, 200) + " exists; give --overwrite to " +
                "replace it" + (resumable ? " or --resume to continue its match" : ""));
  return Done{};
}

po::options_description rule_flags() {
  po::options_description rules(
      "Rules (sent to the engines that list them; an engine must list each one changed)");
  rules.add_options()("players", po::value<int>()->value_name("N"),
                      "players seated: 2, 3, 4 or 6 (default 2)")(
      "armies", po::value<int>()->value_name("N"), "armies per player, 1 to 3 (default 1)")(
      "rule", po::value<std::vector<std::string>>()->composing()->value_name("NAME=VALUE"),
      "any rule option of docs/rules.md as Name=Value (repeatable): LongJumps=true, "
      "MaxPlies=300, ...")("max-plies", po::value<int>()->value_name("N")->default_value(1000),
                           "MaxPlies when no --rule sets it, so that every game ends: the rules "
                           "then place the players by distance");
  return rules;
}

Expected<RuleOptions> rules_from(const po::variables_map& vm) {
  // Every rule given, by its name in the option table, with its value as
  // the table spells it and the flag that gave it: a rule given twice with
  // two values is refused (the last would silently win).
  struct Given {
    std::string name;
    std::string value;
    std::string flag;
  };
  std::vector<Given> given;
  RuleOptions rules;
  auto give = [&](const std::string& flag, const std::string& name,
                  const std::string& value) -> Status {
    if (auto set = facade::set_rule_option(rules, name, value); !set)
      return fail(flag + ": " + set.error());
    const facade::OptionSpec& spec = *facade::find_option(name);
    facade::Options now;
    now.rules = rules;
    const std::string spelled = spec.get(now);
    for (const Given& earlier : given) {
      if (earlier.name != spec.name || earlier.value == spelled) continue;
      return fail(std::string(spec.name) + " is given twice with two values: " + earlier.value +
                  " by " + earlier.flag + ", " + spelled + " by " + flag + "; give it once");
    }
    given.push_back({std::string(spec.name), spelled, flag});
    return Done{};
  };
  bool max_plies_given = false;
  if (vm.count("rule")) {
    for (const auto& word : vm["rule"].as<std::vector<std::string>>()) {
      auto pair = util::split_name_value(word);
      if (!pair) return fail("--rule: " + pair.error());
      if (auto set = give("--rule " + word, pair->first, pair->second); !set)
        return Error{set.error()};
      max_plies_given = max_plies_given || util::iequals(pair->first, "MaxPlies");
    }
  }
  if (vm.count("players"))
    if (auto set = give("--players", "Players", std::to_string(vm["players"].as<int>())); !set)
      return Error{set.error()};
  if (vm.count("armies"))
    if (auto set = give("--armies", "ArmiesPerPlayer", std::to_string(vm["armies"].as<int>()));
        !set)
      return Error{set.error()};
  if (!max_plies_given)
    if (auto set = give("--max-plies", "MaxPlies", std::to_string(vm["max-plies"].as<int>())); !set)
      return Error{set.error()};
  auto valid = Rules::make(rules);
  if (!valid) return fail("rules: " + valid.error());
  return rules;
}

po::options_description match_flags() {
  po::options_description flags(std::string(kUsage) + "\nGeneral");
  tools::add_help_and_version(flags);
  flags.add_options()("replay", po::value<std::string>()->value_name("FILE"),
                      "check every move and result of a record file, print one line a game, and "
                      "stop (exit 1 when a game is wrong or the file holds none)")(
      "engines-file", po::value<std::string>()->value_name("FILE"),
      "the engine configurations conf= reads (default: engines.json)");

  po::options_description time("Time (give at least one limit)");
  time.add_options()("tc", po::value<std::string>()->value_name("CLOCK"),
                     "a clock per player, <seconds>[+<increment>], e.g. 10+0.1")(
      "movetime", po::value<std::string>()->value_name("MS"), "milliseconds per move, 1 to 10^12")(
      "nodes", po::value<std::string>()->value_name("N"), "nodes per move, 1 to 10^18")(
      "depth", po::value<std::string>()->value_name("PLIES"), "plies per move, 1 to 255")(
      "margin", po::value<std::string>()->value_name("MS"),
      "milliseconds an engine may overrun its time before it loses on time (default 100)")(
      "hang-timeout", po::value<std::string>()->value_name("MS"),
      "milliseconds to wait for a bestmove without clock or movetime (default 60000)")(
      "startup-timeout", po::value<std::string>()->value_name("MS"),
      "milliseconds to wait for uciok and readyok (default 10000)");

  po::options_description openings("Openings");
  openings.add_options()("openings", po::value<std::string>()->value_name("N"),
                         "openings to play, each once in every seat rotation (default: every "
                         "line of --openings-file from --openings-start on, or 10 random ones)")(
      "openings-file", po::value<std::string>()->value_name("FILE"),
      "one opening a line: a position string or startpos, optionally followed by "
      "moves <m> ...; '#' starts a comment line")(
      "openings-order", po::value<std::string>()->value_name("ORDER"),
      "sequential (default) or random: the file's lines in an order drawn from --seed")(
      "openings-start", po::value<std::string>()->value_name("K"),
      "the first line of that order to play (from 1)")(
      "openings-repeat", po::value<std::string>()->value_name("R"),
      "play each opening this many times over (default 1)")(
      "random-plies", po::value<std::string>()->value_name("N"),
      "without a file: random plies from the start, rounded up to whole rounds (default 4)")(
      "seed", po::value<std::string>()->value_name("N"),
      "seed of the random openings and the random order (default 1)")(
      "save-openings", po::value<std::string>()->value_name("FILE"),
      "write the match's openings to this file, one a line, as --openings-file reads them");

  po::options_description tournament("Tournament");
  tournament.add_options()(
      "tournament", po::value<std::string>()->value_name("SHAPE"),
      "round-robin (default: every group of --players engines meets) or gauntlet (the first "
      "engine against each group of the others)")(
      "concurrency", po::value<std::string>()->value_name("N"), "games played at once (default 1)")(
      "sprt",
      po::value<std::vector<std::string>>()->multitoken()->value_name("elo0=E0 elo1=E1 ..."),
      "elo0=0 elo1=5 alpha=0.05 beta=0.05: stop when decided (two engines; a shard plays "
      "its whole part, and merge --sequential decides)")(
      "shard", po::value<std::string>()->value_name("K/N"),
      "play the K-th of N equal parts of the schedule: K/N");

  po::options_description dragons("Dragons (--rule Variant=dragons, three players)");
  dragons.add_options()(
      "dragons", po::value<std::string>()->value_name("H1,H2,H3"),
      "each player's dragon at the start, a hole of its home, in turn order (e.g. m1,c11,l12), "
      "or choose: each engine chooses its own (go choose); default: drawn for each opening "
      "from --seed");

  po::options_description adjudication("Adjudication (two players)");
  adjudication.add_options()(
      "resign", po::value<std::vector<std::string>>()->multitoken()->value_name("moves=N score=S"),
      "moves=3 score=1000: a side loses when, for that many moves of each engine, its engine "
      "scores it at -score centi-steps or worse and the other at +score or better")(
      "draw",
      po::value<std::vector<std::string>>()->multitoken()->value_name("moves=N score=S after=K"),
      "moves=8 score=20 after=40: a draw when, after that many game plies, both engines score "
      "within +-score for that many moves each");

  po::options_description output("Output");
  output.add_options()("record", po::value<std::string>()->value_name("FILE"),
                       "write the games here, in game order, as they finish")(
      "json", po::value<std::string>()->value_name("FILE"), "write the JSON summary here")(
      "overwrite", "replace an existing --record, --json or --save-openings file")(
      "resume",
      "continue the interrupted match of --record (else --json): its finished games are "
      "counted, the others played, and the files completed")(
      "log", po::value<std::string>()->value_name("FILE"),
      "append fault reports here (default: standard error)")(
      "event", po::value<std::string>()->value_name("NAME")->default_value("tiaoqi-match"),
      "the records' Event tag")(
      "report-every", po::value<std::string>()->value_name("N"),
      "print the full table every N finished games (default 10; 0: only at the end)")(
      "quiet", "no progress on standard error, only the final table");

  flags.add(time)
      .add(openings)
      .add(tournament)
      .add(adjudication)
      .add(dragons)
      .add(output)
      .add(rule_flags());
  return flags;
}

std::vector<std::string> value_flags(const po::options_description& flags) {
  std::vector<std::string> names;
  for (const auto& option : flags.options())
    if (option->semantic()->max_tokens() > 0) {
      names.push_back("--" + option->long_name());
      names.push_back("-" + option->long_name());
    }
  return names;
}

Expected<std::vector<EngineSpec>> engines_from(const SplitArguments& split,
                                               const std::string& engines_file) {
  std::vector<EngineSpec> configured;
  if (uses_engines_file(split)) {
    auto read = read_engines_file(engines_file);
    if (!read) return Error{read.error()};
    configured = std::move(*read);
  }
  std::vector<EngineSpec> engines;
  for (std::size_t i = 0; i < split.engines.size(); ++i) {
    auto spec = parse_engine_group(split.engines[i], split.each, static_cast<int>(i), configured);
    if (!spec) return Error{spec.error()};
    // Names identify engines in tables and records, so they must differ.
    for (const auto& other : engines)
      if (other.name == spec->name) spec->name += "-" + std::to_string(i + 1);
    engines.push_back(*spec);
  }
  return engines;
}

Expected<MatchSettings> match_settings(const po::variables_map& vm, const SplitArguments& split) {
  MatchSettings settings;
  MatchConfig& config = settings.config;
  auto engines = engines_from(split, text_flag(vm, "engines-file").value_or("engines.json"));
  if (!engines) return Error{engines.error()};
  if (engines->size() < 2) return fail("give at least two -engine groups");
  config.engines = *engines;
  auto rules = rules_from(vm);
  if (!rules) return Error{rules.error()};
  config.referee.rules = *rules;
  if (std::any_of(engines->begin(), engines->end(), [](const auto& e) { return e.ccp; })) {
    // A CCP engine plays the rating list's rules (docs/rules.md, section 8).
    if (vm.count("rule") || vm.count("players") || vm.count("armies") ||
        !vm["max-plies"].defaulted())
      return fail("a proto=ccp engine plays the rating list's rules: leave out --rule, " +
                  std::string("--players, --armies and --max-plies"));
    config.referee.rules = facade::ccerl_rule_options();
  }
  config.referee.event = vm["event"].as<std::string>();
  for (const auto& engine : config.engines) config.referee.engine_names.push_back(engine.name);
  if (auto timed = set_time_controls(config, vm); !timed) return Error{timed.error()};
  if (auto scheduled = set_schedule(settings, vm); !scheduled) return Error{scheduled.error()};
  if (auto adjudicated = set_adjudication(config, vm); !adjudicated)
    return Error{adjudicated.error()};
  if (auto dragons = set_dragons(config, vm); !dragons) return Error{dragons.error()};
  if (vm.count("sprt")) {
    if (config.engines.size() != 2) return fail("--sprt needs exactly two engines");
    auto sprt = parse_sprt(vm["sprt"].as<std::vector<std::string>>());
    if (!sprt) return Error{sprt.error()};
    config.sprt = *sprt;
  }
  auto concurrency = number_flag(vm, "concurrency", 1, kMaxConcurrency, 1);
  auto startup = number_flag(vm, "startup-timeout", 1, kMaxTimeoutMs, 10000);
  auto report_every = number_flag(vm, "report-every", 0, kMaxCount, 10);
  for (const auto* checked : {&concurrency, &startup, &report_every})
    if (!*checked) return Error{checked->error()};
  config.concurrency = static_cast<int>(*concurrency);
  config.startup_ms = *startup;
  config.report_every = static_cast<int>(*report_every);
  if (auto outputs = set_outputs(settings, vm); !outputs) return Error{outputs.error()};
  return settings;
}

}  // namespace tiaoqi::match
