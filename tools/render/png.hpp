#pragma once

#include <string>

#include "engine/util/expected.hpp"

namespace tiaoqi::render {

// A program that turns SVG into PNG: rsvg-convert (Debian: librsvg2-bin)
// or ImageMagick's convert, whichever is installed first; none is required.
enum class PngConverter { kNone, kRsvg, kImageMagick };
PngConverter find_png_converter();

// Writes `svg` as a PNG file at `path`. The converter runs from an
// argument list, never through a shell, so any file name is safe.
Status write_png(const std::string& svg, const std::string& path);

}  // namespace tiaoqi::render
