#include "tools/common/text_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/util/text.hpp"

namespace tiaoqi::tools {

Expected<std::string> read_text_file(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in) return fail("cannot read " + what + " " + util::quote_input(path, 200));
  return text.str();
}

bool write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

Status replace_text_file(const std::string& path, const std::string& text,
                         const std::string& what) {
  // A device or a pipe (/dev/null, /dev/stdout) is written, never replaced.
  std::error_code error_code;
  const auto status = std::filesystem::status(path, error_code);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    if (!write_text_file(path, text))
      return fail("cannot write " + what + " " + util::quote_input(path, 200));
    return Done{};
  }
  const std::string temporary = path + ".tmp";
  if (!write_text_file(temporary, text)) {
    std::remove(temporary.c_str());
    return fail("cannot write " + what + " " + util::quote_input(temporary, 200));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    return fail("cannot replace " + what + " " + util::quote_input(path, 200) + ": " +
                std::strerror(error));
  }
  return Done{};
}

Status check_writable(const std::string& path, const std::string& what) {
  namespace fs = std::filesystem;
  const std::string quoted = what + " " + util::quote_input(path, 200);
  if (path.empty()) return fail(what + ": expected a file name, got ''");
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (fs::is_directory(status)) return fail(quoted + " is a folder, not a file");
  if (fs::exists(status)) {
    if (::access(path.c_str(), W_OK) != 0)
      return fail(quoted + " cannot be written: " + std::strerror(errno));
    return Done{};
  }
  const fs::path parent = fs::path(path).parent_path();
  const std::string folder = parent.empty() ? "." : parent.string();
  if (!fs::is_directory(folder, error))
    return fail(quoted + ": the folder " + util::quote_input(folder, 200) + " does not exist");
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return fail(quoted + ": the folder " + util::quote_input(folder, 200) +
                " cannot be written: " + std::strerror(errno));
  return Done{};
}

}  // namespace tiaoqi::tools
