#include "protocol/output.hpp"

#include <ostream>

namespace tiaoqi::protocol {

void Output::line(std::string_view text) {
  if (text.size() > kMaxOutputLine - 1) text = text.substr(0, kMaxOutputLine - 1);
  std::lock_guard lock(mutex_);
  sink_(text);
}

Output::Sink stream_sink(std::ostream& out) {
  return [&out](std::string_view text) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.put('\n');
    out.flush();
  };
}

}  // namespace tiaoqi::protocol
