#pragma once

#include <array>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "engine/util/expected.hpp"
#include "tools/common/record.hpp"

namespace tiaoqi::tune {

// One player still in the game at a sample's position, as the evaluation
// sees it: its cost is the weighted sum of `features`, less the tempo
// bonus when it is to move.
struct Contender {
  FeatureValues features{};
  bool to_move = false;
  // The player's share of first place at the end of the game: 1 first
  // alone, 1/k first with k - 1 others, 0 otherwise. The shares of a
  // sample's contenders sum to 1; fitting accepts any such split.
  double share = 0;
};

// One position of a game: every player still in it (eliminated players
// are left out, as the searches leave them out of their shares).
struct Sample {
  std::array<Contender, kMaxPlayers> contenders{};
  int contender_count = 0;
  // The games of one opening in one record file form a group, numbered
  // from 0 in the order read: identical engines play the same game from
  // every seat, so the hold-out set and the standard errors take whole
  // groups. game_samples() gives the opening index (the Round tag).
  int group = 0;

  std::span<const Contender> in_game() const {
    return {contenders.data(), std::size_t(contender_count)};
  }
};

struct SamplingOptions {
  // Positions before this many record lines into a game are not used.
  int skip_plies = 0;
  // Of the positions left, every k-th (the first one, then every k-th).
  int every = 1;
};

struct DatasetStats {
  // The players seated in every game read (0 before the first game).
  int players = 0;
  int games = 0;
  // Unfinished games (result "*") and games with a player eliminated by the
  // referee (a crash, a loss on time): their results say nothing about
  // the positions.
  int games_skipped = 0;
  int positions = 0;
};

struct Dataset {
  std::vector<Sample> samples;
  DatasetStats stats;
};

// A finished game without referee eliminations.
bool is_usable(const tools::GameRecord& record);

struct GameSamples {
  // The players seated (0 for a game that is not usable).
  int players = 0;
  std::vector<Sample> samples;
};

// The samples of one recorded game (none for a game that is not usable);
// an error when the record does not replay.
Expected<GameSamples> game_samples(const tools::GameRecord& record, const SamplingOptions& options);

// The same samples handed one by one to `visit` with the position each
// was taken from (for readers of more than the features); the players
// seated, 0 for a game not usable.
using SampleVisitor = std::function<void(const Position& position, const Sample& sample)>;
Expected<int> visit_game_samples(const tools::GameRecord& record, const SamplingOptions& options,
                                 const SampleVisitor& visit);

// Every game of the record files; an error names the file and the game,
// also for a game whose player count differs from the games before it
// (each count has a scale of its own: fit them one at a time).
Expected<Dataset> read_dataset(const std::vector<std::string>& paths,
                               const SamplingOptions& options);

struct Split {
  std::vector<Sample> fit;
  std::vector<Sample> holdout;
};

// Holds out the positions of every k-th group (groups k-1, 2k-1, ...);
// k = 0 holds out nothing.
Split split_by_group(const std::vector<Sample>& samples, int every_kth);

}  // namespace tiaoqi::tune
