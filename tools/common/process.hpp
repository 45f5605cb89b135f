#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <string>
#include <string_view>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

using Clock = std::chrono::steady_clock;

// A child process run through /bin/sh with its standard input, output and
// error on pipes. Reads never block past a deadline, so a hung or crashed
// child can never hang the caller; the child runs in its own process group so
// that kill() also ends whatever it started.
class ChildProcess {
 public:
  enum class ReadStatus { kLine, kTimeout, kClosed, kTooLong, kCancelled };

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() { kill(); }

  Expected<bool> start(const std::string& command);
  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Has the child exited (reaps it)?
  bool exited();

  // Writes one line plus '\n'; false when the child no longer reads.
  bool write_line(std::string_view line);
  // Reads one line of standard output (without the newline) before the
  // deadline. Standard error is drained on the way into the transcript.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);

  // Asks politely ("quit"), waits up to `grace`, then kills the group.
  void stop(std::string_view quit_line, std::chrono::milliseconds grace);
  void kill();

  // Reads give up early when this flag is set (Ctrl-C in the runner).
  void set_cancel_flag(const std::atomic<bool>* flag) { cancel_ = flag; }

  // The last lines exchanged: "> " sent, "< " received, "! " standard error.
  const std::deque<std::string>& transcript() const { return transcript_; }
  std::string transcript_text() const;

  // An engine line may be up to 64 KiB (docs/protocol.md); anything longer
  // is garbage and must not grow the buffer without bound.
  static constexpr std::size_t kMaxLine = 64 * 1024;

 private:
  void remember(std::string line);
  void close_pipes();
  bool drain(int fd, std::string& buffer, bool is_error);

  pid_t pid_ = -1;
  int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
  std::string out_buffer_, err_buffer_;
  std::deque<std::string> transcript_;
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace tiaoqi::tools
