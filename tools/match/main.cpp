// tiaoqi-match: plays engines against each other, checks one engine's
// protocol, merges shards and replays records. See docs/match.md.
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "engine/util/text.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/replay.hpp"
#include "tools/common/text_file.hpp"
#include "tools/match/cli.hpp"
#include "tools/match/compliance.hpp"
#include "tools/match/match.hpp"
#include "tools/match/merge.hpp"
#include "tools/match/resume.hpp"
#include "tools/match/settings.hpp"
#include "tools/match/summary.hpp"
#include "tools/match/table.hpp"

namespace po = boost::program_options;
using namespace tiaoqi;
using namespace tiaoqi::match;

namespace {

constexpr const char* kTool = "tiaoqi-match";

// Exit statuses beyond the shared 0, 1 (failure) and 2 (bad command line);
// docs/match.md lists them all.
constexpr int kExitEngineCheck = 3;

// Signals (signal_action): a stop ends no game but starts no new one, tells
// the engines to quit and writes the table and the files of the finished
// games; an abort ends the engines at once and still writes them. A
// lock-free atomic is safe to store from a signal handler.
std::atomic<int> g_stop{0};
std::atomic<int> g_signal{0};
std::atomic<long long> g_first_signal_ns{0};

void on_signal(int number) {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  const long long ns = static_cast<long long>(now.tv_sec) * 1'000'000'000LL + now.tv_nsec;
  switch (signal_action(static_cast<StopRequest>(g_stop.load()), ns - g_first_signal_ns.load())) {
    case SignalAction::kStop:
      g_signal.store(number);
      g_first_signal_ns.store(ns);
      g_stop.store(static_cast<int>(StopRequest::kStop));
      return;
    case SignalAction::kNothing:
      return;
    case SignalAction::kAbort:
      g_stop.store(static_cast<int>(StopRequest::kAbort));
      return;
    case SignalAction::kDefault:
      ::signal(number, SIG_DFL);
      ::raise(number);
      return;
  }
}

void install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int signal_exit_status() { return 128 + g_signal.load(); }
std::string signal_name() { return g_signal.load() == SIGTERM ? "SIGTERM" : "SIGINT"; }

int usage_error(const std::string& message) { return tools::usage_error(kTool, message); }
int failure(const std::string& message) { return tools::report_error(kTool, message); }

std::vector<const char*> rest_argv(const SplitArguments& split, const char* program) {
  std::vector<const char*> argv{program};
  for (const auto& word : split.rest) argv.push_back(word.c_str());
  return argv;
}

int run_compliance_command(int argc, char** argv) {
  po::options_description flags(
      "tiaoqi-match compliance -engine cmd=<command> [Name=Value ...] [options]\n\n"
      "Drives one engine through the protocol of docs/protocol.md and prints PASS or FAIL\n"
      "per check, each line as it is decided. The engine words are those of a match\n"
      "(cmd=, conf=, dir=, Name=Value).\n\n"
      "Exit status: 0 every check passed; 1 a check failed; 2 a bad command line,\n"
      "found before the engine starts.\n\nOptions");
  tools::add_help_and_version(flags);
  flags.add_options()("timeout", po::value<long long>()->value_name("MS")->default_value(5000),
                      "milliseconds to wait for any answer")(
      "margin", po::value<long long>()->value_name("MS")->default_value(100),
      "milliseconds a timed answer (movetime, clock, stop, quit) may come late")(
      "engines-file", po::value<std::string>()->value_name("FILE"),
      "the engine configurations conf= reads (default: engines.json)");
  flags.add(rule_flags());
  const SplitArguments split = split_engine_groups(argc - 1, argv + 1, value_flags(flags));
  const auto args = rest_argv(split, argv[0]);
  auto parsed = tools::parse_arguments(static_cast<int>(args.size()), args.data(), flags);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  auto engines = engines_from(
      split, vm.count("engines-file") ? vm["engines-file"].as<std::string>() : "engines.json");
  if (!engines) return usage_error(engines.error());
  if (engines->size() != 1) return usage_error("compliance needs exactly one -engine");
  auto rules = rules_from(vm);
  if (!rules) return usage_error(rules.error());
  const ComplianceLimits limits{vm["timeout"].as<long long>(), vm["margin"].as<long long>()};
  if (limits.timeout_ms < 1 || limits.margin_ms < 0)
    return usage_error("--timeout must be at least 1 ms and --margin at least 0 ms");
  return run_compliance(engines->front(), *rules, limits, std::cout) == 0 ? 0 : 1;
}

// The shards' records of the merged games, in game order, as the text of
// one file.
Expected<std::string> merged_records(const std::vector<std::string>& paths,
                                     const std::vector<GameSummary>& kept) {
  std::set<int> numbers;
  for (const auto& game : kept) numbers.insert(game.game);
  std::vector<tools::GameRecord> all;
  for (const auto& path : paths) {
    auto games = tools::read_record_file(path);
    if (!games) return Error{games.error()};
    for (auto& game : *games)
      if (numbers.count(game.game)) all.push_back(std::move(game));
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& a, const auto& b) { return a.game < b.game; });
  std::string text;
  for (const auto& game : all) text += tools::format_record(game) + "\n";
  return text;
}

int run_merge_command(int argc, char** argv) {
  po::options_description flags(
      "tiaoqi-match merge shard.json ... [--records shard.txt ...] [--json all.json] "
      "[--record all.txt]\n\n"
      "Joins the JSON summaries of the shards of one match (--shard K/N) into the\n"
      "statistics of one run. With --sequential, of an SPRT match, only the games\n"
      "one run would have played: the openings in order up to the first one not\n"
      "complete, cut after the opening at which the SPRT decides.\n\n"
      "Exit status: 0 a complete set merged; 1 shards or games are missing (the result\n"
      "is printed with a warning; --partial accepts it) or an output could not be\n"
      "written; 2 a bad command line, found before anything is written: a flag that\n"
      "is wrong, a summary or record that cannot be read or merged, or an existing\n"
      "output without --overwrite.\n\nOptions");
  tools::add_help_and_version(flags);
  std::vector<std::string> inputs, records;
  flags.add_options()("json", po::value<std::string>()->value_name("FILE"),
                      "write the merged summary here")(
      "record", po::value<std::string>()->value_name("FILE"),
      "write the merged game records here, in game order")(
      "overwrite", "replace an existing --json or --record file")(
      "records", po::value<std::vector<std::string>>(&records)->multitoken()->value_name("FILE"),
      "the shards' record files")("partial", "exit 0 even when shards or games are missing")(
      "sequential", "keep the openings in order up to the first gap, cut where the SPRT decides")(
      "input", po::value<std::vector<std::string>>(&inputs)->value_name("FILE"),
      "the shards' JSON summaries (also given without --input)");
  po::positional_options_description positional;
  positional.add("input", -1);
  auto parsed = tools::parse_arguments(argc - 1, argv + 1, flags, &positional);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  if (inputs.empty()) return usage_error("merge needs the shards' JSON summaries");
  if (vm.count("record") && records.empty())
    return usage_error("--record needs the shards' records: --records shard.txt ...");
  std::string json_path, record_path;
  if (auto checked = check_output(vm, "json", false, json_path); !checked)
    return usage_error(checked.error());
  if (auto checked = check_output(vm, "record", false, record_path); !checked)
    return usage_error(checked.error());
  std::vector<tools::Json> summaries;
  for (const auto& path : inputs) {
    auto json = tools::read_json_file(path);
    if (!json) return usage_error(json.error());
    summaries.push_back(std::move(*json));
  }
  auto merged =
      merge_summaries(summaries, vm.count("sequential") ? MergeCut::kSequential : MergeCut::kAll);
  if (!merged) return usage_error(merged.error());
  if (!record_path.empty()) {
    auto text = merged_records(records, merged->games);
    if (!text) return usage_error(text.error());
    auto written = tools::replace_text_file(record_path, *text, "merged record");
    if (!written) return failure(written.error());
  }
  if (!json_path.empty()) {
    auto written = tools::replace_text_file(json_path, tools::dump_json(merged->summary) + "\n",
                                            "merged summary");
    if (!written) return failure(written.error());
  }
  std::cout << results_table(merged->results);
  // As one run of the test would have ended.
  if (merged->summary["match"]["sprt_stopped"] == true)
    std::cout << "Stopped early: the SPRT is decided.\n";
  std::cout << std::flush;
  for (const auto& warning : merged->warnings)
    std::cerr << kTool << " merge: warning: " << warning << '\n';
  return merged->warnings.empty() || vm.count("partial") ? 0 : 1;
}

// A file that cannot be read is a bad command line; what it holds is the
// check's verdict.
int run_replay(const std::string& path) {
  auto text = tools::read_text_file(path, "record file");
  if (!text) return usage_error("--replay: " + text.error());
  auto records = tools::parse_records(*text);
  if (!records) return failure(util::quote_input(path, 200) + ": " + records.error());
  if (records->empty())
    return failure("--replay: " + util::quote_input(path, 200) + " holds no game");
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

// The games of the interrupted run, from its record (else its JSON).
Status load_resumed_games(MatchSettings& settings) {
  MatchConfig& config = settings.config;
  auto schedule = build_schedule(config.schedule);
  if (!schedule) return Error{schedule.error()};
  std::error_code error;
  Expected<std::vector<GameSummary>> games = std::vector<GameSummary>{};
  if (!settings.record_path.empty() && std::filesystem::exists(settings.record_path, error)) {
    games = resume_from_record(settings.record_path, *schedule, config.referee);
    config.append_record = true;
  } else {
    const tools::Json info = match_info_json(config, MatchRun{}, settings.openings_file);
    games = resume_from_json(settings.json_path, info, *schedule, config.referee.rules.players,
                             static_cast<int>(config.engines.size()));
  }
  if (!games) return Error{games.error()};
  config.carried = std::move(*games);
  return Done{};
}

// The table, how the match ended, the JSON summary, and the exit status.
int report(const MatchSettings& settings, const MatchRun& run) {
  const MatchConfig& config = settings.config;
  std::cout << results_table(run.results);
  if (run.carried > 0)
    std::cout << "Resumed: " << util::plural(run.carried, "game") << " of the earlier run, "
              << util::plural(static_cast<std::int64_t>(run.games.size()) - run.carried, "game")
              << " played now, " << run.scheduled << " scheduled.\n";
  if (run.interrupted)
    std::cout << "Interrupted by " << signal_name() << ": " << run.games.size() << " of "
              << run.scheduled
              << " games finished; games cut short are not counted (--resume continues).\n";
  if (run.sprt_stopped) std::cout << "Stopped early: the SPRT is decided.\n";
  std::cout << std::flush;
  int status = 0;
  if (!settings.json_path.empty()) {
    const tools::Json info = match_info_json(config, run, settings.openings_file);
    auto written = tools::replace_text_file(
        settings.json_path, tools::dump_json(summary_json(info, run.results, run.games)) + "\n",
        "JSON summary");
    if (!written) status = failure(written.error());
  }
  if (!run.record_error.empty()) status = failure(run.record_error);
  if (run.results.refused_games > 0)
    status = failure(util::plural(run.results.refused_games, "game") +
                     " ended because an engine refused the runner's position or go (see the "
                     "log): the runner and the engine disagree, so the result cannot be trusted");
  for (std::size_t e = 0; e < run.results.rows.size(); ++e) {
    const EngineRow& row = run.results.rows[e];
    if (row.games > 0 && row.faults + row.time_losses >= row.games)
      status = failure("every game of " + util::quote_input(run.results.names[e]) +
                       " ended in its fault or loss on time (see the log): the result says "
                       "nothing of its strength");
  }
  if (run.interrupted) return signal_exit_status();
  return status;
}

int run_match_command(int argc, char** argv) {
  const po::options_description flags = match_flags();
  const SplitArguments split = split_engine_groups(argc, argv, value_flags(flags));
  const auto args = rest_argv(split, argv[0]);
  auto parsed = tools::parse_arguments(static_cast<int>(args.size()), args.data(), flags);
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  if (argc == 1) {
    std::cout << flags;
    return 2;
  }
  if (vm.count("replay")) {
    if (!split.engines.empty() || argc > 3)
      return usage_error("--replay FILE takes no other argument");
    return run_replay(vm["replay"].as<std::string>());
  }
  install_signal_handlers();
  auto settings = match_settings(vm, split);
  if (!settings) return usage_error(settings.error());
  if (settings->resume)
    if (auto resumed = load_resumed_games(*settings); !resumed) return usage_error(resumed.error());
  MatchConfig& config = settings->config;
  if (!settings->save_openings_path.empty()) {
    auto openings = all_openings(config.schedule);
    if (!openings) return usage_error(openings.error());
    std::string text;
    for (const auto& opening : *openings) text += opening_line(opening) + "\n";
    auto written = tools::replace_text_file(settings->save_openings_path, text, "openings file");
    if (!written) return failure(written.error());
  }
  std::ofstream log_file;
  if (!settings->log_path.empty()) {
    log_file.open(settings->log_path, std::ios::app);
    if (!log_file)
      return usage_error("cannot open the log " + util::quote_input(settings->log_path, 200));
  }
  config.log = [&](const std::string& message) {
    if (log_file.is_open())
      log_file << message << std::flush;
    else
      std::cerr << message << std::flush;
  };
  if (!vm.count("quiet")) {
    config.progress = &std::cerr;
    config.progress_terminal = ::isatty(STDERR_FILENO) == 1;
  }
  if (auto checked = check_engines(config, &g_stop); !checked) {
    if (g_stop.load() != 0) return signal_exit_status();
    std::cerr << kTool << ": " << checked.error() << '\n';
    return kExitEngineCheck;
  }
  if (g_stop.load() != 0) return signal_exit_status();
  auto run = run_match(config, &g_stop);
  if (!run) return usage_error(run.error());
  return report(*settings, *run);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "compliance") return run_compliance_command(argc, argv);
  if (command == "merge") return run_merge_command(argc, argv);
  return run_match_command(argc, argv);
}
