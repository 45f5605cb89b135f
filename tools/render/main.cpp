// tiaoqi-render: draws a position string or a recorded game as SVG (or PNG
// through rsvg-convert or ImageMagick when installed), or a whole game as an
// HTML page. See docs/match.md.
#include <boost/program_options.hpp>
#include <iostream>

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

int write_output(const std::string& text, const std::string& path) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return 0;
  }
  if (path.ends_with(".png")) {
    auto written = write_png(text, path);
    return written ? 0 : error(written.error());
  }
  return tools::write_text_file(path, text) ? 0
                                            : error("cannot write " + util::quote_input(path, 200));
}

po::options_description render_flags() {
  po::options_description flags(
      "tiaoqi-render --position \"<position string>\" [-o board.svg|board.png]\n"
      "tiaoqi-render --record games.txt [--game N] [--ply K] [-o board.svg|board.png]\n"
      "tiaoqi-render --record games.txt [--game N] --html game.html\n\nOptions");
  tools::add_help_and_version(flags);
  flags.add_options()("position", po::value<std::string>(),
                      "a position string (dragons in upper case)")(
      "path", po::value<std::string>(), "draw this move path as the last move, e.g. k3k5i7g7")(
      "record", po::value<std::string>(), "a game record file of tiaoqi-match")(
      "game", po::value<int>(), "the game number in the record (default: the first)")(
      "ply", po::value<int>(), "draw the position after this many record lines (default: end)")(
      "html", po::value<std::string>(), "write the whole game as a stepping HTML page")(
      "output,o", po::value<std::string>()->default_value("-"),
      "output file: .svg, .png, or - for standard output")("names", "write every hole's name")(
      "size", po::value<double>()->default_value(36), "pixels between neighbouring holes");
  return flags;
}

int draw_position(const po::variables_map& vm, const SvgStyle& style) {
  auto view = view_of_position_string(vm["position"].as<std::string>());
  if (!view) return error(view.error());
  if (vm.count("path")) {
    const std::string& path = vm["path"].as<std::string>();
    view->last_path = tools::split_path(Geometry::of(view->arm_size), path);
    if (view->last_path.empty())
      return error("--path: expected a path of holes such as k3k5i7g7, got " +
                   util::quote_input(path));
  }
  return write_output(render_svg(*view, style), vm["output"].as<std::string>());
}

int draw_game(const po::variables_map& vm, const SvgStyle& style) {
  auto records = tools::read_record_file(vm["record"].as<std::string>());
  if (!records) return error(records.error());
  if (records->empty()) return error("the record file holds no game");
  const tools::GameRecord* record = &records->front();
  if (vm.count("game")) {
    record = nullptr;
    for (const auto& game : *records)
      if (game.game == vm["game"].as<int>()) record = &game;
    if (!record) return error("no game " + std::to_string(vm["game"].as<int>()) + " in the record");
  }
  auto replay = tools::replay_record(*record);
  if (!replay) return error(replay.error());
  if (vm.count("html")) {
    const std::string& path = vm["html"].as<std::string>();
    return tools::write_text_file(path, game_page(*record, *replay, style))
               ? 0
               : error("cannot write " + util::quote_input(path, 200));
  }
  std::size_t frame = replay->frames.size() - 1;
  if (vm.count("ply")) {
    const int ply = vm["ply"].as<int>();
    if (ply < 0 || static_cast<std::size_t>(ply) >= replay->frames.size())
      return error("--ply: the game has lines 0 to " + std::to_string(replay->frames.size() - 1));
    frame = static_cast<std::size_t>(ply);
  }
  return write_output(render_svg(frame_view(*record, *replay, frame), style),
                      vm["output"].as<std::string>());
}

}  // namespace

int main(int argc, char** argv) {
  const po::options_description flags = render_flags();
  auto parsed = tools::parse_arguments(argc, argv, flags);
  // A bad command line is a usage error (exit 2), like the other tools'.
  if (!parsed) return usage_error(parsed.error());
  const po::variables_map& vm = *parsed;
  if (auto done = tools::answer_help_or_version(vm, kTool, flags, std::cout)) return *done;
  if (!vm.count("position") && !vm.count("record")) {
    std::cout << flags;
    return 2;
  }
  SvgStyle style;
  style.hole_names = vm.count("names") > 0;
  style.spacing = vm["size"].as<double>();
  return vm.count("position") ? draw_position(vm, style) : draw_game(vm, style);
}
