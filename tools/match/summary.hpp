#pragma once

#include <string>
#include <vector>

#include "engine/util/expected.hpp"
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

struct MergedMatch {
  tools::Json summary;
  MatchResults results;
  std::vector<GameSummary> games;
};

// Combines the summaries of shards of one match. The shards must agree on
// the engines and the options; a game present in two shards is an error.
Expected<MergedMatch> merge_summaries(const std::vector<tools::Json>& summaries);

Expected<tools::Json> read_json_file(const std::string& path);
bool write_text_file(const std::string& path, const std::string& text);

}  // namespace tiaoqi::match
