#include "tools/python/binding/level.hpp"

#include <cctype>
#include <string>

#include "engine/search/levels.hpp"
#include "engine/util/text.hpp"
#include "tools/python/binding/option_names.hpp"

namespace tiaoqi::python {

bool is_level_name(std::string_view name) { return folded_name(name) == "level"; }

py::object level_elo(py::handle level) {
  if (py::isinstance<py::str>(level)) {
    std::string name;
    for (char c : util::trim(level.cast<std::string>()))
      name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const search::Level& row : search::levels())
      if (row.name == name) return py::int_(row.elo);
  } else if (!py::isinstance<py::bool_>(level) && PyIndex_Check(level.ptr()) != 0) {
    return py::reinterpret_steal<py::object>(PyNumber_Index(level.ptr()));
  }
  std::string names;
  for (const search::Level& row : search::levels())
    names += (names.empty() ? "" : ", ") + std::string(row.name);
  throw py::value_error("level: expected one of " + names + " or an Elo, got " +
                        py::repr(level).cast<std::string>());
}

}  // namespace tiaoqi::python
