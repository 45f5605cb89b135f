#pragma once

#include <cstdint>

namespace tiaoqi {

// A numeric option's default and range, side by side: RuleOptions and
// EngineOptions start from the default, the option table (facade/options)
// announces and checks the range.
struct SpinRange {
  std::int64_t default_value;
  std::int64_t min;
  std::int64_t max;
};

}  // namespace tiaoqi
