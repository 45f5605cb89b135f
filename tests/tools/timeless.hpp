#pragma once

// Two runs of one match play the same games but never take the same time:
// their summaries compare with the measured milliseconds left out (the
// count of moves stays, which the games fix).
#include <string_view>

#include "tools/common/json.hpp"

namespace tiaoqi::tools {

inline Json without_times(Json json) {
  if (json.is_array()) {
    for (auto& item : json) item = without_times(std::move(item));
  } else if (json.is_object()) {
    for (std::string_view key : {"move_ms_total", "move_ms_mean", "move_ms_max",
                                 "moves_over_movetime", "total_ms", "max_ms", "over_movetime"})
      json.erase(std::string(key));
    for (auto& [key, value] : json.items()) value = without_times(std::move(value));
  }
  return json;
}

}  // namespace tiaoqi::tools
