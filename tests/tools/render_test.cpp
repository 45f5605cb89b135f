#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/facade/options.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"
#include "tools/render/html_page.hpp"
#include "tools/render/png.hpp"
#include "tools/render/svg.hpp"

namespace tiaoqi::render {
namespace {

const char* kStart = "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0";

// A minimal XML reader: every tag is closed in order, attributes are
// quoted, and there is exactly one root element. Returns "" when well
// formed, else what is wrong.
std::string xml_problem(const std::string& text) {
  std::vector<std::string> open;
  int roots = 0;
  std::size_t i = 0;
  while ((i = text.find('<', i)) != std::string::npos) {
    const auto end = text.find('>', i);
    if (end == std::string::npos) return "unterminated tag";
    std::string tag = text.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.starts_with("?") || tag.starts_with("!")) continue;
    if (tag.starts_with("/")) {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) return "unexpected </" + name + ">";
      open.pop_back();
      continue;
    }
    const bool self_closing = tag.ends_with("/");
    const std::string name = tag.substr(0, tag.find_first_of(" /\n"));
    int quotes = 0;
    for (char c : tag) quotes += c == '"';
    if (quotes % 2) return "unbalanced quotes in <" + name + ">";
    if (open.empty()) ++roots;
    if (!self_closing) open.push_back(name);
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  return roots == 1 ? "" : "expected one root element";
}

int count(const std::string& text, const std::string& word) {
  int n = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

// The value of attribute `name` in a tag.
double attribute(const std::string& tag, const std::string& name) {
  const auto at = tag.find(" " + name + "=\"");
  return at == std::string::npos ? -1 : std::stod(tag.substr(at + name.size() + 3));
}

TEST(Render, StartPositionIsWellFormedAndPlacesEveryHole) {
  auto view = view_of_position_string(kStart);
  ASSERT_TRUE(view.ok()) << view.error();
  SvgStyle style;
  style.coordinates = true;
  const std::string svg = render_svg(*view, style);
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_EQ(count(svg, "<circle class=\"hole\""), 121);
  EXPECT_EQ(count(svg, "<circle class=\"piece\""), 20);
  EXPECT_EQ(count(svg, "class=\"arm\""), 6);
  // 17 rank numbers and 17 file letters, a to q.
  EXPECT_EQ(count(svg, "<text class=\"coordinate\""), 34);
  EXPECT_NE(svg.find(">17</text>"), std::string::npos);
  EXPECT_NE(svg.find(">q</text>"), std::string::npos);
  // The legend: each player's colour.
  EXPECT_EQ(count(svg, "class=\"legend-army\""), 2);
  EXPECT_NE(svg.find(">p1 (to move)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">p2</text>"), std::string::npos);
}

// Coordinates stand around the board: no label within a piece's reach of
// any hole's centre, so a piece never hides one.
TEST(Render, CoordinatesAreNeverUnderAPiece) {
  for (const char* position : {kStart, "d/dd/7/6/5/6/7/aa/a 1 a/d 0"}) {
    auto view = view_of_position_string(position);
    ASSERT_TRUE(view.ok()) << view.error();
    SvgStyle style;
    style.coordinates = true;
    const std::string svg = render_svg(*view, style);
    const Geometry& geometry = Geometry::of(view->arm_size);
    int labels = 0;
    for (auto at = svg.find("<text class=\"coordinate\""); at != std::string::npos;
         at = svg.find("<text class=\"coordinate\"", at + 1)) {
      const std::string tag = svg.substr(at, svg.find('>', at) - at);
      // The text's middle: its baseline is 0.11 spacings below the point.
      const double x = attribute(tag, "x");
      const double y = attribute(tag, "y") - 0.11 * style.spacing;
      for (int h = 0; h < geometry.hole_count(); ++h) {
        const Point hole = hole_point(geometry, static_cast<Hole>(h), style);
        EXPECT_GT(std::hypot(hole.x - x, hole.y - y), 0.75 * style.spacing)
            << tag << " near " << geometry.name(static_cast<Hole>(h));
      }
      ++labels;
    }
    EXPECT_EQ(labels, 2 * (4 * view->arm_size + 1)) << position;
  }
}

TEST(Render, ALastMoveIsCheckedAgainstTheRules) {
  // After k3k5 (a jump over k4) from the start; player 2 to move.
  const char* after = "d/dd/ddd/dddd/13/12/11/10/9/10/11/12/6a6/aaaa/1aa/aa/a 2 a/d 1";
  const auto path = [](const char* text) { return tools::split_path(Geometry::of(4), text); };
  EXPECT_TRUE(check_last_move(after, path("k3k5"), {}).ok());
  EXPECT_TRUE(check_last_move(after, path("k3-k5"), {}).ok());
  EXPECT_EQ(check_last_move(after, path("k4k5"), {}).error(),
            "'k4k5' starts on k4, which holds a piece (only the swap rule leaves one there)");
  EXPECT_EQ(check_last_move(after, path("k3k6"), {}).error(),
            "'k3k6' ends on the empty hole k6; a last move ends where its piece stands");
  const auto jump = check_last_move(
      "d/dd/ddd/dddd/13/12/11/10/9/10/11/6a5/13/aaaa/1aa/aa/a 2 a/d 1", path("k3k6"), {});
  ASSERT_FALSE(jump.ok());
  EXPECT_EQ(jump.error().rfind("not a legal last move: ", 0), 0u) << jump.error();
}

// A game of one move from the start between these engines.
tools::GameRecord one_move_game(const std::vector<std::string>& seating) {
  tools::GameRecord record;
  record.seating = seating;
  record.options = facade::format_rule_options(RuleOptions{});
  record.opening = kStart;
  record.events = {{tools::RecordEvent::Kind::kMove, 1, "m4m5", 3, ""}};
  return record;
}

TEST(Render, ARecordedGameNamesItsEnginesInTheLegend) {
  const tools::GameRecord record = one_move_game({"alpha", "beta"});
  auto replay = tools::replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  const std::string svg = render_svg(frame_view(record, *replay, 1), {});
  EXPECT_NE(svg.find(">p1 alpha</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">p2 beta (to move)</text>"), std::string::npos);
  // The page draws it once, without whose turn it is.
  const std::string html = game_page(record, *replay, {});
  EXPECT_EQ(count(html, "class=\"legend-text\""), 2);
  EXPECT_NE(html.find(">p2 beta</text>"), std::string::npos);
}

TEST(Render, HolesSitWhereRulesSayNorthUp) {
  const Geometry& geometry = Geometry::of(4);
  const SvgStyle style;
  const Point north = hole_point(geometry, *geometry.parse_hole("e17"), style);
  const Point south = hole_point(geometry, *geometry.parse_hole("m1"), style);
  const Point centre = hole_point(geometry, *geometry.parse_hole("i9"), style);
  const Point east = hole_point(geometry, *geometry.parse_hole("j9"), style);
  EXPECT_LT(north.y, centre.y);  // screen y grows downwards
  EXPECT_GT(south.y, centre.y);
  EXPECT_NEAR(north.x, centre.x, 1e-9);
  EXPECT_NEAR(south.x, centre.x, 1e-9);
  // A step east is one spacing, two half-spacings of 2x + y.
  EXPECT_NEAR(east.x - centre.x, style.spacing, 1e-9);
  EXPECT_NEAR(east.y, centre.y, 1e-9);
}

TEST(Render, SmallBoardsDragonsAndTheLastMove) {
  auto small = view_of_position_string("d/dd/7/6/5/6/7/aa/a 1 a/d 0");
  ASSERT_TRUE(small.ok()) << small.error();
  EXPECT_EQ(count(render_svg(*small, {}), "<circle class=\"hole\""), 37);

  auto dragons =
      view_of_position_string("1/2/3/4/4C8/12/11/10/9/10/11/12/13/aaaa/aAa/aa/a 1 a/c/e 9");
  ASSERT_TRUE(dragons.ok()) << dragons.error();
  dragons->last_path = tools::split_path(Geometry::of(4), "k3k5i7g7");
  const std::string svg = render_svg(*dragons, {});
  EXPECT_EQ(xml_problem(svg), "");
  EXPECT_EQ(count(svg, "class=\"dragon\""), 2);
  EXPECT_EQ(count(svg, "class=\"landing\""), 2);
  const auto points_at = svg.find("<polyline class=\"last-move\" points=\"");
  ASSERT_NE(points_at, std::string::npos);
  const std::string points =
      svg.substr(points_at + 36, svg.find('"', points_at + 36) - points_at - 36);
  EXPECT_EQ(count(points, ","), 4);  // every hop of the chain

  EXPECT_EQ(view_of_position_string("d/dd 1 a/d 0").error(),
            "board field has 2 ranks; expected 9, 13 or 17");
  EXPECT_EQ(view_of_position_string("d 1 a/d 0").error(),
            "board field has 1 rank; expected 9, 13 or 17");
  // A run of empty holes too long for any int is no crash.
  EXPECT_EQ(view_of_position_string("d/dd/7/6/5/6/7/aa/99999999999999999999999 1 a/d 0").error(),
            "rank 1 has too many holes");
  EXPECT_EQ(view_of_position_string("d/dd/7/6/5/6/7/aa/\x1b 1 a/d 0").error(),
            "rank 1: expected a-f, A-F or a digit, got '\\x1b'");
  EXPECT_FALSE(
      view_of_position_string("x/dd/ddd/dddd/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a 1 a/d 0")
          .ok());
}

TEST(Render, GamePageHoldsEveryPosition) {
  tools::GameRecord record;
  record.game = 4;
  record.seating = {"alpha", "beta"};
  record.options = facade::format_rule_options(RuleOptions{});
  record.opening = kStart;
  record.events = {{tools::RecordEvent::Kind::kMove, 1, "m4m5", 3, ""},
                   {tools::RecordEvent::Kind::kMove, 2, "e14e13", 4, ""},
                   {tools::RecordEvent::Kind::kMove, 1, "l3l5", 5, ""}};
  auto replay = tools::replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  const std::string html = game_page(record, *replay, {});
  EXPECT_EQ(count(html, "<g id=\"f"), 4);
  EXPECT_EQ(count(html, "<circle class=\"hole\""), 121);  // the board is drawn once
  EXPECT_NE(html.find("3. p1 l3l5"), std::string::npos);
  const auto svg_begin = html.find("<svg");
  const auto svg_end = html.find("</svg>") + 6;
  EXPECT_EQ(xml_problem(html.substr(svg_begin, svg_end - svg_begin)), "");
}

TEST(Render, CaptionsCannotCloseTheScript) {
  const tools::GameRecord record = one_move_game({"</script><b>", "beta"});
  auto replay = tools::replay_record(record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  const std::string html = game_page(record, *replay, {});
  EXPECT_EQ(count(html, "</script>"), 1);
  EXPECT_NE(html.find("\\u003c/script>\\u003cb>"), std::string::npos);
}

TEST(Render, PngOfAFileNameWithSpacesAndQuotes) {
  if (find_png_converter() == PngConverter::kNone)
    GTEST_SKIP() << "neither rsvg-convert (librsvg2-bin) nor ImageMagick is installed";
  auto view = view_of_position_string(kStart);
  ASSERT_TRUE(view.ok()) << view.error();
  // Through a shell these would end the quoting, run a command or be read
  // as an option.
  const auto folder = std::filesystem::path(::testing::TempDir()) / "render it's \"odd\"";
  std::filesystem::create_directories(folder);
  for (const std::string name : {"a board; touch x $(id) `id`.png", "-o it's.png", "x:y.png"}) {
    const auto path = folder / name;
    std::filesystem::remove(path);
    const auto written = write_png(render_svg(*view, {}), path.string());
    ASSERT_TRUE(written.ok()) << written.error();
    std::ifstream png(path, std::ios::binary);
    std::string magic(8, '\0');
    png.read(magic.data(), 8);
    EXPECT_EQ(magic, "\x89PNG\r\n\x1a\n") << name;
    EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp.svg")) << name;
  }
  // Nothing else appeared: no file "x", no stray temporary file.
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
  EXPECT_EQ(files, 3);
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace tiaoqi::render
