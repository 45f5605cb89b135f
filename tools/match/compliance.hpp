#pragma once

#include <iosfwd>

#include "engine/rules.hpp"
#include "tools/match/engine_process.hpp"

namespace tiaoqi::match {

struct ComplianceLimits {
  // How long to wait for any answer.
  long long timeout_ms = 5000;
  // How far an answer with a time limit (movetime, a clock, isready during
  // a search, stop, quit) may come after that limit.
  long long margin_ms = 100;
};

// Drives one engine through the protocol (handshake, options, positions,
// every clock mode, stop, isready during a search, bad input) and prints
// one PASS or FAIL line per check. Returns the number of failed checks.
int run_compliance(const EngineSpec& engine, const RuleOptions& rules,
                   const ComplianceLimits& limits, std::ostream& out);

}  // namespace tiaoqi::match
