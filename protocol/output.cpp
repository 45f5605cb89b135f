#include "protocol/output.hpp"

#include <poll.h>

#include <ostream>

namespace tiaoqi::protocol {

void Output::line(std::string_view text) {
  if (text.size() > kMaxOutputLine - 1) text = text.substr(0, kMaxOutputLine - 1);
  // Waits while another thread holds the output.
  if (holder_.load() != std::this_thread::get_id()) std::lock_guard gate(gate_);
  std::lock_guard lock(mutex_);
  if (!sink_(text)) write_failed_.store(true);
}

bool Output::reader_gone() const {
  return write_failed_.load() || (reader_probe_ && reader_probe_());
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
    return !out.fail();
  };
}

bool descriptor_reader_gone(int fd) {
  pollfd entry{fd, 0, 0};
  return ::poll(&entry, 1, 0) == 1 && (entry.revents & (POLLERR | POLLHUP)) != 0;
}

}  // namespace tiaoqi::protocol
