// libFuzzer target: the position-string parser. The first byte picks the
// rule options; the rest is the string. A string that parses must print
// back to a string that parses to the same position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/position_string.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr int kPlayers[] = {2, 3, 4, 6, 1, 2, 3, 2};
  static constexpr int kArmies[] = {1, 1, 1, 1, 1, 2, 2, 3};
  tiaoqi::RuleOptions options;
  options.players = kPlayers[data[0] & 7];
  options.armies_per_player = kArmies[data[0] & 7];
  options.pieces_per_army = (data[0] & 8) ? 15 : 10;
  options.long_jumps = data[0] & 16;
  options.swap_rule = data[0] & 32;
  options.goal_rule = (data[0] & 64) ? tiaoqi::GoalRule::kOwn : tiaoqi::GoalRule::kFilled;
  options.equal_turns = data[0] & 128;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  auto setup = tiaoqi::parse_position_string(text, options);
  if (!setup) return 0;
  const std::string printed = tiaoqi::position_string(setup->position);
  auto again = tiaoqi::parse_position_string(printed, options);
  if (!again || tiaoqi::position_string(again->position) != printed) std::abort();
  tiaoqi::Game game(std::move(*setup));
  tiaoqi::MoveList moves;
  tiaoqi::generate_moves(game.position(), moves);
  return 0;
}
