// tiaoqi-perft-ratio: the engine's perft against the plain baseline of
// baseline_perft.hpp, on the bench positions, in one run. Prints leaf moves
// per second of both and their ratio; each figure is the median of the
// runs, engine and baseline taking turns so that a change in the machine's
// speed during the run touches both. One thread, the default rules.
#include <time.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "bench/micro/baseline_perft.hpp"
#include "bench/micro/positions.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"

namespace po = boost::program_options;

namespace tiaoqi::bench {
namespace {

// CPU seconds of this thread: what the other processes on the machine do
// shows less than in wall time.
double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// The depth that gives each position a second or so of the engine's time.
int depth_for(const SuitePosition& entry, bool quick) {
  const bool start = std::string_view(entry.name).rfind("start", 0) == 0;
  int depth = entry.players == 2 ? (start ? 6 : 5) : entry.players == 3 ? (start ? 6 : 5) : 6;
  if (entry.players >= 4 && !start) depth = 5;
  return quick ? depth - 2 : depth;
}

// `only`: the names of the positions to time, all of them when empty.
int run(int repeat, bool quick, const std::vector<std::string>& only) {
  std::printf("| position | depth | leaves | engine Mleaves/s | baseline Mleaves/s | ratio |\n");
  std::printf("|---|---|---|---|---|---|\n");
  bool all_equal = true;
  for (const SuitePosition& entry : suite()) {
    if (!only.empty() && std::find(only.begin(), only.end(), entry.name) == only.end()) continue;
    RuleOptions options;
    options.players = entry.players;
    const auto setup = parse_position_string(entry.position, options);
    auto baseline = BaselinePerft::from(entry.position);
    if (!setup || !baseline) {
      std::fprintf(stderr, "tiaoqi-perft-ratio: cannot read position %s\n", entry.name);
      return 1;
    }
    const int depth = depth_for(entry, quick);
    std::vector<double> engine_times, baseline_times;
    std::uint64_t engine_leaves = 0, baseline_leaves = 0;
    for (int i = 0; i < repeat; ++i) {
      double start = cpu_seconds();
      engine_leaves = perft(setup->position, depth);
      engine_times.push_back(cpu_seconds() - start);
      start = cpu_seconds();
      baseline_leaves = baseline->perft(depth);
      baseline_times.push_back(cpu_seconds() - start);
    }
    const double engine_rate = static_cast<double>(engine_leaves) / median(engine_times) / 1e6;
    const double baseline_rate =
        static_cast<double>(baseline_leaves) / median(baseline_times) / 1e6;
    std::printf("| %s | %d | %llu | %.1f | %.1f | %.2f |\n", entry.name, depth,
                static_cast<unsigned long long>(engine_leaves), engine_rate, baseline_rate,
                engine_rate / baseline_rate);
    if (engine_leaves != baseline_leaves) {
      std::printf("| %s: the baseline counts %llu leaves |\n", entry.name,
                  static_cast<unsigned long long>(baseline_leaves));
      all_equal = false;
    }
    std::fflush(stdout);
  }
  return all_equal ? 0 : 1;
}

}  // namespace
}  // namespace tiaoqi::bench

int main(int argc, char** argv) {
  po::options_description flags("tiaoqi-perft-ratio: the engine's perft against a plain baseline");
  flags.add_options()("help,h", "show this help")("repeat", po::value<int>()->default_value(3),
                                                  "runs of each, the median counts")(
      "quick", "two plies less everywhere (a check that it works, not a measurement)")(
      "positions", po::value<std::string>()->value_name("NAMES"),
      "only these positions of the suite, comma-separated (start2,mid2_a)");
  po::variables_map values;
  try {
    po::store(po::parse_command_line(argc, argv, flags), values);
    po::notify(values);
  } catch (const po::error& error) {
    std::cerr << "tiaoqi-perft-ratio: " << error.what() << "\n" << flags;
    return 2;
  }
  if (values.count("help")) {
    std::cout << flags;
    return 0;
  }
  const int repeat = values["repeat"].as<int>();
  if (repeat < 1 || repeat > 100) {
    std::cerr << "tiaoqi-perft-ratio: --repeat expects 1 to 100\n";
    return 2;
  }
  std::vector<std::string> only;
  if (values.count("positions")) {
    const std::string names = values["positions"].as<std::string>();
    for (std::size_t start = 0; start <= names.size();) {
      const std::size_t end = std::min(names.find(',', start), names.size());
      only.push_back(names.substr(start, end - start));
      start = end + 1;
    }
    for (const std::string& name : only) {
      const auto& positions = tiaoqi::bench::suite();
      if (std::none_of(positions.begin(), positions.end(),
                       [&](const auto& entry) { return name == entry.name; })) {
        std::cerr << "tiaoqi-perft-ratio: --positions expects names of the suite (start2, "
                     "mid2_a, ...), got '"
                  << name << "'\n";
        return 2;
      }
    }
  }
  return tiaoqi::bench::run(repeat, values.count("quick") > 0, only);
}
