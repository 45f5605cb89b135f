// tiaoqi.stats: the match runner's statistics (tools/match), bound rather
// than written again, so that an agent rated in Python is rated as the
// match runner rates engines.
#include <pybind11/stl.h>

#include "tools/match/plackett_luce.hpp"
#include "tools/match/stats.hpp"
#include "tools/python/binding/bindings.hpp"

namespace tiaoqi::python {

void bind_stats(py::module_& module) {
  py::module_ stats = module.def_submodule(
      "stats",
      "The match runner's statistics: Elo with a 95% interval, placement scores, "
      "Plackett-Luce ratings.");
  py::class_<match::EloEstimate>(stats, "EloEstimate",
                                 "An Elo difference with its 95% interval (docs/match.md).")
      .def_readonly("defined", &match::EloEstimate::defined, "At least one sample.")
      .def_readonly("samples", &match::EloEstimate::samples)
      .def_readonly("score", &match::EloEstimate::score, "The mean score share.")
      .def_readonly("elo", &match::EloEstimate::elo)
      .def_readonly("has_interval", &match::EloEstimate::has_interval)
      .def_readonly("elo_low", &match::EloEstimate::elo_low)
      .def_readonly("elo_high", &match::EloEstimate::elo_high)
      .def_readonly("los", &match::EloEstimate::los, "Likelihood of superiority, P(elo > 0).")
      .def_readonly("note", &match::EloEstimate::note,
                    "Why there is no interval, if there is none.")
      .def("__repr__", [](const match::EloEstimate& e) {
        std::string text =
            "EloEstimate(elo=" + std::to_string(e.elo) + ", samples=" + std::to_string(e.samples);
        if (e.has_interval)
          text += ", low=" + std::to_string(e.elo_low) + ", high=" + std::to_string(e.elo_high);
        return text + ")";
      });
  stats.def("estimate_elo", &match::estimate_elo, py::arg("samples"),
            "Elo and its 95% interval from samples of a score share in [0, 1] (for two "
            "players, game pairs with the seats swapped: the pentanomial model).");
  stats.def("elo_from_score", &match::elo_from_score, py::arg("score"));
  stats.def("score_from_elo", &match::score_from_elo, py::arg("elo"));
  stats.def("placement_score", &match::placement_score, py::arg("standings"), py::arg("player"),
            "(players placed below + half the others sharing the place) / (players - 1).");
  stats.def("pentanomial", &match::pentanomial, py::arg("samples"),
            "How many samples fall on 0, 1/4, 1/2, 3/4 and 1.");
  stats.def("plackett_luce_elo", &match::plackett_luce_elo, py::arg("engine_count"),
            py::arg("games"), py::arg("prior_draws") = 1.0,
            "Ratings (mean 0) from finishing orders: per game, groups of engine indices, best "
            "first; the prior is prior_draws drawn games between every two engines.");
  stats.def("unbounded_ratings", &match::unbounded_ratings, py::arg("engine_count"),
            py::arg("games"),
            "Per engine: +1 when it finished above every other engine in every game it "
            "played, -1 below every other, 0 otherwise: the ratings the games leave unbounded "
            "on one side, whose figure there is the prior's.");
  stats.def(
      "plackett_luce_intervals",
      [](int engine_count, const std::vector<match::FinishingOrder>& games, int resamples) {
        std::vector<std::pair<double, double>> intervals;
        for (const auto& interval : match::plackett_luce_intervals(engine_count, games, resamples))
          intervals.emplace_back(interval.low, interval.high);
        return intervals;
      },
      py::arg("engine_count"), py::arg("games"), py::arg("resamples") = 200,
      "95% bootstrap intervals (low, high) of plackett_luce_elo; empty below two games.");
}

}  // namespace tiaoqi::python
