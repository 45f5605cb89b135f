#include <benchmark/benchmark.h>

#include "bench/micro/positions.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"

namespace tiaoqi::bench {
namespace {

void generate(benchmark::State& state, const SuitePosition& entry) {
  const GameSetup setup = load(entry);
  MoveList moves;
  for (auto _ : state) {
    generate_moves(setup.position, moves);
    benchmark::DoNotOptimize(moves.size());
  }
  state.SetItemsProcessed(state.iterations() * moves.size());
}

void count(benchmark::State& state, const SuitePosition& entry) {
  const GameSetup setup = load(entry);
  int moves = 0;
  for (auto _ : state) {
    moves = count_moves(setup.position);
    benchmark::DoNotOptimize(moves);
  }
  state.SetItemsProcessed(state.iterations() * moves);
}

// Items are leaf moves: the README's "leaf moves per second".
void run_perft(benchmark::State& state, const SuitePosition& entry, int depth) {
  const GameSetup setup = load(entry);
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = perft(setup.position, depth);
    benchmark::DoNotOptimize(leaves);
  }
  state.counters["leaves"] = static_cast<double>(leaves);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * leaves));
}

// The whole two-player middle-game suite at depth 3: the leaf-moves-per-second
// figure of README's "Figures".
void perft_midgame_suite(benchmark::State& state) {
  std::vector<GameSetup> setups;
  for (const auto& entry : two_player_midgames()) setups.push_back(load(entry));
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = 0;
    for (const auto& setup : setups) leaves += perft(setup.position, 3);
    benchmark::DoNotOptimize(leaves);
  }
  state.counters["leaves"] = static_cast<double>(leaves);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * leaves));
}

int register_all() {
  for (const auto& entry : suite()) {
    benchmark::RegisterBenchmark((std::string("generate/") + entry.name).c_str(), generate, entry);
    benchmark::RegisterBenchmark((std::string("count/") + entry.name).c_str(), count, entry);
    const int depth = entry.players == 2 ? 3 : 4;
    benchmark::RegisterBenchmark((std::string("perft/") + entry.name).c_str(), run_perft, entry,
                                 depth)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("perft_midgame_suite/2p_depth3", perft_midgame_suite)
      ->Unit(benchmark::kMillisecond);
  return 0;
}

const int kRegistered = register_all();

}  // namespace
}  // namespace tiaoqi::bench

BENCHMARK_MAIN();
