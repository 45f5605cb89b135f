#include "protocol/output.hpp"

#include <ostream>

namespace tiaoqi::protocol {

void Output::line(std::string_view text) {
  if (text.size() > kMaxOutputLine - 1) text = text.substr(0, kMaxOutputLine - 1);
  // Waits while another thread holds the output.
  if (holder_.load() != std::this_thread::get_id()) std::lock_guard gate(gate_);
  std::lock_guard lock(mutex_);
  sink_(text);
}

Output::Hold::Hold(Output& output) : output_(output) {
  output_.gate_.lock();
  output_.holder_.store(std::this_thread::get_id());
}

Output::Hold::~Hold() {
  output_.holder_.store(std::thread::id{});
  output_.gate_.unlock();
}

Output::Sink stream_sink(std::ostream& out) {
  return [&out](std::string_view text) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.put('\n');
    out.flush();
  };
}

}  // namespace tiaoqi::protocol
