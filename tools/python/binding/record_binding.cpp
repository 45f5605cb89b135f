// tiaoqi.Record: the game records tiaoqi-match --record writes and
// tiaoqi-render draws, read, written and replayed by the tools' own code
// (tools/common/record.*, replay.*), so that Python reads what the tools
// read and writes what they accept.
#include <pybind11/stl.h>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/common/record.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/game_record.hpp"

namespace tiaoqi::python {
namespace {

std::vector<tools::GameRecord> parsed_records(std::string_view text, const std::string& source) {
  auto records = tools::parse_records(text);
  if (!records) throw py::value_error(source + records.error());
  return std::move(*records);
}

std::string repr_list(const std::vector<std::string>& names) {
  return py::repr(py::cast(names)).cast<std::string>();
}

std::string record_repr(const tools::GameRecord& record) {
  return "<tiaoqi.Record game " + std::to_string(record.game) + ", seating " +
         repr_list(record.seating) + ", " + std::to_string(record.events.size()) +
         " lines, result " + py::repr(py::str(record.result)).cast<std::string>() + ">";
}

void define_lines(py::module_& module) {
  py::class_<tools::RecordEvent>(module, "RecordLine",
                                 "One line of a record: a move, or a player the referee "
                                 "eliminated (a fault in tiaoqi-match).")
      .def_property_readonly("kind",
                             [](const tools::RecordEvent& line) {
                               return line.kind == tools::RecordEvent::Kind::kMove ? "move"
                                                                                   : "elimination";
                             })
      .def_property_readonly(
          "player", [](const tools::RecordEvent& line) { return line.player - 1; },
          "The player, from 0 (the record's p1 is 0).")
      .def_readonly("text", &tools::RecordEvent::text,
                    "A move's full path (with the dragons variant's marks), or why the player "
                    "was eliminated.")
      .def_readonly("millis", &tools::RecordEvent::millis, "The time a move took.")
      .def_readonly("comment", &tools::RecordEvent::comment,
                    "'book' for a move of the opening, else the engine's score and time, or "
                    "none.")
      .def("__repr__", [](const tools::RecordEvent& line) {
        return "<tiaoqi.RecordLine p" + std::to_string(line.player) + " " + line.text + ">";
      });
}

void define_record(py::module_& module) {
  py::class_<tools::GameRecord>(module, "Record", R"doc(
A game record, as tiaoqi-match --record writes it and tiaoqi-render and
tiaoqi-match --replay read it (docs/match.md): the tags (event, date, game,
round, engines, seating, options, opening, dragons, result, termination) and
one line a move. str() writes it as a record file holds it;
tiaoqi.read_records() and tiaoqi.write_records() read and write files.
Records come from a file, from tiaoqi.match()'s games and from an
environment's record().
)doc")
      // The event and the number may be set: games gathered from several
      // records into one (bench/list's export) are named and numbered there.
      .def_readwrite("event", &tools::GameRecord::event)
      .def_readonly("date", &tools::GameRecord::date)
      .def_readwrite("game", &tools::GameRecord::game, "The game's number, from 1.")
      .def_property_readonly(
          "round",
          [](const tools::GameRecord& record) {
            return py::make_tuple(record.opening_index, record.rotation);
          },
          "(opening, rotation): the opening's index and the game of the opening, from 0.")
      .def_readonly("engines", &tools::GameRecord::engines, "Every engine or agent of the match.")
      .def_readonly("seating", &tools::GameRecord::seating,
                    "The engine or agent of each player, in turn order.")
      .def_readonly("options", &tools::GameRecord::options, "The rules as Name=Value words.")
      .def_property_readonly(
          "rules",
          [](const tools::GameRecord& record) {
            return value_or_raise(facade::parse_rule_options(record.options));
          },
          "The rules, as a Rules.")
      .def_readonly("opening", &tools::GameRecord::opening,
                    "The position string the game starts from.")
      .def_readonly("dragons", &tools::GameRecord::dragons,
                    "The dragons variant's dragons at the start, every one (empty otherwise).")
      .def_readonly("result", &tools::GameRecord::result,
                    "Players first to last from 1, shared places '1=2'; '*' unfinished.")
      .def_property_readonly(
          "standings",
          [](const tools::GameRecord& record) -> py::object {
            if (record.result == "*") return py::none();
            return py::cast(value_or_raise(tools::parse_standings(record.result)));
          },
          "Players grouped by place, best first, from 0, as Position.standings; None "
          "unfinished.")
      .def_readonly("termination", &tools::GameRecord::termination, "How the game ended.")
      .def_readonly("lines", &tools::GameRecord::events, "The moves and eliminations, in order.")
      .def_property_readonly(
          "moves",
          [](const tools::GameRecord& record) {
            std::vector<std::string> moves;
            for (const auto& line : record.events)
              if (line.kind == tools::RecordEvent::Kind::kMove) moves.push_back(line.text);
            return moves;
          },
          "The moves' full paths, the opening's book moves first.")
      .def(
          "positions",
          [](const tools::GameRecord& record) { return value_or_raise(record_games(record)); },
          R"doc(The game after each line, the opening first, as Positions, replayed and
checked as tiaoqi-match --replay checks it (a bad record raises ValueError
with its reason). In the dragons variant the positions know every dragon.)doc")
      .def("__str__", &tools::format_record, "The record as a record file holds it.")
      .def("__repr__", &record_repr)
      .def(
          "__eq__", [](const tools::GameRecord& a, const tools::GameRecord& b) { return a == b; },
          py::is_operator())
      .def_static(
          "from_string",
          [](std::string_view text) {
            auto records = parsed_records(text, "");
            if (records.size() != 1)
              throw py::value_error("Record.from_string: expected the text of one game, got " +
                                    std::to_string(records.size()) +
                                    " (tiaoqi.parse_records reads several)");
            return records.front();
          },
          py::arg("text"), "Reads the text of one game (what str() writes).")
      .def(py::pickle(&tools::format_record, [](const std::string& text) {
        return parsed_records(text, "a pickled Record: ").front();
      }));
}

}  // namespace

void bind_records(py::module_& module) {
  define_lines(module);
  define_record(module);
  module.def(
      "parse_records",
      [](std::string_view text, const std::string& source) {
        return parsed_records(text, source.empty() ? "" : util::quote_input(source, 200) + ": ");
      },
      py::arg("text"), py::arg("source") = "",
      "Every game of a record file's text; an error names the source and the line.");
  module.def("format_records", &tools::format_records, py::arg("records"),
             "Games as a record file holds them.");
}

}  // namespace tiaoqi::python
