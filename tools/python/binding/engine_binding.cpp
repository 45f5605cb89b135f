// tiaoqi.Engine: the engine's searches through its facade, blocking with
// the GIL released, stoppable from another thread.
#include <pybind11/stl.h>

#include <memory>
#include <tuple>

#include "engine/notation.hpp"
#include "engine/search/levels.hpp"
#include "engine/search/limits.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/level.hpp"
#include "tools/python/binding/option_names.hpp"
#include "tools/python/binding/searcher.hpp"

namespace tiaoqi::python {
namespace {

// A search's result in Python's terms.
struct SearchReport {
  std::string move;
  std::vector<int> path;
  int score = 0;
  std::vector<double> values;
  std::vector<std::string> pv;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

SearchReport report_of(const Position& root, const SearchOutcome& outcome) {
  SearchReport report;
  report.move = move_ends_text(root.geometry(), outcome.best);
  const std::vector<Hole> path = shortest_path(root, outcome.best);
  report.path.assign(path.begin(), path.end());
  report.score = outcome.score;
  report.values = outcome.values;
  for (const Move& move : outcome.pv) report.pv.push_back(move_ends_text(root.geometry(), move));
  report.depth = outcome.depth;
  report.nodes = outcome.nodes;
  report.time_ms = outcome.time_ms;
  return report;
}

void set_engine_option(Searcher& searcher, const std::string& name, py::handle value) {
  if (is_level_name(name)) {
    // UCI_Elo first: the one that may refuse, so that a bad level changes nothing.
    raise_on_error(searcher.set_option("UCI_Elo", option_text("UCI_Elo", level_elo(value))));
    raise_on_error(searcher.set_option("UCI_LimitStrength", "true"));
    return;
  }
  const Status set = searcher.set_option(table_name(name), option_text(name, value));
  if (!set && !find_option_named(name))
    throw py::value_error(set.error() + "; or level, a strength level of tiaoqi.levels()");
  raise_on_error(set);
}

void set_engine_options(Searcher& searcher, const py::dict& options) {
  for (const auto& [name, value] : options)
    set_engine_option(searcher, py::str(name).cast<std::string>(), value);
}

py::dict engine_options(const Searcher& searcher) {
  py::dict values;
  for (const facade::OptionSpec& spec : facade::option_specs())
    if (!spec.is_rule)
      values[py::str(python_name(spec.name))] = option_value(spec, spec.get(searcher.options()));
  return values;
}

// The engine options that differ from the table's defaults, by Python
// name: the keywords that make such an engine.
py::dict engine_settings(const Searcher& searcher) {
  py::dict settings;
  for (const facade::OptionSpec& spec : facade::option_specs()) {
    if (spec.is_rule) continue;
    const std::string value = spec.get(searcher.options());
    if (value != facade::default_value(spec))
      settings[py::str(python_name(spec.name))] = option_value(spec, value);
  }
  return settings;
}

// tiaoqi.Engine(search='mcts', threads=2).
std::string engine_repr(const Searcher& searcher) {
  std::string text = "tiaoqi.Engine(";
  bool first = true;
  for (const auto& [name, value] : engine_settings(searcher)) {
    text += (first ? "" : ", ") + py::str(name).cast<std::string>() + "=" +
            py::repr(value).cast<std::string>();
    first = false;
  }
  return text + ")";
}

}  // namespace

namespace {

// One limit of a search, in the range the protocol's `go` takes.
long long checked_limit(const char* name, long long value, long long min, long long max,
                        const char* unit) {
  if (value < min || value > max)
    throw py::value_error(std::string(name) + " must be " + std::to_string(min) + " to " +
                          std::to_string(max) + unit + ", got " + std::to_string(value));
  return value;
}

}  // namespace

search::SearchLimits search_limits(std::optional<long long> nodes,
                                   std::optional<long long> movetime,
                                   std::optional<long long> depth, bool infinite) {
  search::SearchLimits limits;
  if (nodes)
    limits.nodes =
        static_cast<std::uint64_t>(checked_limit("nodes", *nodes, 1, search::kMaxNodes, ""));
  // At least 1 ms: a move time of 0 would be no limit at all.
  if (movetime)
    limits.move_time_ms = checked_limit("movetime", *movetime, 1, search::kMaxClockMs, " ms");
  if (depth)
    limits.depth = static_cast<int>(checked_limit("depth", *depth, 1, search::kMaxDepth, ""));
  limits.infinite = infinite;
  if (!nodes && !movetime && !depth && !infinite)
    throw py::value_error(
        "a search needs a limit: nodes, movetime or depth (or infinite=True and a stop() from "
        "another thread)");
  return limits;
}

bool python_interrupted() {
  py::gil_scoped_acquire acquired;
  return PyErr_CheckSignals() != 0;
}

SearchOutcome search_or_raise(Searcher& searcher, const Game& game,
                              const search::SearchLimits& limits) {
  bool raised = false;
  Expected<SearchOutcome> outcome = fail("no search");
  {
    py::gil_scoped_release released;
    outcome = searcher.search(game, limits, [&raised] { return raised = python_interrupted(); });
  }
  if (raised) throw py::error_already_set();
  return value_or_raise(std::move(outcome));
}

void bind_engine(py::module_& module) {
  module.def(
      "levels",
      [] {
        std::vector<std::pair<std::string, int>> levels;
        for (const search::Level& level : search::levels())
          levels.emplace_back(std::string(level.name), level.elo);
        return levels;
      },
      "The strength levels below full strength, weakest first, as (name, Elo) pairs: the Elo "
      "measured at two players with Search random at 0 (docs/levels.md). Every engine setting "
      "takes one as level=name or level=Elo, which stands for the options UCI_LimitStrength and "
      "UCI_Elo.");
  module.def(
      "check_limits",
      [](std::optional<long long> nodes, std::optional<long long> movetime,
         std::optional<long long> depth) { search_limits(nodes, movetime, depth, false); },
      py::kw_only(), py::arg("nodes") = py::none(), py::arg("movetime") = py::none(),
      py::arg("depth") = py::none(), "Raises ValueError when these are no limits of a search.");
  py::class_<SearchReport>(module, "SearchResult", "What a search found.")
      .def_readonly("move", &SearchReport::move, "The move chosen, as start and end.")
      .def_readonly("path", &SearchReport::path,
                    "The move as a hole-index path (a shortest chain).")
      .def_readonly("score", &SearchReport::score,
                    "From the mover's side, in centi-steps (the protocol's score cp).")
      .def_readonly("values", &SearchReport::values,
                    "Three or more players: each seat's expected share of the win; else [].")
      .def_readonly("pv", &SearchReport::pv, "The principal line, moves as start and end.")
      .def_readonly("depth", &SearchReport::depth)
      .def_readonly("nodes", &SearchReport::nodes)
      .def_readonly("time_ms", &SearchReport::time_ms)
      .def("__repr__",
           [](const SearchReport& report) {
             return "tiaoqi.SearchResult(move=" +
                    py::repr(py::str(report.move)).cast<std::string>() +
                    ", score=" + std::to_string(report.score) +
                    ", depth=" + std::to_string(report.depth) +
                    ", nodes=" + std::to_string(report.nodes) + ")";
           })
      .def(py::pickle(
          [](const SearchReport& report) {
            return py::make_tuple(report.move, report.path, report.score, report.values, report.pv,
                                  report.depth, report.nodes, report.time_ms);
          },
          [](const py::tuple& state) {
            if (state.size() != 8)
              throw py::value_error("a pickled SearchResult has 8 fields, got " +
                                    std::to_string(state.size()));
            SearchReport report;
            report.move = state[0].cast<std::string>();
            report.path = state[1].cast<std::vector<int>>();
            report.score = state[2].cast<int>();
            report.values = state[3].cast<std::vector<double>>();
            report.pv = state[4].cast<std::vector<std::string>>();
            report.depth = state[5].cast<int>();
            report.nodes = state[6].cast<std::uint64_t>();
            report.time_ms = state[7].cast<std::int64_t>();
            return report;
          }))
      .def(
          "__eq__",
          [](const SearchReport& a, const SearchReport& b) {
            return std::tie(a.move, a.path, a.score, a.values, a.pv, a.depth, a.nodes, a.time_ms) ==
                   std::tie(b.move, b.path, b.score, b.values, b.pv, b.depth, b.nodes, b.time_ms);
          },
          py::is_operator());

  py::class_<Searcher>(module, "Engine", R"doc(
A tiaoqi engine: its engine options and one search at a time.

Options are the engine options of the one option table, by name
(``Engine(search="mcts", threads=2)`` or ``Engine({"Move Overhead": 10})``),
and ``level``, a strength level of levels() by name or Elo, which stands
for UCI_LimitStrength and UCI_Elo; the rules come with each position
searched. search() blocks with the GIL
released; stop() from another thread ends it early with the best move so
far. Unknown names and bad values raise ValueError with the engine's
message.
)doc")
      .def(py::init([](const py::object& options, const py::kwargs& keywords) {
             auto searcher = std::make_unique<Searcher>();
             if (!options.is_none()) set_engine_options(*searcher, py::dict(options));
             set_engine_options(*searcher, keywords);
             return searcher;
           }),
           py::arg("options") = py::none())
      .def("set_option", &set_engine_option, py::arg("name"), py::arg("value"),
           "Sets one engine option (or level) by name.")
      .def_property_readonly("options", &engine_options, "Every engine option by its Python name.")
      .def_property_readonly("settings", &engine_settings,
                             "The engine options that differ from the defaults, by Python name.")
      .def("__repr__", &engine_repr)
      .def(
          "search",
          [](Searcher& searcher, const Game& position, std::optional<long long> nodes,
             std::optional<long long> movetime, std::optional<long long> depth, bool infinite) {
            const search::SearchLimits limits = search_limits(nodes, movetime, depth, infinite);
            const Game game = position;
            return report_of(game.position(), search_or_raise(searcher, game, limits));
          },
          py::arg("position"), py::kw_only(), py::arg("nodes") = py::none(),
          py::arg("movetime") = py::none(), py::arg("depth") = py::none(),
          py::arg("infinite") = false, "Searches the player to move; movetime is in milliseconds.")
      .def("stop", &Searcher::stop, py::call_guard<py::gil_scoped_release>(),
           "Ends the running search (from another thread); nothing when none runs.")
      .def("new_game", &Searcher::new_game, py::call_guard<py::gil_scoped_release>(),
           "Forgets what earlier games taught the engine (its tables).");
}

}  // namespace tiaoqi::python
