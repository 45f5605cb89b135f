#pragma once

#include <cstdint>
#include <string>

#include "engine/facade/options.hpp"

namespace tiaoqi::selfplay {

// How the games of one data set are played.
struct PlaySettings {
  facade::Options options;
  // The options as given on the command line ("Name=Value" words), for
  // the record.
  std::string option_words;
  std::uint64_t nodes = 800;
  std::uint64_t seed = 1;
  // Plies of uniformly random moves before the first searched one, so
  // that games differ (not recorded: no search chose them).
  int opening_plies = 4;
  // A game still going after this many plies is left unfinished; its
  // positions are kept, its finishing order is null.
  int max_plies = 1000;
};

// The seed of game `index`: every game has its own, whatever else runs.
std::uint64_t game_seed(const PlaySettings& settings, std::uint64_t index);

// Plays game `index` with one engine on every seat (one search thread,
// the tree kept from move to move as in a real game) and returns its
// lines: a header, then one line a searched position (docs/learning.md,
// "The data").
std::string play_game(const PlaySettings& settings, std::uint64_t index);

}  // namespace tiaoqi::selfplay
