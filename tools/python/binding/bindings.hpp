#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <string_view>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/search/limits.hpp"
#include "engine/util/expected.hpp"
#include "tools/python/binding/searcher.hpp"

namespace tiaoqi::python {

namespace py = pybind11;

// Each part of the module, in the order module.cpp binds them.
void bind_rules(py::module_& module);
void bind_position(py::module_& module);
void bind_engine(py::module_& module);
void bind_table(py::module_& module);
void bind_vector(py::module_& module);
void bind_records(py::module_& module);
void bind_stats(py::module_& module);
// After bind_stats: the match's statistics join tiaoqi.stats.
void bind_match(py::module_& module);
void bind_yardsticks(py::module_& module);

// Raises ValueError with the engine's message when `status` failed.
void raise_on_error(const Status& status);
template <class T>
T value_or_raise(Expected<T> result) {
  if (!result) throw py::value_error(result.error());
  return std::move(*result);
}

// A Python value of the option `name` as the option table reads it. The
// Python type must be the option's: bool (check), int (spin, and a combo
// of numbers), str (combo, string); ValueError otherwise, so that "3" is
// refused for Players as 3.0 is. The table's parser judges the value.
std::string option_text(std::string_view name, py::handle value);
// An option's value as Python sees it: a bool (check), an int (spin, and
// a combo of numbers such as PiecesPerArmy) or a str (combo).
py::object option_value(const facade::OptionSpec& spec, const std::string& text);
// The table's spelling of a name given in Python (long_jumps is
// LongJumps); an unknown name is passed on as given, for the table's own
// message.
std::string table_name(std::string_view name);

// A move given as Position.play takes it - text, a path of hole indices
// (start, landings) or an action of the player to move - as text.
std::string move_text_of(const Game& game, const py::handle& move);

class GameTable;
// Plays the move of the table's player to move, given as Position.play
// takes it, checked against the mover's view; the move as start and end.
// ValueError, and nothing changes, for a move that is no legal one.
std::string play_move(GameTable& table, const py::handle& move);

// The limits of one search as Python gives them; a search needs one of
// them (without, it would run until stop()).
search::SearchLimits search_limits(std::optional<long long> nodes,
                                   std::optional<long long> movetime,
                                   std::optional<long long> depth, bool infinite);

// Runs Python's signal handlers (taking the GIL, which the caller has
// released); true when one raised, the exception then set for this thread.
bool python_interrupted();

// Searches with the GIL released and answers Ctrl-C: Python's signal
// handlers run every few milliseconds, and when one raises (SIGINT's
// KeyboardInterrupt) the search is stopped and the exception raised here.
SearchOutcome search_or_raise(Searcher& searcher, const Game& game,
                              const search::SearchLimits& limits);

}  // namespace tiaoqi::python
