#pragma once

#include <iosfwd>

#include "engine/rules.hpp"
#include "tools/match/engine_process.hpp"

namespace tiaoqi::match {

// Drives one engine through the protocol (handshake, options, positions,
// every clock mode, stop, isready during a search, bad input) and prints
// one PASS or FAIL line per check. Returns the number of failed checks.
int run_compliance(const EngineSpec& engine, const RuleOptions& rules, long long timeout_ms,
                   std::ostream& out);

}  // namespace tiaoqi::match
