#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// JSON values of the tools (match summaries, tuning reports). Objects keep
// their keys in the order they were set, so that files diff well.
using Json = nlohmann::ordered_json;

// Arrays and objects nested deeper than this are refused: the summaries
// the tools read are four levels deep, and a bound keeps recursive walks
// (dump, compare, copy) of hostile input off the end of the stack.
inline constexpr int kMaxJsonDepth = 64;

// Reads a whole document (strict JSON: no NaN, hex, leading zeros or
// trailing commas). The error names the line, the column and what arrived.
Expected<Json> parse_json(std::string_view text);
Expected<Json> read_json_file(const std::string& path);

// Two-space indentation; bytes that are not UTF-8 are written as U+FFFD.
std::string dump_json(const Json& json);

}  // namespace tiaoqi::tools
