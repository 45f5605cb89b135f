// tiaoqi-render: draws a position string or a recorded game as SVG (or PNG
// through rsvg-convert or ImageMagick when installed), or a whole game as an
// HTML page. See docs/match.md.
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "tools/common/command_line.hpp"
#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"
#include "tools/render/html_page.hpp"
#include "tools/render/svg.hpp"

namespace po = boost::program_options;
using namespace tiaoqi;
using namespace tiaoqi::render;

namespace {

int error(const std::string& message) {
  std::cerr << "tiaoqi-render: " << message << '\n';
  return 1;
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool has_command(const std::string& probe) {
  return std::system((probe + " >/dev/null 2>&1").c_str()) == 0;
}

// PNG through whichever converter is installed; none is required.
int write_png(const std::string& svg, const std::string& path) {
  const std::string temporary = path + ".tmp.svg";
  std::ofstream(temporary) << svg;
  std::string command;
  if (has_command("rsvg-convert --version"))
    command = "rsvg-convert -o " + shell_quote(path) + " " + shell_quote(temporary);
  else if (has_command("convert -version | grep -q ImageMagick"))
    command = "convert " + shell_quote(temporary) + " " + shell_quote(path);
  else {
    std::remove(temporary.c_str());
    return error("PNG needs rsvg-convert (librsvg2-bin) or ImageMagick; write .svg instead");
  }
  const int status = std::system(command.c_str());
  std::remove(temporary.c_str());
  return status == 0 ? 0 : error("the converter failed: " + command);
}

int write_output(const std::string& text, const std::string& path) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return 0;
  }
  if (ends_with(path, ".png")) return write_png(text, path);
  std::ofstream out(path);
  out << text;
  return out ? 0 : error("cannot write '" + path + "'");
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description flags(
      "tiaoqi-render --position \"<position string>\" [-o board.svg|board.png]\n"
      "tiaoqi-render --record games.txt [--game N] [--ply K] [-o board.svg|board.png]\n"
      "tiaoqi-render --record games.txt [--game N] --html game.html\n\nOptions");
  flags.add_options()("help", "this text")("position", po::value<std::string>(),
                                           "a position string (dragons in upper case)")(
      "path", po::value<std::string>(), "draw this move path as the last move, e.g. k3k5i7g7")(
      "record", po::value<std::string>(), "a game record file of tiaoqi-match")(
      "game", po::value<int>(), "the game number in the record (default: the first)")(
      "ply", po::value<int>(), "draw the position after this many record lines (default: end)")(
      "html", po::value<std::string>(), "write the whole game as a stepping HTML page")(
      "output,o", po::value<std::string>()->default_value("-"),
      "output file: .svg, .png, or - for standard output")("names", "write every hole's name")(
      "size", po::value<double>()->default_value(36), "pixels between neighbouring holes");
  auto parsed = tools::parse_arguments(argc, argv, flags);
  if (!parsed) {
    // A bad command line is a usage error (exit 2), like the other tools'.
    error(parsed.error() + " (see tiaoqi-render --help)");
    return 2;
  }
  const po::variables_map& vm = *parsed;
  if (vm.count("help") || (!vm.count("position") && !vm.count("record"))) {
    std::cout << flags;
    return vm.count("help") ? 0 : 2;
  }
  SvgStyle style;
  style.hole_names = vm.count("names") > 0;
  style.spacing = vm["size"].as<double>();
  const std::string output = vm["output"].as<std::string>();

  if (vm.count("position")) {
    auto view = view_of_position_string(vm["position"].as<std::string>());
    if (!view) return error(view.error());
    if (vm.count("path")) {
      view->last_path =
          tools::split_path(Geometry::of(view->arm_size), vm["path"].as<std::string>());
      if (view->last_path.empty()) return error("--path: not a path of holes");
    }
    return write_output(render_svg(*view, style), output);
  }

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
    std::ofstream out(vm["html"].as<std::string>());
    out << game_page(*record, *replay, style);
    return out ? 0 : error("cannot write the HTML page");
  }
  std::size_t frame = replay->frames.size() - 1;
  if (vm.count("ply")) {
    const int ply = vm["ply"].as<int>();
    if (ply < 0 || static_cast<std::size_t>(ply) >= replay->frames.size())
      return error("--ply: the game has lines 0 to " + std::to_string(replay->frames.size() - 1));
    frame = static_cast<std::size_t>(ply);
  }
  return write_output(render_svg(frame_view(*record, *replay, frame), style), output);
}
