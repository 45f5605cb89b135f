#pragma once

#include <optional>
#include <string_view>

namespace tiaoqi::match {

// Why the referee removed a player from a game. Time losses and faults
// are counted per engine in the table; a refusal (the engine answered the
// runner's position or go with `info string error`) means the runner and
// the engine disagree, and makes the run fail.
enum class FaultKind { kTimeLoss, kFault, kRefused };
struct SeatFault {
  int player = 0;  // 0-based
  FaultKind kind = FaultKind::kFault;
  bool operator==(const SeatFault&) const = default;
};
// The kind of an elimination's reason as the record writes it ("lost on
// time: ...", "crashed: ..."); nullopt for a resignation, which is no
// fault.
std::optional<FaultKind> fault_kind_of(std::string_view reason);
std::string_view fault_kind_name(FaultKind kind);
std::optional<FaultKind> parse_fault_kind(std::string_view name);

}  // namespace tiaoqi::match
