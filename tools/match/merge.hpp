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
};

// Combines the JSON summaries of the shards of one match (as summary_json
// writes them) into the summary of one run. The shards must agree on the
// engines, rule options, seed and time; every game entry is checked (seats
// of known engines, one place for every player) and a game present in two
// shards is an error.
Expected<MergedMatch> merge_summaries(const std::vector<tools::Json>& summaries);

}  // namespace tiaoqi::match
