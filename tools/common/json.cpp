#include "tools/common/json.hpp"

#include "engine/util/text.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::tools {
namespace {

// Thrown by the depth check to end the parse.
struct TooDeep {};

// nlohmann's messages read "[json.exception.parse_error.101] parse error at
// line 1, column 4: syntax error ...; last read: '<token>'": the prefix goes
// and the token is quoted like every other echo of input.
std::string describe(const Json::exception& error) {
  std::string what = error.what();
  if (!what.empty() && what[0] == '[') {
    const auto bracket = what.find("] ");
    if (bracket != std::string::npos) what.erase(0, bracket + 2);
  }
  static constexpr std::string_view kLastRead = "; last read: '";
  static constexpr std::string_view kExpected = "'; expected ";
  const auto last = what.find(kLastRead);
  if (last != std::string::npos) {
    const auto begin = last + kLastRead.size();
    // The token ends before "; expected ..." when that follows, else at the
    // last quote.
    auto end = what.rfind(kExpected);
    if (end == std::string::npos || end < begin) end = what.rfind('\'');
    if (end == std::string::npos || end < begin) end = what.size();
    const std::string rest = end < what.size() ? what.substr(end + 1) : "";
    what = what.substr(0, last) +
           "; last read: " + util::quote_input(std::string_view(what).substr(begin, end - begin)) +
           rest;
  }
  return "JSON " + what;
}

}  // namespace

Expected<Json> parse_json(std::string_view text) {
  // The parser calls back at every opening bracket with the depth of the
  // containers around it.
  const Json::parser_callback_t bound_depth = [](int depth, Json::parse_event_t event,
                                                 Json&) -> bool {
    const bool opens =
        event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start;
    if (opens && depth >= kMaxJsonDepth) throw TooDeep{};
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), bound_depth);
  } catch (const Json::exception& error) {
    // Syntax errors, and numbers beyond the range of a double.
    return fail(describe(error));
  } catch (const TooDeep&) {
    return fail("JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                " levels of arrays and objects");
  }
}

Expected<Json> read_json_file(const std::string& path) {
  auto text = read_text_file(path, "JSON file");
  if (!text) return Error{text.error()};
  auto json = parse_json(*text);
  if (!json) return fail(util::quote_input(path, 200) + ": " + json.error());
  return json;
}

std::string dump_json(const Json& json) {
  return json.dump(2, ' ', false, Json::error_handler_t::replace);
}

}  // namespace tiaoqi::tools
