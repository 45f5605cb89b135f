#pragma once

#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/common/json.hpp"
#include "tools/match/referee.hpp"
#include "tools/match/results.hpp"
#include "tools/match/schedule.hpp"

namespace tiaoqi::match {

// Reading back the finished games of an interrupted run of the same match
// (--resume), so that only the others are played. Every game must belong
// to the schedule as it is now: the same game number, opening and seating
// (and for a record, the same engines and rule options, every move legal
// and a result).

// From a record file, as the runner wrote it, for the match `referee`
// referees (its engines, rule options and time controls).
Expected<std::vector<GameSummary>> resume_from_record(const std::string& path,
                                                      const std::vector<GameTask>& schedule,
                                                      const RefereeConfig& referee);

// From a JSON summary: its "match" must agree with `match_info` on every
// key of match_identity_keys() and on the shard.
Expected<std::vector<GameSummary>> resume_from_json(const std::string& path,
                                                    const tools::Json& match_info,
                                                    const std::vector<GameTask>& schedule,
                                                    int players, int engines);

}  // namespace tiaoqi::match
