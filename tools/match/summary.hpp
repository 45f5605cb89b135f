#pragma once

#include <string>
#include <vector>

#include "tools/common/json.hpp"
#include "tools/match/match.hpp"
#include "tools/match/results.hpp"

namespace tiaoqi::match {

// The JSON summary of a match: what was played ("match"), the statistics
// ("results") and every finished game ("games"), which is what `merge`
// needs to recompute the statistics of several shards as one run.
tools::Json summary_json(const tools::Json& match_info, const MatchResults& results,
                         const std::vector<GameSummary>& games);

// What was played: engines, options, time control, openings, shard.
tools::Json match_info_json(const MatchConfig& config, const MatchRun& run,
                            const std::string& openings_file);

}  // namespace tiaoqi::match
