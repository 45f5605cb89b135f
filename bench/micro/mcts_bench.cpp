// Monte Carlo tree search speed: iterations per second (tree walk, a short
// guided playout, the evaluation at its end, backup) and full playouts per
// second (the playout policy to the end of the game), on the suite's start
// positions (iterations also on middle games). README quotes both.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/micro/positions.hpp"
#include "engine/game.hpp"
#include "engine/position_string.hpp"
#include "engine/search/config.hpp"
#include "engine/search/control.hpp"
#include "engine/search/mcts/config.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/search/mcts/search.hpp"
#include "engine/search/net/embedded.hpp"
#include "engine/search/registry.hpp"
#include "engine/search/search_state.hpp"

namespace tiaoqi::bench {
namespace {

constexpr std::uint64_t kIterationsPerSearch = 20000;

// The parameters of a search with the embedded learned model on, as
// MctsPrior and MctsNetValue turn it on: its prior at every expansion and
// its value at every cut-off playout.
search::Tunables with_model() {
  search::Tunables tunables{};
  const auto& specs = search::tunable_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == "MctsPrior" || specs[i].name == "MctsNetValue") tunables[i] = 1;
  return tunables;
}

// One search of a fixed number of iterations from a cleared tree each time,
// single-threaded, as `go nodes` runs it; with the learned model or not.
void iterations(benchmark::State& state, const SuitePosition& entry, bool model) {
  const GameSetup setup = load(entry);
  search::SearchState search_state(64);
  search::SearchParams params;
  params.search = "mcts";
  if (model) {
    params.model = search::net::embedded_model();
    params.tunables = with_model();
  }
  search::SearchLimits limits;
  limits.nodes = kIterationsPerSearch;
  const Game game(setup);
  for (auto _ : state) {
    search_state.clear();
    search::SearchControl control;
    control.start(search::TimeBudget{}, limits.nodes, false);
    const search::SearchPlan plan = search::plan_search(game.position(), params, limits, 0);
    const auto result =
        search::mcts::search({game, params, limits, plan, control, {}, search_state});
    benchmark::DoNotOptimize(result.best);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kIterationsPerSearch));
}

// Playouts of the search's policy from the position to the end of the game.
void full_playouts(benchmark::State& state, const SuitePosition& entry) {
  const GameSetup setup = load(entry);
  const search::mcts::Config config = search::mcts::config_for(entry.players);
  util::Random random(1);
  search::mcts::Trace trace;
  std::int64_t plies = 0;
  for (auto _ : state) {
    Position position = setup.position;
    trace.clear();
    const auto shares = search::mcts::play_out(position, search::mcts::kFullPlayout, config.epsilon,
                                               config.share_scale, random, trace);
    benchmark::DoNotOptimize(shares);
    plies += static_cast<std::int64_t>(trace.size());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["plies"] =
      benchmark::Counter(static_cast<double>(plies) / static_cast<double>(state.iterations()));
}

// Iterations from every start and from the first middle game of each
// table size (wider nodes: expansion and selection cost more there);
// full playouts from the starts.
int register_all() {
  for (const auto& entry : suite()) {
    const std::string name = entry.name;
    const bool start = name.rfind("start", 0) == 0;
    const bool first_middle_game = name.rfind("mid", 0) == 0 && name.ends_with("_a");
    if (start || first_middle_game) {
      benchmark::RegisterBenchmark(("mcts_iterations/" + name).c_str(), iterations, entry, false)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("mcts_model_iterations/" + name).c_str(), iterations, entry,
                                   true)
          ->Unit(benchmark::kMillisecond);
    }
    if (start)
      benchmark::RegisterBenchmark(("mcts_full_playouts/" + name).c_str(), full_playouts, entry)
          ->Unit(benchmark::kMicrosecond);
  }
  return 0;
}

const int kRegistered = register_all();

}  // namespace
}  // namespace tiaoqi::bench
