#include "tools/render/png.hpp"

#include <cstdio>
#include <vector>

#include "engine/util/text.hpp"
#include "tools/common/process.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::render {
namespace {

// A conversion of one board takes well under a second; this only guards
// against a converter that hangs.
constexpr std::chrono::seconds kConverterTimeout{120};

// Runs a program to its end; its exit status and first line of output.
struct Finished {
  int status = -1;
  std::string first_line;
  std::string errors;  // its standard error, as transcript lines
};
Expected<Finished> run(const std::vector<std::string>& argv) {
  tools::ChildProcess process;
  auto started = process.start_argv(argv);
  if (!started) return Error{started.error()};
  process.close_input();
  Finished finished;
  const auto status = process.wait_exit(kConverterTimeout);
  if (!status) return fail(util::quote_input(argv[0]) + " did not finish");
  finished.status = *status;
  finished.first_line = process.next_line(std::chrono::milliseconds(0)).value_or("");
  finished.errors = process.transcript_text();
  return finished;
}

// A version probe: the program runs and names itself as expected.
bool answers(const std::vector<std::string>& probe, std::string_view first_line_prefix) {
  const auto finished = run(probe);
  return finished && finished->status == 0 && finished->first_line.rfind(first_line_prefix, 0) == 0;
}

// A file name the converter cannot take for an option.
std::string as_operand(const std::string& path) {
  return !path.empty() && path[0] == '-' ? "./" + path : path;
}

}  // namespace

PngConverter find_png_converter() {
  if (answers({"rsvg-convert", "--version"}, "rsvg-convert")) return PngConverter::kRsvg;
  if (answers({"convert", "-version"}, "Version: ImageMagick")) return PngConverter::kImageMagick;
  return PngConverter::kNone;
}

Status write_png(const std::string& svg, const std::string& path) {
  const PngConverter converter = find_png_converter();
  if (converter == PngConverter::kNone)
    return fail("PNG needs rsvg-convert (librsvg2-bin) or ImageMagick; write .svg instead");
  const std::string temporary = path + ".tmp.svg";
  if (!tools::write_text_file(temporary, svg))
    return fail("cannot write " + util::quote_input(temporary, 200));
  const std::vector<std::string> argv =
      converter == PngConverter::kRsvg
          ? std::vector<std::string>{"rsvg-convert", "-o", as_operand(path), as_operand(temporary)}
          // ImageMagick reads "format:" prefixes off file names; naming
          // the formats keeps the rest of each name literal.
          : std::vector<std::string>{"convert", "svg:" + temporary, "png:" + path};
  const auto finished = run(argv);
  std::remove(temporary.c_str());
  if (!finished) return Error{finished.error()};
  if (finished->status != 0)
    return fail(argv[0] + " failed with exit status " + std::to_string(finished->status) +
                " writing " + util::quote_input(path, 200) + ":\n" + finished->errors);
  return Done{};
}

}  // namespace tiaoqi::render
