#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::match {

// One game of the schedule. Game numbers are the same in every shard: game
// = opening_index * rotations + rotation.
struct GameTask {
  int game = 0;
  int opening_index = 0;
  int rotation = 0;
  std::string opening;            // a position string
  std::vector<int> seat_engines;  // engine index per player, in turn order
};

struct ScheduleConfig {
  int engine_count = 2;
  RuleOptions rules;
  std::vector<std::string> opening_file_lines;  // empty: random openings
  int opening_count = 0;                        // 0: every line of the file
  int random_plies = 0;
  std::uint64_t seed = 1;
  int shard = 0;  // 0-based
  int shard_count = 1;
};

// Each opening is played once per rotation of the seats: as many rotations
// as players, so every engine sits in every seat of every opening.
int rotation_count(const RuleOptions& rules);

// The engine in each seat for one rotation. With as many engines as
// players, engine (seat + rotation) mod players sits in a seat; with two
// engines at three or more seats, engine 0 sits alone in seat `rotation`
// and copies of engine 1 fill the others.
Expected<std::vector<int>> seat_engines(int engine_count, int players, int rotation);

// Random balanced openings: `plies` random legal moves from the start,
// rounded up to whole rounds so every player has moved equally often, from
// a generator seeded by (seed, index); a line that ends the game is drawn
// again.
Expected<std::string> random_opening(const RuleOptions& rules, int plies, std::uint64_t seed,
                                     int index);

// Position strings of a file, one a line; '#' starts a comment line.
Expected<std::vector<std::string>> read_openings_file(const std::string& path);

// The games of one shard: the openings are cut into `shard_count` equal
// consecutive blocks (so every opening keeps all its rotations together for
// the pair statistics) and the shard plays its block.
Expected<std::vector<GameTask>> build_schedule(const ScheduleConfig& config);

}  // namespace tiaoqi::match
