#include "tools/match/faults.hpp"

namespace tiaoqi::match {

std::optional<FaultKind> fault_kind_of(std::string_view reason) {
  if (reason.starts_with("resigned")) return std::nullopt;
  if (reason.starts_with("lost on time")) return FaultKind::kTimeLoss;
  if (reason.starts_with("refused")) return FaultKind::kRefused;
  return FaultKind::kFault;
}

std::string_view fault_kind_name(FaultKind kind) {
  switch (kind) {
    case FaultKind::kTimeLoss:
      return "time";
    case FaultKind::kRefused:
      return "refused";
    case FaultKind::kFault:
      break;
  }
  return "fault";
}

std::optional<FaultKind> parse_fault_kind(std::string_view name) {
  for (FaultKind kind : {FaultKind::kTimeLoss, FaultKind::kFault, FaultKind::kRefused})
    if (fault_kind_name(kind) == name) return kind;
  return std::nullopt;
}

}  // namespace tiaoqi::match
