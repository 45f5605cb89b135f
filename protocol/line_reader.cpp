#include "protocol/line_reader.hpp"

namespace tiaoqi::protocol {

std::optional<InputLine> LineReader::next() {
  std::streambuf* buffer = in_.rdbuf();
  if (!buffer) return std::nullopt;
  InputLine line;
  bool any = false;
  while (true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      if (!any) return std::nullopt;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.length <= limit_) ++line.length;
    if (line.length > limit_) {
      line.too_long = true;
      line.text.clear();
      line.text.shrink_to_fit();
      continue;
    }
    line.text.push_back(static_cast<char>(c));
  }
  // CRLF line ends (and stray carriage returns before the newline).
  while (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  line.received = std::chrono::steady_clock::now();
  return line;
}

}  // namespace tiaoqi::protocol
