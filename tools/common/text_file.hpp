#pragma once

#include <string>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// The whole of a file; the error names `what` the file is ("record file")
// and its path.
Expected<std::string> read_text_file(const std::string& path, const std::string& what);

// Replaces a file's content; false when it cannot be written.
bool write_text_file(const std::string& path, const std::string& text);

// Replaces a file's content through a temporary file beside it and a
// rename, so that a reader (or a crash) sees the old content or the new,
// never a part. A device or a pipe (/dev/null) is written directly.
Status replace_text_file(const std::string& path, const std::string& text, const std::string& what);

// Checks, before any work is done, that `path` can be written later: its
// folder exists and may be written, and the path is no folder and, when
// it exists, may be written. The error names `what` and the path.
Status check_writable(const std::string& path, const std::string& what);

}  // namespace tiaoqi::tools
