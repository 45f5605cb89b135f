#pragma once

// Two runs of one match play the same games but never take the same time:
// their summaries compare with the measured milliseconds left out (the
// count of moves stays, which the games fix).
#include <sstream>
#include <string>
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

// The printed table without its last columns (ms/move and Over): rows are
// aligned under the header, so every row is cut where "Faults" ends.
inline std::string without_times(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  std::size_t cut = std::string::npos;
  for (std::string line; std::getline(in, line);) {
    if (const auto header = line.find("Faults");
        header != std::string::npos && line.find("ms/move") != std::string::npos)
      cut = header + std::string_view("Faults").size();
    else if (line.starts_with("Elo") || line.size() < cut)
      cut = std::string::npos;
    out += line.substr(0, cut) + "\n";
  }
  return out;
}

}  // namespace tiaoqi::tools
