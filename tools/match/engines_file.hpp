#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/match/engine_process.hpp"

namespace tiaoqi::match {

// An engine configuration file, in the format of cutechess's engines.json
// (docs/match.md, "Engines"): a JSON array of objects, each with
//   "name"              the name `-engine conf=<name>` looks for (required)
//   "command"           the shell command that starts it (required)
//   "workingDirectory"  the folder it runs in
//   "protocol"          "uci" when given (the only protocol spoken)
//   "options"           an object {"Hash": 64, "Search": "alphabeta"}, or
//                       cutechess's list [{"name": "Hash", "value": 64}, ...]
//                       (other keys of such an entry are ignored)
//   "tc"                the engine's own clock, as tc= takes it
//   "nodes", "depth", "movetime"  its own limits, as nodes= ... take them
// and, for files written by cutechess, "ponder" and "whitepov" when false
// and "stderrFile" (ignored). Every other key, a second engine of one name,
// or a value of the wrong type is an error naming the entry.
Expected<std::vector<EngineSpec>> parse_engines_file(std::string_view text);
Expected<std::vector<EngineSpec>> read_engines_file(const std::string& path);

}  // namespace tiaoqi::match
