// tiaoqi-match: plays engines against each other, checks one engine's
// protocol, merges shards and replays records. See docs/match.md.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/replay.hpp"
#include "tools/common/text_file.hpp"
#include "tools/match/cli.hpp"
#include "tools/match/compliance.hpp"
#include "tools/match/match.hpp"
#include "tools/match/merge.hpp"
#include "tools/match/summary.hpp"

namespace po = boost::program_options;
using namespace tiaoqi;
using namespace tiaoqi::match;

namespace {

constexpr const char* kTool = "tiaoqi-match";

// Set by the Ctrl-C handler; everything else reads it. A lock-free atomic
// is safe to store from a signal handler.
std::atomic<bool> g_interrupted{false};

void on_interrupt(int) { g_interrupted.store(true); }

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  // A second Ctrl-C ends the runner at once.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int usage_error(const std::string& message) { return tools::usage_error(kTool, message); }

po::options_description rule_flags() {
  po::options_description rules("Rules");
  rules.add_options()("players", po::value<int>(), "players seated (2, 3, 4, 6)")(
      "armies", po::value<int>(), "armies per player (1..3)")(
      "rule", po::value<std::vector<std::string>>()->composing(),
      "any rule option, Name=Value (repeatable): LongJumps=true, MaxPlies=300, ...")(
      "max-plies", po::value<int>()->default_value(1000),
      "MaxPlies when no rule sets it, so that every game ends");
  return rules;
}

Expected<RuleOptions> rules_from(const po::variables_map& vm) {
  RuleOptions rules;
  bool max_plies_given = false;
  if (vm.count("rule"))
    for (const auto& word : vm["rule"].as<std::vector<std::string>>()) {
      auto pair = util::split_name_value(word);
      if (!pair) return fail("--rule: " + pair.error());
      auto set = facade::set_rule_option(rules, pair->first, pair->second);
      if (!set) return fail("--rule: " + set.error());
      max_plies_given = max_plies_given || util::iequals(pair->first, "MaxPlies");
    }
  if (vm.count("players")) rules.players = vm["players"].as<int>();
  if (vm.count("armies")) rules.armies_per_player = vm["armies"].as<int>();
  if (!max_plies_given) rules.max_plies = vm["max-plies"].as<int>();
  auto valid = Rules::make(rules);
  if (!valid) return fail("rules: " + valid.error());
  return rules;
}

Expected<std::vector<EngineSpec>> engines_from(const SplitArguments& split) {
  std::vector<EngineSpec> engines;
  for (std::size_t i = 0; i < split.engines.size(); ++i) {
    auto spec = parse_engine_group(split.engines[i], split.each, static_cast<int>(i));
    if (!spec) return Error{spec.error()};
    // Names identify engines in tables and records, so they must differ.
    for (const auto& other : engines)
      if (other.name == spec->name) spec->name += "-" + std::to_string(i + 1);
    engines.push_back(*spec);
  }
  return engines;
}

std::vector<const char*> rest_argv(const SplitArguments& split, const char* program) {
  std::vector<const char*> argv{program};
  for (const auto& word : split.rest) argv.push_back(word.c_str());
  return argv;
}

int run_compliance_command(int argc, char** argv) {
  const SplitArguments split = split_engine_groups(argc - 1, argv + 1);
  po::options_description flags("tiaoqi-match compliance -engine cmd=<command> [options]");
  tools::add_help_and_version(flags);
  flags.add_options()("timeout", po::value<long long>()->default_value(5000),
                      "milliseconds to wait for any answer")(
      "margin", po::value<long long>()->default_value(100),
      "milliseconds a timed answer (movetime, clock, stop, quit) may come late");
  flags.add(rule_flags());
  const auto args = rest_argv(split, argv[0]);
  auto parsed = tools::parse_arguments(static_cast<int>(args.size()), args.data(), flags);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  auto engines = engines_from(split);
  if (!engines) return usage_error(engines.error());
  if (engines->size() != 1) return usage_error("compliance needs exactly one -engine");
  auto rules = rules_from(vm);
  if (!rules) return usage_error(rules.error());
  const ComplianceLimits limits{vm["timeout"].as<long long>(), vm["margin"].as<long long>()};
  return run_compliance(engines->front(), *rules, limits, std::cout) == 0 ? 0 : 1;
}

// The shards' records in game order, as one file.
Status write_merged_records(const std::vector<std::string>& paths, const std::string& output) {
  std::vector<tools::GameRecord> all;
  for (const auto& path : paths) {
    auto games = tools::read_record_file(path);
    if (!games) return Error{games.error()};
    all.insert(all.end(), games->begin(), games->end());
  }
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.game < b.game; });
  std::string text;
  for (const auto& game : all) text += tools::format_record(game) + "\n";
  if (!tools::write_text_file(output, text))
    return fail("cannot write the merged record " + util::quote_input(output, 200));
  return Done{};
}

int run_merge_command(int argc, char** argv) {
  po::options_description flags(
      "tiaoqi-match merge [--json out.json] [--record out.txt] shard.json... "
      "[--records shard-records...]");
  tools::add_help_and_version(flags);
  std::vector<std::string> inputs, records;
  flags.add_options()("json", po::value<std::string>(), "write the merged summary here")(
      "record", po::value<std::string>(), "write the merged game records here")(
      "records", po::value<std::vector<std::string>>(&records)->multitoken(),
      "the shards' record files")("input", po::value<std::vector<std::string>>(&inputs),
                                  "the shards' JSON summaries");
  po::positional_options_description positional;
  positional.add("input", -1);
  auto parsed = tools::parse_arguments(argc - 1, argv + 1, flags, &positional);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  if (inputs.empty()) return usage_error("merge needs the shards' JSON summaries");
  std::vector<tools::Json> summaries;
  for (const auto& path : inputs) {
    auto json = tools::read_json_file(path);
    if (!json) return usage_error(json.error());
    summaries.push_back(std::move(*json));
  }
  auto merged = merge_summaries(summaries);
  if (!merged) return usage_error(merged.error());
  if (vm.count("record")) {
    auto written = write_merged_records(records, vm["record"].as<std::string>());
    if (!written) return usage_error(written.error());
  }
  if (vm.count("json") && !tools::write_text_file(vm["json"].as<std::string>(),
                                                  tools::dump_json(merged->summary) + "\n"))
    return usage_error("cannot write the merged summary");
  std::cout << results_table(merged->results);
  return 0;
}

int run_replay(const std::string& path) {
  auto records = tools::read_record_file(path);
  if (!records) return usage_error(records.error());
  int failures = 0;
  for (const auto& record : *records) {
    auto replay = tools::replay_record(record);
    if (!replay) {
      ++failures;
      std::cout << "game " << record.game << ": ILLEGAL: " << replay.error() << '\n';
    } else {
      std::cout << "game " << record.game << ": ok, " << util::plural(record.events.size(), "line")
                << ", result " << record.result << " (" << record.termination << ")\n";
    }
  }
  std::cout << util::plural(records->size(), "game") << ", " << failures << " with errors\n";
  return failures ? 1 : 0;
}

po::options_description match_flags() {
  po::options_description flags(
      "tiaoqi-match -engine cmd=<command> [name=<name>] [tc=<clock>] [Option=Value...] -engine ... "
      "[options]\n       tiaoqi-match compliance -engine ...\n"
      "       tiaoqi-match merge shard1.json shard2.json ...\n\nMatch");
  tools::add_help_and_version(flags);
  flags.add_options()("replay", po::value<std::string>(),
                      "check every move of a record file and stop")(
      "tc", po::value<std::string>(), "clock per player: <seconds>[+<increment>], e.g. 10+0.1")(
      "movetime", po::value<long long>(), "milliseconds per move")("nodes", po::value<long long>(),
                                                                   "nodes per move")(
      "depth", po::value<int>(), "plies per move")("margin",
                                                   po::value<long long>()->default_value(100),
                                                   "milliseconds an engine may overrun its time")(
      "hang-timeout", po::value<long long>()->default_value(60000),
      "milliseconds to wait for a bestmove without clock or movetime")(
      "startup-timeout", po::value<long long>()->default_value(10000),
      "milliseconds to wait for uciok and readyok")(
      "openings", po::value<int>()->default_value(0),
      "openings to play (each once per seat rotation); 0: every line of the file")(
      "openings-file", po::value<std::string>(), "position strings, one a line")(
      "random-plies", po::value<int>()->default_value(4),
      "random plies of a generated opening (rounded up to whole rounds)")(
      "seed", po::value<std::uint64_t>()->default_value(1), "seed of the random openings")(
      "concurrency", po::value<int>()->default_value(1), "games played at once")(
      "sprt", po::value<std::vector<std::string>>()->multitoken(),
      "elo0=0 elo1=5 alpha=0.05 beta=0.05: stop when decided")(
      "shard", po::value<std::string>()->default_value("1/1"),
      "play the K-th of N equal parts of the schedule")("record", po::value<std::string>(),
                                                        "write the game records here")(
      "json", po::value<std::string>(), "write the JSON summary here")(
      "log", po::value<std::string>(), "append fault reports here (default: standard error)")(
      "event", po::value<std::string>()->default_value("tiaoqi-match"), "the records' Event tag")(
      "quiet", "no live progress line");
  flags.add(rule_flags());
  return flags;
}

// The match's time control and each engine's own (tc=).
Status set_time_controls(MatchConfig& config, const po::variables_map& vm) {
  TimeControl& time = config.referee.time;
  time.margin_ms = vm["margin"].as<long long>();
  time.hang_ms = vm["hang-timeout"].as<long long>();
  if (vm.count("tc")) {
    auto parsed = parse_clock(vm["tc"].as<std::string>(), time);
    if (!parsed) return fail("--tc: " + parsed.error());
    time = *parsed;
  }
  if (vm.count("movetime")) time.movetime_ms = vm["movetime"].as<long long>();
  if (vm.count("nodes")) time.nodes = vm["nodes"].as<long long>();
  if (vm.count("depth")) time.depth = vm["depth"].as<int>();
  for (const auto& engine : config.engines) {
    TimeControl own = time;
    if (!engine.time_control.empty()) {
      auto parsed = parse_clock(engine.time_control, time);
      if (!parsed)
        return fail("engine " + util::quote_input(engine.name) + ": tc=: " + parsed.error());
      own = *parsed;
    }
    config.referee.engine_times.push_back(own);
  }
  return Done{};
}

// Which openings, how many, and this shard's part of them.
Status set_schedule(MatchConfig& config, const po::variables_map& vm) {
  ScheduleConfig& schedule = config.schedule;
  schedule.engine_count = static_cast<int>(config.engines.size());
  schedule.rules = config.referee.rules;
  schedule.opening_count = vm["openings"].as<int>();
  schedule.random_plies = vm["random-plies"].as<int>();
  schedule.seed = vm["seed"].as<std::uint64_t>();
  if (vm.count("openings-file")) {
    auto lines = read_openings_file(vm["openings-file"].as<std::string>());
    if (!lines) return Error{lines.error()};
    schedule.opening_file_lines = *lines;
  } else if (schedule.opening_count == 0) {
    schedule.opening_count = 10;
  }
  auto shard = parse_shard(vm["shard"].as<std::string>());
  if (!shard) return Error{shard.error()};
  schedule.shard = shard->first - 1;
  schedule.shard_count = shard->second;
  return Done{};
}

Expected<MatchConfig> match_config(const po::variables_map& vm, const SplitArguments& split) {
  MatchConfig config;
  auto engines = engines_from(split);
  if (!engines) return Error{engines.error()};
  if (engines->size() < 2) return fail("give at least two -engine groups");
  config.engines = *engines;
  auto rules = rules_from(vm);
  if (!rules) return Error{rules.error()};
  config.referee.rules = *rules;
  config.referee.event = vm["event"].as<std::string>();
  for (const auto& engine : config.engines) config.referee.engine_names.push_back(engine.name);
  if (auto timed = set_time_controls(config, vm); !timed) return Error{timed.error()};
  if (auto scheduled = set_schedule(config, vm); !scheduled) return Error{scheduled.error()};
  if (vm.count("sprt")) {
    if (config.engines.size() != 2) return fail("--sprt needs exactly two engines");
    auto sprt = parse_sprt(vm["sprt"].as<std::vector<std::string>>());
    if (!sprt) return Error{sprt.error()};
    config.sprt = *sprt;
  }
  config.concurrency = vm["concurrency"].as<int>();
  config.startup_ms = vm["startup-timeout"].as<long long>();
  if (vm.count("record")) config.record_path = vm["record"].as<std::string>();
  if (!vm.count("quiet")) config.progress = &std::cerr;
  return config;
}

// The table, how the match ended, and the JSON summary when asked for.
int report(const MatchConfig& config, const MatchRun& run, const po::variables_map& vm) {
  std::cout << results_table(run.results);
  if (run.interrupted) std::cout << "Interrupted: games cut short are not counted.\n";
  if (run.sprt_stopped) std::cout << "Stopped early: the SPRT is decided.\n";
  if (vm.count("json")) {
    const tools::Json info = match_info_json(
        config, run, vm.count("openings-file") ? vm["openings-file"].as<std::string>() : "");
    const tools::Json summary = summary_json(info, run.results, run.games);
    if (!tools::write_text_file(vm["json"].as<std::string>(), tools::dump_json(summary) + "\n"))
      return usage_error("cannot write the JSON summary");
  }
  return run.interrupted ? 130 : 0;
}

int run_match_command(int argc, char** argv) {
  const SplitArguments split = split_engine_groups(argc, argv);
  const po::options_description flags = match_flags();
  const auto args = rest_argv(split, argv[0]);
  auto parsed = tools::parse_arguments(static_cast<int>(args.size()), args.data(), flags);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  if (argc == 1) {
    std::cout << flags;
    return 2;
  }
  if (vm.count("replay")) return run_replay(vm["replay"].as<std::string>());

  auto config = match_config(vm, split);
  if (!config) return usage_error(config.error());
  std::ofstream log_file;
  if (vm.count("log")) log_file.open(vm["log"].as<std::string>(), std::ios::app);
  config->log = [&](const std::string& message) {
    if (log_file.is_open())
      log_file << message << std::flush;
    else
      std::cerr << "\n" << message << std::flush;
  };
  install_interrupt_handler();
  auto run = run_match(*config, &g_interrupted);
  if (!run) return usage_error(run.error());
  return report(*config, *run, vm);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "compliance") return run_compliance_command(argc, argv);
  if (command == "merge") return run_merge_command(argc, argv);
  return run_match_command(argc, argv);
}
