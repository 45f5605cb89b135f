// tiaoqi._tiaoqi.yardsticks: the work the Python benchmark times, done
// in C++ without Python, so that the benchmark prints each rate beside the
// engine's own (tools/python/benchmark.py).
#include <pybind11/stl.h>

#include <chrono>
#include <memory>
#include <vector>

#include "engine/util/hash.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/searcher.hpp"
#include "tools/python/binding/table.hpp"
#include "tools/python/binding/vector_table.hpp"

namespace tiaoqi::python {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Random legal moves on a game table for `steps` steps, starting a new
// game whenever one ends; with `observe`, the mover's observation and mask
// are written before each step, as an environment's observe() writes them.
py::dict random_steps(const RuleOptions& options, long long steps, std::uint64_t seed,
                      bool observe) {
  auto rules = Rules::make(options);
  if (!rules) throw py::value_error(rules.error());
  GameTable table(std::make_shared<const Rules>(std::move(*rules)));
  std::vector<std::int8_t> planes(static_cast<std::size_t>(table.frame(0).observation_size()));
  std::unique_ptr<std::int8_t[]> mask(
      new std::int8_t[static_cast<std::size_t>(table.frame(0).action_count())]);
  std::uint64_t state = seed;
  long long games = 0;
  const auto start = std::chrono::steady_clock::now();
  {
    py::gil_scoped_release released;
    for (long long step = 0; step < steps; ++step) {
      if (table.is_over()) {
        ++games;
        raise_on_error(table.reset("", util::splitmix64_next(state)));
      }
      const int mover = table.to_move();
      if (observe) {
        table.write_observation(mover, planes.data());
        table.write_mask(mover, mask.get());
      }
      const MoveList& legal = table.legal_moves();
      const Move move = legal[static_cast<int>(util::splitmix64_next(state) % legal.size())];
      raise_on_error(table.step(table.frame(mover).action(move)));
    }
  }
  py::dict result;
  result["steps"] = steps;
  result["games"] = games;
  result["seconds"] = seconds_since(start);
  return result;
}

// `calls` steps of a batch of num_envs games, each call sampling one
// legal action per env and stepping them all, as tiaoqi.vector_env's
// loop of sample_legal() and step() does; with an opponent (a Search
// name), engines of that search with the opponents' default limits play
// the other seats.
py::dict vector_steps(const RuleOptions& options, int num_envs, long long calls, std::uint64_t seed,
                      const std::string& opponent, long long nodes) {
  auto rules = Rules::make(options);
  if (!rules) throw py::value_error(rules.error());
  VectorSetup setup;
  setup.num_envs = num_envs;
  std::vector<std::unique_ptr<Searcher>> engines;
  if (!opponent.empty()) {
    for (int seat = 1; seat < rules->player_count(); ++seat) {
      engines.push_back(std::make_unique<Searcher>());
      raise_on_error(engines.back()->set_option("Search", opponent));
      setup.engines.push_back(SeatEngine{engines.back().get(),
                                         search_limits(nodes, std::nullopt, std::nullopt, false)});
    }
  }
  auto table = value_or_raise(
      VectorTable::make(std::make_shared<const Rules>(std::move(*rules)), std::move(setup)));
  std::vector<std::int64_t> actions(static_cast<std::size_t>(num_envs));
  const auto start = std::chrono::steady_clock::now();
  {
    py::gil_scoped_release released;
    raise_on_error(table->reset(seed));
    for (long long call = 0; call < calls; ++call) {
      table->sample_legal(actions.data());
      raise_on_error(table->step(actions.data()));
    }
  }
  py::dict result;
  result["steps"] = calls * num_envs;
  result["seconds"] = seconds_since(start);
  return result;
}

// `count` searches of one position by one engine through the facade, as
// tiaoqi.Engine runs them.
double searches(const Game& position, const py::dict& options, std::optional<long long> nodes,
                std::optional<long long> movetime, std::optional<long long> depth, int count) {
  const search::SearchLimits limits = search_limits(nodes, movetime, depth, false);
  Searcher searcher;
  for (const auto& [name, value] : options) {
    const std::string given = py::str(name).cast<std::string>();
    raise_on_error(searcher.set_option(table_name(given), option_text(given, value)));
  }
  const Game game = position;
  py::gil_scoped_release released;
  // One search first, as the Python side makes one before it times.
  if (auto outcome = searcher.search(game, limits); !outcome)
    throw py::value_error(outcome.error());
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < count; ++i)
    if (auto outcome = searcher.search(game, limits); !outcome)
      throw py::value_error(outcome.error());
  return seconds_since(start);
}

}  // namespace

void bind_yardsticks(py::module_& module) {
  py::module_ yardsticks = module.def_submodule(
      "yardsticks", "The benchmark's work done in C++, for the engine's own rates.");
  yardsticks.def("random_steps", &random_steps, py::arg("rules"), py::arg("steps"),
                 py::arg("seed") = 1, py::arg("observe") = true,
                 "Random legal steps on a game table: {'steps', 'games', 'seconds'}.");
  yardsticks.def("vector_steps", &vector_steps, py::arg("rules"), py::arg("num_envs"),
                 py::arg("calls"), py::arg("seed") = 1, py::arg("opponent") = "",
                 py::arg("nodes") = 1000,
                 "Batched steps of random legal actions: {'steps', 'seconds'}.");
  yardsticks.def("searches", &searches, py::arg("position"), py::arg("options"), py::kw_only(),
                 py::arg("nodes") = py::none(), py::arg("movetime") = py::none(),
                 py::arg("depth") = py::none(), py::arg("count") = 1,
                 "Seconds for count searches of the position through the engine facade.");
}

}  // namespace tiaoqi::python
