// tiaoqi-selfplay: plays the games the learned model is trained on, one
// engine on every seat, and writes each game's searched positions with
// the root's visits and values (docs/learning.md). Games are numbered:
// game i always plays the same moves under the same settings, one file a
// game, so that a run stopped and started again loses only the games
// being played, and any split of the numbers over processes, threads or
// Slurm tasks makes the same files.
#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/selfplay/game.hpp"
#include "engine/position_string.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/text_file.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace tiaoqi;

namespace {

constexpr const char* kTool = "tiaoqi-selfplay";

po::options_description flags() {
  po::options_description flags(
      "tiaoqi-selfplay --players N --games A:B --out DIR [options]\n\n"
      "Plays self-play games A to B-1 (one engine on every seat, one search thread,\n"
      "a node limit a move) and writes DIR/game-<i>.jsonl for each, skipping the\n"
      "games already there. --collect FILE then joins games A to B-1, in order,\n"
      "into FILE. The same flags make the same bytes on any machine.\n\n"
      "Exit status: 0 done; 1 a file could not be written or a game is missing\n"
      "from --collect; 2 a bad command line, found before any game is played.\n\n"
      "Options");
  tools::add_help_and_version(flags);
  flags.add_options()("players", po::value<int>()->value_name("N")->default_value(2),
                      "the table size (the rule option Players)")(
      "games", po::value<std::string>()->value_name("A:B"), "the games to play, A to B-1")(
      "out", po::value<std::string>()->value_name("DIR"), "the folder of the games' files")(
      "nodes", po::value<std::uint64_t>()->value_name("K")->default_value(800),
      "MCTS iterations a move")("seed",
                                po::value<std::uint64_t>()->value_name("S")->default_value(1),
                                "the data set's seed; each game's is drawn from it and its number")(
      "option", po::value<std::vector<std::string>>()->composing()->value_name("NAME=VALUE"),
      "an engine option (MctsPrior=1.5, EvalFile=model.tqnn, ...); repeatable")(
      "rule", po::value<std::vector<std::string>>()->composing()->value_name("NAME=VALUE"),
      "a rule option; repeatable")("opening-plies",
                                   po::value<int>()->value_name("N")->default_value(4),
                                   "random plies before the first search")(
      "max-plies", po::value<int>()->value_name("N")->default_value(1000),
      "a game still going after N plies is left unfinished")(
      "concurrency", po::value<int>()->value_name("J")->default_value(1),
      "games played at once, one thread each")("collect",
                                               po::value<std::string>()->value_name("FILE"),
                                               "after playing, join the games' files into FILE");
  return flags;
}

struct Range {
  std::uint64_t first = 0, end = 0;
};

Expected<Range> parse_range(const std::string& text) {
  const auto colon = text.find(':');
  unsigned long long first = 0, end = 0;
  char tail = 0;
  if (colon == std::string::npos ||
      std::sscanf(text.c_str(), "%llu:%llu%c", &first, &end, &tail) != 2 || first >= end)
    return fail("--games expects A:B with A < B, got '" + text + "'");
  return Range{first, end};
}

std::string game_file(const std::string& folder, std::uint64_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%06llu.jsonl", static_cast<unsigned long long>(index));
  return (fs::path(folder) / name).string();
}

std::string clock_text(double seconds) {
  const long long whole = static_cast<long long>(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", whole / 3600, whole / 60 % 60, whole % 60);
  return text;
}

// Plays every game of `range` not yet in `folder`, `concurrency` at a time.
int play(const selfplay::PlaySettings& settings, const std::string& folder, Range range,
         int concurrency) {
  std::vector<std::uint64_t> missing;
  for (std::uint64_t i = range.first; i < range.end; ++i)
    if (!fs::exists(game_file(folder, i))) missing.push_back(i);
  std::cerr << kTool << ": " << (range.end - range.first - missing.size())
            << " games already played, " << missing.size() << " to play\n";
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex report;
  std::size_t done = 0;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (std::size_t k = next++; k < missing.size() && !failed; k = next++) {
      const std::uint64_t index = missing[k];
      const std::string text = selfplay::play_game(settings, index);
      // Written whole, then renamed: a file that exists is a whole game.
      const Status written =
          tools::replace_text_file(game_file(folder, index), text, "the game's file");
      const std::lock_guard<std::mutex> lock(report);
      if (!written) {
        std::cerr << kTool << ": " << written.error() << '\n';
        failed = true;
        return;
      }
      ++done;
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << kTool << ": game " << index << " done, " << done << " of " << missing.size()
                << ", " << clock_text(elapsed) << " elapsed, about "
                << clock_text(elapsed / static_cast<double>(done) *
                              static_cast<double>(missing.size() - done))
                << " left\n";
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < concurrency; ++t) threads.emplace_back(worker);
  for (std::thread& thread : threads) thread.join();
  return failed ? 1 : 0;
}

int collect(const std::string& folder, Range range, const std::string& output) {
  std::string data;
  std::uint64_t positions = 0;
  for (std::uint64_t i = range.first; i < range.end; ++i) {
    auto text = tools::read_text_file(game_file(folder, i), "the game's file");
    if (!text) return tools::report_error(kTool, text.error());
    for (char c : *text) positions += c == '\n';
    --positions;  // the header
    data += *text;
  }
  const Status written = tools::replace_text_file(output, data, "--collect");
  if (!written) return tools::report_error(kTool, written.error());
  std::cout << "games " << range.end - range.first << " positions " << positions << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const po::options_description described = flags();
  auto parsed = tools::parse_arguments(argc, argv, described);
  if (!parsed) return tools::usage_error(kTool, parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto answered = tools::answer_help_or_version(vm, kTool, described, std::cout))
    return *answered;
  if (!vm.count("games") || !vm.count("out"))
    return tools::usage_error(kTool, "--games and --out are required");
  const auto range = parse_range(vm["games"].as<std::string>());
  if (!range) return tools::usage_error(kTool, range.error());

  selfplay::PlaySettings settings;
  std::vector<std::string> rules =
      vm.count("rule") ? vm["rule"].as<std::vector<std::string>>() : std::vector<std::string>{};
  rules.insert(rules.begin(), "Players=" + std::to_string(vm["players"].as<int>()));
  if (const Status set = tools::set_rule_words(settings.options.rules, rules, "--rule"); !set)
    return tools::usage_error(kTool, set.error());
  if (!start_setup(settings.options.rules))
    return tools::usage_error(
        kTool, "the rule options make no game: " + start_setup(settings.options.rules).error());
  if (vm.count("option")) {
    for (const std::string& word : vm["option"].as<std::vector<std::string>>()) {
      const auto equals = word.find('=');
      if (equals == std::string::npos)
        return tools::usage_error(kTool, "--option expects NAME=VALUE, got '" + word + "'");
      const Status set =
          facade::set_option(settings.options, word.substr(0, equals), word.substr(equals + 1));
      if (!set) return tools::usage_error(kTool, "--option " + word + ": " + set.error());
      settings.option_words += (settings.option_words.empty() ? "" : " ") + word;
    }
  }
  settings.nodes = vm["nodes"].as<std::uint64_t>();
  settings.seed = vm["seed"].as<std::uint64_t>();
  settings.opening_plies = vm["opening-plies"].as<int>();
  settings.max_plies = vm["max-plies"].as<int>();
  const int concurrency = vm["concurrency"].as<int>();
  if (settings.nodes < 1) return tools::usage_error(kTool, "--nodes expects at least 1");
  if (settings.opening_plies < 0 || settings.max_plies < 1 || concurrency < 1)
    return tools::usage_error(kTool,
                              "--opening-plies expects 0 or more, --max-plies and "
                              "--concurrency 1 or more");
  const std::string folder = vm["out"].as<std::string>();
  std::error_code error;
  fs::create_directories(folder, error);
  if (error || !fs::is_directory(folder))
    return tools::usage_error(kTool, "--out: cannot make the folder " + folder);

  if (const int status = play(settings, folder, *range, concurrency); status != 0) return status;
  if (vm.count("collect")) return collect(folder, *range, vm["collect"].as<std::string>());
  return 0;
}
