#pragma once

#include <vector>

#include "engine/util/expected.hpp"
#include "tools/common/json.hpp"
#include "tools/match/results.hpp"

namespace tiaoqi::match {

struct MergedMatch {
  tools::Json summary;
  MatchResults results;
  std::vector<GameSummary> games;  // in game order
  // What makes the merged result incomplete: shards missing (by their
  // K/N), or fewer games than the shards scheduled (interrupted or
  // stopped runs). Empty when the merge is the whole match.
  std::vector<std::string> warnings;
};

// One entry of a summary's "games" list, checked: whole numbers in range,
// a seat for every player holding one of the `engines`, every player
// placed once. `where` names the entry in the error.
Expected<GameSummary> read_game_entry(const tools::Json& entry, int players, int engines,
                                      const std::string& where);

// Which games of the shards the merge keeps: all of them, or those one run
// of the SPRT would have played (kSequential): the openings in order up to
// the first one whose games are not all there, and none after the first
// opening at which the SPRT decides.
enum class MergeCut { kAll, kSequential };

// Combines the JSON summaries of the shards of one match (as summary_json
// writes them) into the summary of one run. The shards must agree on the
// engines, rule options, seed, time, openings and tournament; every game
// entry is checked (seats of known engines, one place for every player)
// and a game present in two shards is an error.
Expected<MergedMatch> merge_summaries(const std::vector<tools::Json>& summaries,
                                      MergeCut cut = MergeCut::kAll);

}  // namespace tiaoqi::match
