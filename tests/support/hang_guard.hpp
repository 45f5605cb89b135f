#pragma once

#include <chrono>

namespace tiaoqi {

// How long a test waits for an engine's or a tool's answer before it calls
// it hung. Only a guard: every answer comes far sooner, and no test's
// outcome depends on how fast the machine is.
inline constexpr std::chrono::seconds kHangGuard{60};
inline constexpr long long kHangGuardMs = std::chrono::milliseconds(kHangGuard).count();

}  // namespace tiaoqi
