#include "tools/match/schedule.hpp"

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/position_string.hpp"
#include "engine/util/hash.hpp"
#include "engine/util/text.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::match {

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
  return fail("cannot seat " + util::plural(engine_count, "engine") + " at " +
              util::plural(players, "player") +
              ": give as many engines as players, or two engines (one against copies)");
}

Expected<std::string> random_opening(const RuleOptions& rules, int plies, std::uint64_t seed,
                                     int index) {
  auto setup = start_setup(rules);
  if (!setup) return Error{setup.error()};
  const int rounds = (plies + rules.players - 1) / rules.players;
  // SplitMix64 is fully specified, so openings are the same on every
  // platform (the standard distributions are not).
  std::uint64_t state = seed * 0x100000001B3ULL + static_cast<std::uint64_t>(index);
  for (int attempt = 0; attempt < 100; ++attempt) {
    Position position = setup->position;
    settle(position);
    for (int ply = 0; ply < rounds * rules.players && !position.is_over(); ++ply) {
      MoveList moves;
      generate_moves(position, moves);
      position.play(moves[static_cast<int>(util::splitmix64_next(state) %
                                           static_cast<std::uint64_t>(moves.size()))]);
      settle(position);
    }
    if (!position.is_over()) return position_string(position);
  }
  return fail("no random opening of " + util::plural(plies, "ply", "plies") +
              " keeps the game going");
}

Expected<std::vector<std::string>> read_openings_file(const std::string& path) {
  auto text = tools::read_text_file(path, "openings file");
  if (!text) return Error{text.error()};
  std::vector<std::string> lines;
  for (std::string_view line : util::split(*text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = util::trim(line);
    if (line.empty() || line[0] == '#') continue;
    lines.emplace_back(line);
  }
  if (lines.empty())
    return fail("openings file " + util::quote_input(path, 200) + " holds no position string");
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
      if (!checked)
        return fail("opening " + util::quote_input(opening, 80) + ": " + checked.error());
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
