// The JSON reader and writer of the tools (nlohmann-json underneath): strict
// JSON in, clear errors out, a depth bound, and the summary files of the
// match runner in their established shape.
#include "tools/common/json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace tiaoqi::tools {
namespace {

std::string error_of(std::string_view text) {
  const auto parsed = parse_json(text);
  EXPECT_FALSE(parsed.ok()) << "accepted: " << text;
  return parsed.ok() ? "" : parsed.error();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Json, RoundTripsAndKeepsKeyOrder) {
  Json json;
  json["name"] = "a \"quoted\" name";
  json["score"] = 0.625;
  json["games"] = 12;
  json["list"] = Json::array({1, 2.5, "x", true, nullptr});
  auto parsed = parse_json(dump_json(json));
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(*parsed, json);
  EXPECT_EQ(dump_json(*parsed), dump_json(json));
  EXPECT_EQ((*parsed)["name"], "a \"quoted\" name");
  EXPECT_EQ((*parsed)["games"], 12);
  // Keys come out in the order they were set, not sorted.
  const std::string text = dump_json(json);
  EXPECT_LT(text.find("\"name\""), text.find("\"score\""));
  EXPECT_LT(text.find("\"score\""), text.find("\"games\""));
}

TEST(Json, ReadsEveryEscape) {
  // The hand-written reader turned \b and \f into the letters b and f and
  // \u00e9 into one byte 0xe9 (not UTF-8).
  auto parsed = parse_json(R"(["\b", "\f", "\u00e9", "\ud83d\ude00", "\/\\\"", "\n\r\t"])");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ((*parsed)[0], "\b");
  EXPECT_EQ((*parsed)[1], "\f");
  EXPECT_EQ((*parsed)[2], "\xc3\xa9");
  EXPECT_EQ((*parsed)[3], "\xf0\x9f\x98\x80");
  EXPECT_EQ((*parsed)[4], "/\\\"");
  EXPECT_EQ((*parsed)[5], "\n\r\t");
  // And they are written back as JSON escapes.
  EXPECT_EQ(Json("\b\f\x01").dump(), R"("\b\f\u0001")");
}

TEST(Json, RefusesWhatIsNotJsonWithAClearMessage) {
  // Each of these was accepted by the hand-written reader (strtod reads
  // nan, hex and leading zeros).
  EXPECT_TRUE(contains(error_of("nan"), "last read: 'na'"));
  EXPECT_TRUE(contains(error_of("[NaN]"), "invalid literal"));
  EXPECT_TRUE(contains(error_of("0x10"), "last read: '0x'"));
  EXPECT_TRUE(contains(error_of("01"), "expected end of input"));
  EXPECT_TRUE(contains(error_of("{\"games\": 012}"), "line 1, column 13"));
  EXPECT_TRUE(contains(error_of("+1"), "last read: '+'"));
  EXPECT_TRUE(contains(error_of("[1,]"), "unexpected ']'"));
  EXPECT_TRUE(contains(error_of("{\"a\": 1,}"), "expected string literal"));
  EXPECT_TRUE(contains(error_of("\"\\x41\""), "forbidden character after backslash"));
  EXPECT_TRUE(contains(error_of("1e400"), "number overflow"));
  EXPECT_TRUE(contains(error_of(""), "unexpected end of input"));
  EXPECT_TRUE(contains(error_of("{} x"), "expected end of input"));
  EXPECT_TRUE(contains(error_of("{\"a\": }"), "line 1, column 7"));
  // Bytes that are not UTF-8 are named, and echoed escaped.
  const std::string bad_utf8 = error_of("\"\xff\"");
  EXPECT_TRUE(contains(bad_utf8, "ill-formed UTF-8")) << bad_utf8;
  EXPECT_TRUE(contains(bad_utf8, "'\"\\xff'")) << bad_utf8;
  for (const std::string& message : {error_of("nan"), error_of("0x10"), error_of("01")})
    EXPECT_EQ(message.rfind("JSON parse error at line 1, column ", 0), 0u) << message;
}

std::string nested(int depth, bool objects) {
  std::string text;
  for (int i = 0; i < depth; ++i) text += objects ? "{\"a\":" : "[";
  text += "1";
  for (int i = 0; i < depth; ++i) text += objects ? "}" : "]";
  return text;
}

TEST(Json, DeepNestingIsRefusedNotACrash) {
  // A million brackets overflowed the stack of the recursive hand-written
  // reader and crashed `tiaoqi-match merge`.
  for (bool objects : {false, true}) {
    const std::string deep = error_of(nested(1'000'000, objects));
    EXPECT_EQ(deep, "JSON nested deeper than 64 levels of arrays and objects");
    EXPECT_TRUE(parse_json(nested(kMaxJsonDepth, objects)).ok());
    EXPECT_FALSE(parse_json(nested(kMaxJsonDepth + 1, objects)).ok());
  }
  // Unclosed brackets too.
  EXPECT_FALSE(parse_json(std::string(1'000'000, '[')).ok());
}

TEST(Json, AFileTooDeepIsRefusedByName) {
  const auto path = std::filesystem::path(::testing::TempDir()) / "deep summary.json";
  std::ofstream(path) << nested(200'000, false);
  const auto read = read_json_file(path.string());
  ASSERT_FALSE(read.ok());
  EXPECT_TRUE(contains(read.error(), "deep summary.json")) << read.error();
  EXPECT_TRUE(contains(read.error(), "nested deeper than 64")) << read.error();
  std::filesystem::remove(path);
  EXPECT_TRUE(contains(read_json_file(path.string()).error(), "cannot read"));
}

TEST(Json, TextThatIsNotUtf8IsWrittenAsReplacementCharacters) {
  Json json;
  json["name"] = std::string("engine\xff");
  EXPECT_EQ(dump_json(json), "{\n  \"name\": \"engine\xef\xbf\xbd\"\n}");
}

}  // namespace
}  // namespace tiaoqi::tools
