#include "tools/match/schedule.hpp"

#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

// A schedule larger than this is a typo, not a match.
constexpr long long kMaxGames = 10'000'000;

// Every increasing sequence of `size` engines out of `count`, in lexical
// order; `must_hold` (or -1) must be one of them.
void groups(int count, int size, int must_hold, std::vector<int>& current,
            std::vector<std::vector<int>>& out, long long limit) {
  if (static_cast<long long>(out.size()) > limit) return;
  if (static_cast<int>(current.size()) == size) {
    if (must_hold < 0 || current.front() == must_hold) out.push_back(current);
    return;
  }
  const int next = current.empty() ? 0 : current.back() + 1;
  for (int engine = next; engine <= count - (size - static_cast<int>(current.size())); ++engine) {
    current.push_back(engine);
    groups(count, size, must_hold, current, out, limit);
    current.pop_back();
  }
}

}  // namespace

std::string_view tournament_name(Tournament tournament) {
  return tournament == Tournament::kGauntlet ? "gauntlet" : "round-robin";
}

Expected<Tournament> parse_tournament(std::string_view text) {
  if (text == "round-robin") return Tournament::kRoundRobin;
  if (text == "gauntlet") return Tournament::kGauntlet;
  return fail("--tournament: expected round-robin or gauntlet, got " + util::quote_input(text));
}

Expected<std::vector<std::vector<int>>> encounters(int engine_count, int players,
                                                   Tournament tournament) {
  if (engine_count == 2 && players > 2) return std::vector<std::vector<int>>{{0, 1}};
  if (engine_count < players)
    return fail("cannot seat " + util::plural(engine_count, "engine") + " at " +
                util::plural(players, "player") +
                ": give at least as many engines as players, or two engines (one against copies)");
  std::vector<std::vector<int>> out;
  std::vector<int> current;
  groups(engine_count, players, tournament == Tournament::kGauntlet ? 0 : -1, current, out,
         kMaxGames);
  if (static_cast<long long>(out.size()) > kMaxGames)
    return fail("more than " + std::to_string(kMaxGames) + " groups of " +
                util::plural(players, "engine") + " to play");
  return out;
}

std::vector<int> seat_engines(const std::vector<int>& encounter, int players, int rotation) {
  std::vector<int> seats(static_cast<std::size_t>(players));
  const bool copies = static_cast<int>(encounter.size()) < players;
  for (int s = 0; s < players; ++s)
    seats[static_cast<std::size_t>(s)] =
        copies ? encounter[s == rotation ? 0 : 1]
               : encounter[static_cast<std::size_t>((s + rotation) % players)];
  return seats;
}

Expected<int> games_per_opening(const ScheduleConfig& config) {
  auto groups_played = encounters(config.engine_count, config.rules.players, config.tournament);
  if (!groups_played) return Error{groups_played.error()};
  const long long games = static_cast<long long>(groups_played->size()) * config.rules.players;
  if (games * config.openings.slots() > kMaxGames)
    return fail("the schedule would hold " + std::to_string(games * config.openings.slots()) +
                " games, more than " + std::to_string(kMaxGames));
  return static_cast<int>(games);
}

Expected<std::vector<GameTask>> build_schedule(const ScheduleConfig& config) {
  const int slots = config.openings.slots();
  if (slots <= 0) return fail("no openings to play: give --openings N");
  if (config.shard_count < 1 || config.shard < 0 || config.shard >= config.shard_count)
    return fail("bad shard");
  auto groups_played = encounters(config.engine_count, config.rules.players, config.tournament);
  if (!groups_played) return Error{groups_played.error()};
  auto per_opening = games_per_opening(config);
  if (!per_opening) return Error{per_opening.error()};
  const int first =
      static_cast<int>(static_cast<long long>(slots) * config.shard / config.shard_count);
  const int last =
      static_cast<int>(static_cast<long long>(slots) * (config.shard + 1) / config.shard_count);
  auto openings = openings_for_slots(config.openings, config.rules, first, last);
  if (!openings) return Error{openings.error()};
  const int players = config.rules.players;
  std::vector<GameTask> tasks;
  for (int slot = first; slot < last; ++slot) {
    auto opening = std::make_shared<const Opening>(
        std::move((*openings)[static_cast<std::size_t>(slot - first)]));
    int rotation = 0;
    for (const auto& encounter : *groups_played)
      for (int turn = 0; turn < players; ++turn, ++rotation)
        tasks.push_back({slot * *per_opening + rotation + 1, slot, rotation, opening,
                         seat_engines(encounter, players, turn)});
  }
  return tasks;
}

Expected<std::vector<Opening>> all_openings(const ScheduleConfig& config) {
  return openings_for_slots(config.openings, config.rules, 0, config.openings.slots());
}

}  // namespace tiaoqi::match
