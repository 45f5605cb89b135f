#pragma once

#include <string>

#include "tools/match/results.hpp"

namespace tiaoqi::match {

// The table of a match as text: one row per engine (games, wins, draws,
// losses, points, score, time losses, faults, the mean and longest
// milliseconds of its moves and how many went over the movetime; average
// placement and rating where they apply), the cross table when more than two engines or
// players took part, the Elo of every pair that met on its own with its
// interval and LOS (or a note that there is too little data), the
// pentanomial counts and the SPRT.
std::string results_table(const MatchResults& results);

// The short line of the live display: the points and, for two engines,
// the Elo and the LLR.
std::string score_line(const MatchResults& results);

}  // namespace tiaoqi::match
