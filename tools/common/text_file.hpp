#pragma once

#include <string>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// The whole of a file; the error names `what` the file is ("record file")
// and its path.
Expected<std::string> read_text_file(const std::string& path, const std::string& what);

// Replaces a file's content; false when it cannot be written.
bool write_text_file(const std::string& path, const std::string& text);

}  // namespace tiaoqi::tools
