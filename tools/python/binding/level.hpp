#pragma once

#include <pybind11/pybind11.h>

#include <string_view>

namespace tiaoqi::python {

namespace py = pybind11;

// `level` is a setting beside the option table's: a strength level of
// search::levels() by name, or an Elo, standing for the options
// UCI_LimitStrength and UCI_Elo. Every place Python takes engine options
// (Engine, tiaoqi.search, the environments' opponents, tiaoqi.match)
// reads it through here, so that each says the same.
bool is_level_name(std::string_view name);

// UCI_Elo for a level: the row's Elo for a name (without case), the value
// itself for an integer (the table then checks its range); ValueError for
// anything else, naming the levels.
py::object level_elo(py::handle level);

}  // namespace tiaoqi::python
