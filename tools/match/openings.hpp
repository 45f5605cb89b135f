#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rules.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::match {

// An opening: the position its moves start from, the moves (the plies of
// a random opening, or those after "moves" on a line of an openings file)
// and the position they lead to, where the engines take over. Records
// keep the moves as book moves.
struct Opening {
  std::string base;                // position string the moves start from
  std::vector<std::string> moves;  // full paths
  std::string position;            // position string after the moves
};

// How the openings of a match are chosen (docs/match.md, "Openings").
struct OpeningsConfig {
  // The lines of --openings-file; empty: random openings.
  std::vector<std::string> file_lines;
  bool random_order = false;  // the file's lines in an order drawn from `seed`
  int start = 1;              // the first line (1-based) of the order
  int count = 10;             // openings to play
  int repeat = 1;             // each opening played this many times over
  int random_plies = 4;       // plies of a random opening
  std::uint64_t seed = 1;
  // Slots of the schedule: every opening `repeat` times.
  int slots() const { return count * repeat; }
};

// A line of an openings file: a position string, or "startpos", then
// optionally "moves" and moves. The position and every move are checked.
Expected<Opening> parse_opening_line(std::string_view line, const RuleOptions& rules);
// The line as an openings file holds it: "<base> moves <m> ..." (what
// --save-openings writes; parse_opening_line reads it back).
std::string opening_line(const Opening& opening);

// The longest random opening the runner (and tiaoqi.match) takes: more
// plies than a game lasts is a typo, not an opening.
inline constexpr int kMaxRandomPlies = 1000;

// Random balanced openings: `plies` random legal moves from the start,
// rounded up to whole rounds so every player has moved equally often, from
// a generator seeded by (seed, index); a line that ends the game is drawn
// again.
Expected<Opening> random_opening(const RuleOptions& rules, int plies, std::uint64_t seed,
                                 int index);

// The opening lines of a file, one a line; '#' starts a comment line.
Expected<std::vector<std::string>> read_openings_file(const std::string& path);

// The openings slots [first, last) of the schedule play (slot = opening *
// repeat + k).
Expected<std::vector<Opening>> openings_for_slots(const OpeningsConfig& config,
                                                  const RuleOptions& rules, int first, int last);

}  // namespace tiaoqi::match
