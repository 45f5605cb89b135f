// The compiled part of the Python package `tiaoqi` (tools/python/tiaoqi
// holds the rest, docs/python.md describes both).
#include "tools/python/binding/bindings.hpp"

PYBIND11_MODULE(_tiaoqi, module) {
  module.doc() =
      "Tiaoqi's engine library: rules, positions, searches, the environments' game table "
      "and the match statistics.";
  using namespace tiaoqi::python;
  bind_rules(module);
  bind_position(module);
  bind_engine(module);
  bind_table(module);
  bind_stats(module);
  bind_yardsticks(module);
}
