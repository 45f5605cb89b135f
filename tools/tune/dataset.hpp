#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/eval.hpp"
#include "engine/util/expected.hpp"
#include "tools/common/record.hpp"

namespace tiaoqi::tune {

// One position of a game, seen from the side to move, as the evaluation
// sees it: score = sum of weight * difference + tempo * tempo_sign.
struct Sample {
  // Best opponent's feature minus the side to move's own (evaluate_terms'
  // convention, so that positive values favour the side to move).
  FeatureValues difference{};
  // +1: the evaluation adds the tempo bonus for the side to move.
  int tempo_sign = 1;
  // The game's result for the side to move: 1 first place alone, 0.5 a
  // shared first place, 0 otherwise. Fitting accepts any value in [0, 1].
  double label = 0;
  // The games of one opening in one record file form a group, numbered
  // from 0 in the order read: identical engines play the same game from
  // both seats, so the hold-out set and the standard errors take whole
  // groups. game_samples() gives the opening index (the Round tag).
  int group = 0;
};

struct SamplingOptions {
  // Positions before this many record lines into a game are not used.
  int skip_plies = 0;
  // Of the positions left, every k-th (the first one, then every k-th).
  int every = 1;
  // Picks the best opponent in games of three or more players, as the
  // search would: the lowest cost under these weights.
  EvalWeights weights = kEvalWeights;
};

struct DatasetStats {
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

// The samples of one recorded game (none for a game that is not usable);
// an error when the record does not replay.
Expected<std::vector<Sample>> game_samples(const tools::GameRecord& record,
                                           const SamplingOptions& options);

// Every game of the record files; an error names the file and the game.
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
