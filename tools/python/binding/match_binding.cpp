// tiaoqi._tiaoqi.play_match: the games of tiaoqi.match() (match_games.*),
// and the match runner's statistics of them (tools/match/results.*), bound
// as they are so that a match from Python is counted and rated as
// tiaoqi-match counts and rates one.
#include <pybind11/stl.h>

#include "tools/match/openings.hpp"
#include "tools/match/table.hpp"
#include "tools/python/binding/bindings.hpp"
#include "tools/python/binding/match_games.hpp"

namespace tiaoqi::python {
namespace {

void define_results(py::module_& stats) {
  py::class_<match::EngineRow>(stats, "EngineRow",
                               "One engine's line of a match's table (docs/match.md).")
      .def_readonly("games", &match::EngineRow::games)
      .def_readonly("wins", &match::EngineRow::wins, "Games it finished first alone.")
      .def_readonly("draws", &match::EngineRow::draws, "Games it shared first place.")
      .def_readonly("losses", &match::EngineRow::losses)
      .def_readonly("points", &match::EngineRow::points,
                    "Placement points: 1 per player placed below, 1/2 per tie.")
      .def_property_readonly("average_placement", &match::EngineRow::average_placement,
                             "1 is first; a shared place counts its middle.");
  py::class_<match::PairResult>(stats, "PairResult",
                                "Two engines' Elo difference from the games they met in.")
      .def_readonly("first", &match::PairResult::first)
      .def_readonly("second", &match::PairResult::second)
      .def_readonly("among_others", &match::PairResult::among_others,
                    "They met only at tables of three or more engines.")
      .def_readonly("samples", &match::PairResult::samples,
                    "One per opening: the first engine's mean score against the second.")
      .def_readonly("elo", &match::PairResult::elo, "The first's Elo against the second.")
      .def_readonly("pentanomial", &match::PairResult::pentanomial, "Two players only.");
  py::class_<match::MatchResults>(stats, "MatchResults",
                                  "The match runner's statistics of a match's games; str() "
                                  "is the table tiaoqi-match prints.")
      .def_readonly("names", &match::MatchResults::names)
      .def_readonly("players", &match::MatchResults::players)
      .def_readonly("games", &match::MatchResults::games)
      .def_readonly("rows", &match::MatchResults::rows, "Each engine's line, in names' order.")
      .def_readonly("pair_points", &match::MatchResults::pair_points,
                    "[i][j]: i's points against j over every two seats they held in a game.")
      .def_readonly("pair_counts", &match::MatchResults::pair_counts,
                    "[i][j]: how many such meetings.")
      .def_readonly("pairs", &match::MatchResults::pairs)
      .def_readonly("ratings", &match::MatchResults::ratings,
                    "Plackett-Luce ratings, mean 0, in names' order.")
      .def_property_readonly(
          "rating_intervals",
          [](const match::MatchResults& results) {
            std::vector<std::pair<double, double>> intervals;
            for (const auto& interval : results.rating_intervals)
              intervals.emplace_back(interval.low, interval.high);
            return intervals;
          },
          "95% intervals (low, high) of the ratings; an end a sweep leaves open is infinite.")
      .def_readonly("ratings_note", &match::MatchResults::ratings_note)
      .def("__str__", &match::results_table);
}

}  // namespace

void bind_match(py::module_& module) {
  module.attr("MAX_OPENING_PLIES") = match::kMaxRandomPlies;
  py::module_ stats = module.attr("stats");
  define_results(stats);
  module.def(
      "play_match",
      [](const RuleOptions& rules, const std::vector<std::string>& names,
         const std::vector<py::object>& entries, const std::string& tournament,
         std::optional<int> openings, std::optional<int> opening_plies, std::uint64_t seed) {
        MatchRequest request;
        request.rules = rules;
        request.names = names;
        request.entries = entries;
        request.tournament = value_or_raise(match::parse_tournament(tournament));
        request.openings = openings;
        request.opening_plies = opening_plies;
        request.seed = seed;
        PlayedMatch played = play_match(request);
        return py::make_tuple(played.records, played.results);
      },
      py::arg("rules"), py::arg("names"), py::arg("entries"), py::arg("tournament"),
      py::arg("openings"), py::arg("opening_plies"), py::arg("seed"),
      "tiaoqi.match()'s games: (records, results). See tiaoqi.match.");
}

}  // namespace tiaoqi::python
