// The compiled part of the Python package `tiaoqi` (tools/python/tiaoqi
// holds the rest, docs/python.md describes both).
#include "tools/python/binding/bindings.hpp"

// Set from the project's version by CMake, as for `tiaoqi --version`.
#ifndef TIAOQI_VERSION
#error "TIAOQI_VERSION must give the project's version"
#endif

PYBIND11_MODULE(_tiaoqi, module) {
  module.doc() =
      "Tiaoqi's engine library: rules, positions, searches, the environments' game table, "
      "game records and the match statistics.";
  module.attr("__version__") = TIAOQI_VERSION;
  using namespace tiaoqi::python;
  bind_rules(module);
  bind_position(module);
  bind_engine(module);
  bind_table(module);
  bind_vector(module);
  bind_records(module);
  bind_stats(module);
  bind_match(module);
  bind_yardsticks(module);
}
