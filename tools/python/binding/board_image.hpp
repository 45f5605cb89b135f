#pragma once

#include <pybind11/numpy.h>

#include <string>

#include "engine/position.hpp"

namespace tiaoqi::python {

namespace py = pybind11;

// Pixels between neighbouring holes in the environments' rgb_array.
inline constexpr int kDefaultImageSpacing = 16;

// The board as the protocol's `d` draws it, one line per rank from the
// top, each line ending in a newline.
std::string board_text(const Position& position);

// The board as an RGB image (height, width, 3) of uint8: the holes where
// tiaoqi-render puts them and the pieces in its army colours.
py::array_t<std::uint8_t> board_image(const Position& position, int spacing);

}  // namespace tiaoqi::python
