#pragma once

#include <string>
#include <vector>

#include "tools/common/json.hpp"
#include "tools/match/match.hpp"
#include "tools/match/results.hpp"

namespace tiaoqi::match {

// The JSON summary of a match: what was played ("match"), the statistics
// ("results") and every finished game ("games"), which is what `merge`
// needs to recompute the statistics of several shards as one run, and
// what --resume reads back.
tools::Json summary_json(const tools::Json& match_info, const MatchResults& results,
                         const std::vector<GameSummary>& games);

// What was played: engines, options, time control, openings, tournament,
// shard, and how the run went.
tools::Json match_info_json(const MatchConfig& config, const MatchRun& run,
                            const std::string& openings_file);

// The keys of "match" that fix the schedule and the players: two
// summaries that agree on them come from the same match (shards of it, or
// runs of it resumed).
const std::vector<const char*>& match_identity_keys();

}  // namespace tiaoqi::match
