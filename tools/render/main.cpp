// tiaoqi-render: draws a position string or a recorded game as SVG (or PNG
// through rsvg-convert or ImageMagick when installed), or a whole game as an
// HTML page. See docs/match.md.
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"
#include "tools/common/text_file.hpp"
#include "tools/render/html_page.hpp"
#include "tools/render/png.hpp"
#include "tools/render/svg.hpp"

namespace po = boost::program_options;
using namespace tiaoqi;
using namespace tiaoqi::render;

namespace {

constexpr const char* kTool = "tiaoqi-render";

int error(const std::string& message) { return tools::report_error(kTool, message); }
int usage_error(const std::string& message) { return tools::usage_error(kTool, message); }

// What the output's name asks for.
enum class Format { kSvg, kPng, kHtml };

Expected<Format> format_of(const std::string& path) {
  if (path == "-" || path.ends_with(".svg")) return Format::kSvg;
  if (path.ends_with(".png")) return Format::kPng;
  if (path.ends_with(".html")) return Format::kHtml;
  return fail("-o " + util::quote_input(path, 200) +
              ": the name must end in .svg, .png or .html (or be - for SVG on standard output)");
}

int write_text(const std::string& text, const std::string& path) {
  if (path == "-") {
    std::cout << text << std::flush;
    return 0;
  }
  auto written = tools::replace_text_file(path, text, "output");
  return written ? 0 : error(written.error());
}

int write_picture(const std::string& svg, const std::string& path, Format format) {
  if (format == Format::kPng) {
    auto written = write_png(svg, path);
    return written ? 0 : error(written.error());
  }
  return write_text(svg, path);
}

po::options_description render_flags() {
  po::options_description flags(
      "tiaoqi-render --position \"<position string>\" [--path <move>] [-o board.svg|board.png]\n"
      "tiaoqi-render --record games.txt [--game N] [--ply K] [-o board.svg|board.png]\n"
      "tiaoqi-render --record games.txt [--game N] -o game.html\n"
      "tiaoqi-render --record dragons.txt [--game N] [--viewer P] ...   the dragons P knew\n\n"
      "The name of -o decides the format: .svg, .png (needs rsvg-convert or ImageMagick)\n"
      "or .html (a page that steps through a recorded game); - writes SVG to standard\n"
      "output.\n\n"
      "Exit status: 0 written; 1 the picture or page could not be written; 2 a bad\n"
      "command line, found before anything is written: a flag or value that is wrong or\n"
      "does not fit the record (--game, --ply, --viewer), a position or --path the rules\n"
      "refuse, or a record that cannot be read or replayed.\n\nOptions");
  tools::add_help_and_version(flags);
  flags.add_options()("position", po::value<std::string>()->value_name("STRING"),
                      "a position string (dragons in upper case)")(
      "path", po::value<std::string>()->value_name("MOVE"),
      "with --position: the last move that led to it, drawn as an arrow, e.g. k3k5i7g7; it "
      "is checked against the rules (--rule)")(
      "rule", po::value<std::vector<std::string>>()->composing()->value_name("NAME=VALUE"),
      "a rule option for checking --path, Name=Value (repeatable): LongJumps=true, ...")(
      "record", po::value<std::string>()->value_name("FILE"), "a game record file of tiaoqi-match")(
      "game", po::value<int>()->value_name("N"),
      "the game number in the record (default: the first)")(
      "ply", po::value<int>()->value_name("K"),
      "draw the position after this many record lines, from 0 (default: the end)")(
      "output,o", po::value<std::string>()->value_name("FILE")->default_value("-"),
      "the output file: .svg, .png or .html; - for SVG on standard output")(
      "html", po::value<std::string>()->value_name("FILE"), "the same as -o FILE.html")(
      "coordinates", "write rank numbers and file letters around the board")(
      "size", po::value<double>()->value_name("PIXELS")->default_value(36),
      "pixels between neighbouring holes, 8 to 200")(
      "viewer", po::value<int>()->value_name("N"),
      "dragons variant, with --record: draw the dragons player N knew (its own and the "
      "revealed ones; every one once the game is over); default: every dragon");
  return flags;
}

int draw_position(const po::variables_map& vm, const SvgStyle& style, const std::string& output,
                  Format format) {
  if (format == Format::kHtml)
    return usage_error("an HTML page steps through a recorded game: give --record");
  const std::string& text = vm["position"].as<std::string>();
  auto view = view_of_position_string(text);
  if (!view) return usage_error("--position: " + view.error());
  if (vm.count("path")) {
    const std::string& path = vm["path"].as<std::string>();
    view->last_path = tools::split_path(Geometry::of(view->arm_size), path);
    if (view->last_path.size() < 2)
      return usage_error("--path: expected a path of holes such as k3k5i7g7, got " +
                         util::quote_input(path));
    RuleOptions options;
    if (vm.count("rule"))
      if (auto set =
              tools::set_rule_words(options, vm["rule"].as<std::vector<std::string>>(), "--rule");
          !set)
        return usage_error(set.error());
    auto checked = check_last_move(text, view->last_path, options);
    if (!checked) return usage_error("--path: " + checked.error());
  }
  return write_picture(render_svg(*view, style), output, format);
}

int draw_game(const po::variables_map& vm, const SvgStyle& style, const std::string& output,
              Format format) {
  const std::string& file = vm["record"].as<std::string>();
  auto records = tools::read_record_file(file);
  if (!records) return usage_error(records.error());
  if (records->empty())
    return usage_error("the record file " + util::quote_input(file, 200) + " holds no game");
  const tools::GameRecord* record = &records->front();
  if (vm.count("game")) {
    record = nullptr;
    for (const auto& game : *records)
      if (game.game == vm["game"].as<int>()) record = &game;
    if (!record)
      return usage_error("--game " + std::to_string(vm["game"].as<int>()) +
                         ": the record holds games " + std::to_string(records->front().game) +
                         " to " + std::to_string(records->back().game) + ", not this one");
  }
  auto replay = tools::replay_record(*record);
  if (!replay) return usage_error(replay.error());
  int viewer = -1;
  if (vm.count("viewer")) {
    const int players = replay->rules->player_count();
    if (!replay->rules->dragons())
      return usage_error("--viewer: game " + std::to_string(record->game) + " is no game of the " +
                         "dragons variant, where every player sees the whole board");
    viewer = vm["viewer"].as<int>() - 1;
    if (viewer < 0 || viewer >= players)
      return usage_error("--viewer: expected a player from 1 to " + std::to_string(players) +
                         ", got " + std::to_string(viewer + 1));
  }
  if (format == Format::kHtml) {
    if (vm.count("ply")) return usage_error("--ply draws one position: write .svg or .png");
    return write_text(game_page(*record, *replay, style, viewer), output);
  }
  std::size_t frame = replay->frames.size() - 1;
  if (vm.count("ply")) {
    const int ply = vm["ply"].as<int>();
    if (ply < 0 || static_cast<std::size_t>(ply) >= replay->frames.size())
      return usage_error("--ply: game " + std::to_string(record->game) + " has lines 0 to " +
                         std::to_string(replay->frames.size() - 1) + ", got " +
                         std::to_string(ply));
    frame = static_cast<std::size_t>(ply);
  }
  return write_picture(render_svg(frame_view(*record, *replay, frame, viewer), style), output,
                       format);
}

}  // namespace

int main(int argc, char** argv) {
  const po::options_description flags = render_flags();
  auto parsed = tools::parse_arguments(argc, argv, flags);
  // A bad command line is a usage error (exit 2), like the other tools'.
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  const bool position = vm.count("position") > 0;
  const bool record = vm.count("record") > 0;
  if (!position && !record) {
    std::cout << flags;
    return 2;
  }
  if (position && record) return usage_error("give --position or --record, not both");
  for (const char* flag : {"game", "ply", "viewer"})
    if (position && vm.count(flag))
      return usage_error(std::string("--") + flag + " picks from a record: give --record");
  if (record && vm.count("path"))
    return usage_error("--path goes with --position; a record's moves draw their own arrows");
  if (vm.count("html") && !vm["output"].defaulted())
    return usage_error("give -o FILE.html or --html FILE, not both");
  const std::string output =
      vm.count("html") ? vm["html"].as<std::string>() : vm["output"].as<std::string>();
  auto format = format_of(output);
  if (!format) return usage_error(format.error());
  if (vm.count("html") && *format != Format::kHtml)
    return usage_error("--html " + util::quote_input(output, 200) + ": the name must end in .html");
  if (output != "-")
    if (auto writable = tools::check_writable(output, "-o"); !writable)
      return usage_error(writable.error());
  SvgStyle style;
  style.coordinates = vm.count("coordinates") > 0;
  style.spacing = vm["size"].as<double>();
  if (!(style.spacing >= kMinSpacing && style.spacing <= kMaxSpacing)) {
    char given[32];
    std::snprintf(given, sizeof given, "%g", style.spacing);
    return usage_error("--size: expected pixels from 8 to 200, got " + std::string(given));
  }
  return position ? draw_position(vm, style, output, *format)
                  : draw_game(vm, style, output, *format);
}
