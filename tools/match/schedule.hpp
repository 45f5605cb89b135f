#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "engine/util/expected.hpp"
#include "tools/match/openings.hpp"

namespace tiaoqi::match {

// One game of the schedule. Game numbers count from 1 and are the same in
// every shard: game = opening_index * games_per_opening + rotation + 1.
struct GameTask {
  int game = 1;
  int opening_index = 0;  // the slot of the schedule, from 0
  int rotation = 0;       // the game of the opening, from 0
  std::shared_ptr<const Opening> opening;
  std::vector<int> seat_engines;  // engine index per player, in turn order
};

// Which engines meet: every group of `players` engines (round-robin), or
// only the groups with the first engine (gauntlet: the first engine against
// each of the others).
enum class Tournament { kRoundRobin, kGauntlet };
std::string_view tournament_name(Tournament tournament);
Expected<Tournament> parse_tournament(std::string_view text);

struct ScheduleConfig {
  int engine_count = 2;
  RuleOptions rules;
  Tournament tournament = Tournament::kRoundRobin;
  OpeningsConfig openings;
  int shard = 0;  // 0-based
  int shard_count = 1;
};

// The engines of every encounter, in the order they are played. With as
// many engines as players there is one; with two engines at three or more
// seats, one too (the first against copies of the second); with more
// engines than players, every group of `players` engines (round-robin) or
// every such group with the first engine (gauntlet), in lexical order.
// Fewer engines than players (other than two) cannot be seated.
Expected<std::vector<std::vector<int>>> encounters(int engine_count, int players,
                                                   Tournament tournament);

// The engine in each seat for one rotation of an encounter: the seats turn
// by one per rotation, so every engine of it sits in every seat; with one
// engine against copies, engine 0 sits alone in seat `rotation`.
std::vector<int> seat_engines(const std::vector<int>& encounter, int players, int rotation);

// Games one opening is played in: every rotation of every encounter.
Expected<int> games_per_opening(const ScheduleConfig& config);

// The games of one shard: the slots of openings are cut into `shard_count`
// equal consecutive blocks (so every opening keeps all its games together
// for the pair statistics) and the shard plays its block.
Expected<std::vector<GameTask>> build_schedule(const ScheduleConfig& config);

// The opening of every slot of the whole match (all shards), as
// --save-openings writes them.
Expected<std::vector<Opening>> all_openings(const ScheduleConfig& config);

}  // namespace tiaoqi::match
