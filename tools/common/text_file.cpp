#include "tools/common/text_file.hpp"

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

}  // namespace tiaoqi::tools
