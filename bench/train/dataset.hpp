#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::train {

// One searched position of self-play, as the trainer reads it: the
// model's inputs (search/net/frame.hpp), and what it should learn there.
struct Sample {
  std::vector<std::uint16_t> active;
  // Per legal move the search saw: its two policy outputs and its share
  // of the root's visits (summing to 1).
  std::vector<std::uint16_t> from, to;
  std::vector<float> policy;
  int players = 0;
  // Per seat: its corner in the frame, whether it is still in the game,
  // and its target share of the win (summing to 1 over those in).
  std::array<std::uint8_t, kMaxPlayers> corner{};
  std::array<bool, kMaxPlayers> in_game{};
  std::array<float, kMaxPlayers> value{};
  // Which game it came from (the held-out split is by game).
  std::uint64_t game = 0;
};

struct DataSettings {
  // The value's target: this share of the search's values at the root
  // (the most visited move's) plus the rest of the game's result (the
  // first place takes the win). Games left unfinished use the values.
  double search_value_share = 0.5;
};

// Reads the files tiaoqi-selfplay --collect wrote; the error names the
// file, the line and what is wrong there.
Expected<std::vector<Sample>> read_samples(const std::vector<std::string>& paths,
                                           const DataSettings& settings);

}  // namespace tiaoqi::train
