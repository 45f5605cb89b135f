#include "tools/match/schedule.hpp"

#include <fstream>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/position_string.hpp"

namespace tiaoqi::match {
namespace {

// SplitMix64: fully specified, so openings are the same on every platform
// (the standard distributions are not).
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
};

}  // namespace

int rotation_count(const RuleOptions& rules) { return rules.players; }

Expected<std::vector<int>> seat_engines(int engine_count, int players, int rotation) {
  std::vector<int> seats(static_cast<std::size_t>(players));
  if (engine_count == players) {
    for (int s = 0; s < players; ++s) seats[s] = (s + rotation) % players;
    return seats;
  }
  if (engine_count == 2 && players > 2) {
    for (int s = 0; s < players; ++s) seats[s] = s == rotation ? 0 : 1;
    return seats;
  }
  return fail("cannot seat " + std::to_string(engine_count) + " engines at " +
              std::to_string(players) +
              " players: give as many engines as players, or two engines (one against copies)");
}

Expected<std::string> random_opening(const RuleOptions& rules, int plies, std::uint64_t seed,
                                     int index) {
  auto setup = start_setup(rules);
  if (!setup) return Error{setup.error()};
  const int rounds = (plies + rules.players - 1) / rules.players;
  SplitMix rng{seed * 0x100000001B3ULL + static_cast<std::uint64_t>(index)};
  for (int attempt = 0; attempt < 100; ++attempt) {
    Position position = setup->position;
    settle(position);
    for (int ply = 0; ply < rounds * rules.players && !position.is_over(); ++ply) {
      MoveList moves;
      generate_moves(position, moves);
      position.play(moves[static_cast<int>(rng.next() % static_cast<std::uint64_t>(moves.size()))]);
      settle(position);
    }
    if (!position.is_over()) return position_string(position);
  }
  return fail("no random opening of " + std::to_string(plies) + " plies keeps the game going");
}

Expected<std::vector<std::string>> read_openings_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail("cannot read openings file '" + path + "'");
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto begin = line.find_first_not_of(" \t");
    if (begin == std::string::npos || line[begin] == '#') continue;
    lines.push_back(line.substr(begin));
  }
  if (lines.empty()) return fail("openings file '" + path + "' holds no position string");
  return lines;
}

Expected<std::vector<GameTask>> build_schedule(const ScheduleConfig& config) {
  const bool from_file = !config.opening_file_lines.empty();
  const int openings = config.opening_count > 0
                           ? config.opening_count
                           : static_cast<int>(config.opening_file_lines.size());
  if (openings <= 0) return fail("no openings to play: give --openings N or an openings file");
  if (config.shard_count < 1 || config.shard < 0 || config.shard >= config.shard_count)
    return fail("bad shard");
  const int rotations = rotation_count(config.rules);
  const int first =
      static_cast<int>(static_cast<long long>(openings) * config.shard / config.shard_count);
  const int last =
      static_cast<int>(static_cast<long long>(openings) * (config.shard + 1) / config.shard_count);
  std::vector<GameTask> tasks;
  for (int index = first; index < last; ++index) {
    std::string opening;
    if (from_file) {
      opening = config.opening_file_lines[static_cast<std::size_t>(index) %
                                          config.opening_file_lines.size()];
      auto checked = parse_position_string(opening, config.rules);
      if (!checked) return fail("opening '" + opening + "': " + checked.error());
    } else {
      auto made = random_opening(config.rules, config.random_plies, config.seed, index);
      if (!made) return Error{made.error()};
      opening = *made;
    }
    for (int rotation = 0; rotation < rotations; ++rotation) {
      auto seats = seat_engines(config.engine_count, config.rules.players, rotation);
      if (!seats) return Error{seats.error()};
      tasks.push_back({index * rotations + rotation, index, rotation, opening, *seats});
    }
  }
  return tasks;
}

}  // namespace tiaoqi::match
