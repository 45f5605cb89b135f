#pragma once

#include <optional>
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

// The first place where two summaries' "match" objects differ on the keys
// of match_identity_keys() (and "shard" when `with_shard`): its path, such
// as "engines[1].cmd", with the value in each. Nullopt when they agree.
struct MatchDifference {
  std::string field;
  tools::Json first;
  tools::Json second;
};
std::optional<MatchDifference> match_difference(const tools::Json& first, const tools::Json& second,
                                                bool with_shard = false);
// "comes from another match: its "seed" is '7', <second_name>'s '3'".
std::string another_match_text(const MatchDifference& difference, const std::string& second_name);

}  // namespace tiaoqi::match
