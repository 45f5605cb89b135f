// tiaoqi._tiaoqi.VectorTable: the batched environment's hot path. A step
// plays every env in one call with the GIL released and writes into
// buffers that numpy arrays wrap once (tiaoqi.vector_env).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/table.hpp"
#include "tools/python/binding/vector_table.hpp"

namespace tiaoqi::python {
namespace {

// An engine of the single-agent form as Python gives it: (Engine, nodes,
// movetime, depth), the limits as tiaoqi.Engine.search() takes them.
using EngineSpec = std::tuple<Searcher*, std::optional<long long>, std::optional<long long>,
                              std::optional<long long>>;

std::unique_ptr<VectorTable> vector_table_of(const RuleOptions& options, int num_envs,
                                             std::optional<int> max_moves, int seat,
                                             const std::vector<EngineSpec>& engines,
                                             const std::string& dragons) {
  auto rules = Rules::make(options);
  if (!rules) throw py::value_error(rules.error());
  VectorSetup setup;
  setup.num_envs = num_envs;
  setup.max_moves = max_moves;
  setup.seat = seat;
  setup.dragons = dragons;
  for (const auto& [engine, nodes, movetime, depth] : engines)
    setup.engines.push_back(SeatEngine{engine, search_limits(nodes, movetime, depth, false)});
  return value_or_raise(
      VectorTable::make(std::make_shared<const Rules>(std::move(*rules)), std::move(setup)));
}

// A numpy array over one of the table's buffers, keeping the table alive.
template <class T>
py::array_t<T> buffer(py::handle owner, T* data, std::vector<py::ssize_t> shape) {
  return py::array_t<T>(shape, data, owner);
}

const std::int64_t* checked_actions(const VectorTable& table, const py::array& actions) {
  if (!actions.dtype().is(py::dtype::of<std::int64_t>()))
    throw py::value_error("actions: expected an array of int64, got dtype " +
                          py::str(actions.dtype()).cast<std::string>());
  if (actions.ndim() != 1 || actions.shape(0) != table.num_envs())
    throw py::value_error("actions: expected shape (" + std::to_string(table.num_envs()) +
                          ",), one per env, got " +
                          py::str(py::tuple(py::cast(std::vector<py::ssize_t>(
                                      actions.shape(), actions.shape() + actions.ndim()))))
                              .cast<std::string>());
  if (!(actions.flags() & py::array::c_style))
    throw py::value_error("actions: expected a contiguous array");
  return static_cast<const std::int64_t*>(actions.data());
}

// Runs a call of the table with the GIL released, asking Python for
// Ctrl-C while engines search; once it came, the call's remaining
// searches stop at once and KeyboardInterrupt is raised after the call.
template <class Call>
void run_interruptible(Call call) {
  bool raised = false;
  Status status = Done{};
  {
    py::gil_scoped_release released;
    status = call([&raised] { return raised || (raised = python_interrupted()); });
  }
  if (raised) throw py::error_already_set();
  raise_on_error(status);
}

}  // namespace

void bind_vector(py::module_& module) {
  module.attr("RANDOM_SEAT") = kRandomSeat;
  py::class_<VectorTable>(module, "VectorTable", R"doc(
num_envs game tables stepped together for tiaoqi.vector_env: one call
steps every env (the GIL released) and writes into preallocated buffers.
Autoreset is Gymnasium's next-step mode.
)doc")
      .def(py::init(&vector_table_of), py::arg("rules"), py::arg("num_envs"),
           py::arg("max_moves") = py::none(), py::arg("seat") = 0,
           py::arg("engines") = std::vector<EngineSpec>{}, py::arg("dragons") = "",
           // The engines live as long as the table that searches with them.
           py::keep_alive<1, 6>())
      .def_property_readonly("num_envs", &VectorTable::num_envs)
      .def_property_readonly("players", &VectorTable::players)
      .def_property_readonly("action_count", &VectorTable::action_count)
      .def_property_readonly("observation_shape",
                             [](const VectorTable& table) {
                               const int side = table.table(0).frame(0).side();
                               return py::make_tuple(kPlaneCount, side, side);
                             })
      .def_property_readonly(
          "buffers",
          [](py::object self) {
            auto& table = self.cast<VectorTable&>();
            const py::ssize_t count = table.num_envs();
            const py::ssize_t side = table.table(0).frame(0).side();
            py::dict buffers;
            buffers["observation"] =
                buffer(self, table.observations(), {count, kPlaneCount, side, side});
            buffers["action_mask"] = buffer(self, table.masks(), {count, table.action_count()});
            buffers["rewards"] = buffer(self, table.rewards(), {count});
            buffers["player_rewards"] =
                buffer(self, table.player_rewards(), {count, table.players()});
            buffers["terminations"] = buffer(self, table.terminations(), {count});
            buffers["truncations"] = buffer(self, table.truncations(), {count});
            buffers["to_move"] = buffer(self, table.to_move(), {count});
            buffers["viewer"] = buffer(self, table.viewers(), {count});
            buffers["moves"] = buffer(self, table.moves(), {count});
            buffers["seat"] = buffer(self, table.seats(), {count});
            return buffers;
          },
          "The output buffers, each a numpy array over the table's memory (one row per env), "
          "overwritten by every reset() and step().")
      .def(
          "reset",
          [](VectorTable& table, std::uint64_t seed) {
            run_interruptible([&](const VectorTable::Interrupt& interrupted) {
              return table.reset(seed, interrupted);
            });
          },
          py::arg("seed"), "New games in every env, drawn from seed.")
      .def(
          "step",
          [](VectorTable& table, const py::array& actions) {
            const std::int64_t* checked = checked_actions(table, actions);
            run_interruptible([&](const VectorTable::Interrupt& interrupted) {
              return table.step(checked, interrupted);
            });
          },
          py::arg("actions"),
          "One int64 action per env; every action is checked before any is played.")
      .def(
          "sample_legal",
          [](VectorTable& table, std::optional<py::array_t<std::int64_t>> out) {
            py::array_t<std::int64_t> actions =
                out ? *out : py::array_t<std::int64_t>(table.num_envs());
            std::int64_t* data = const_cast<std::int64_t*>(checked_actions(table, actions));
            {
              py::gil_scoped_release released;
              table.sample_legal(data);
            }
            return actions;
          },
          py::arg("out") = py::none(),
          "One legal action per env from each env's seeded sampler (0 where none is legal).")
      .def(
          "table",
          [](const VectorTable& table, int env) {
            if (env < 0 || env >= table.num_envs())
              throw py::value_error("env " + std::to_string(env) + " is not in this batch (0 to " +
                                    std::to_string(table.num_envs() - 1) + ")");
            return GameTable(table.table(env));
          },
          py::arg("env"), "A copy of one env's game table.");
}

}  // namespace tiaoqi::python
