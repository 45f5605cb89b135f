#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

using Clock = std::chrono::steady_clock;

// A child process with its standard input, output and error on pipes,
// started from a shell command line or from an argument list (no shell, so
// no word of it is ever reinterpreted). Reads never block past a deadline,
// so a hung or crashed child can never hang the caller; the child runs in
// its own process group so that kill() also ends whatever it started.
class ChildProcess {
 public:
  enum class ReadStatus { kLine, kTimeout, kClosed, kTooLong, kCancelled };

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() { kill(); }

  // Runs `command` through /bin/sh (an engine's command as the user typed
  // it), in `directory` when one is given.
  Status start(const std::string& command, const std::string& directory = "");
  // Runs argv[0] (looked up in PATH when it has no '/') with these
  // arguments; fails when the program cannot be run.
  Status start_argv(const std::vector<std::string>& argv);
  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Has the child exited (reaps it)?
  bool exited();
  // Waits up to `timeout` for the child to exit, reading its output on the
  // way so that it cannot block on a full pipe; its exit status (128 + the
  // signal when a signal ended it), or nullopt when it still runs.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout);
  // The exit status once the child has been reaped.
  std::optional<int> exit_status() const { return exit_status_; }

  // Writes bytes as they are; false when the child no longer reads.
  bool write(std::string_view bytes);
  // Writes one line plus '\n'.
  bool write_line(std::string_view line);
  // Ends the child's standard input (it reads end of file).
  void close_input();
  // Closes this end of the child's standard output, as a reader that goes
  // away does: the child's writes fail from then on (EPIPE).
  void close_output();
  // Reads one line of standard output (without the newline) before the
  // deadline. Standard error is drained on the way into the transcript.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);
  // The next line within `timeout`; nullopt at the end of the output, on
  // timeout and for an overlong line.
  std::optional<std::string> next_line(std::chrono::milliseconds timeout);

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
  Status launch(const std::vector<std::string>& argv, bool search_path,
                const std::string& directory = "");
  void remember(std::string line);
  void close_pipes();
  bool drain(int fd, std::string& buffer, bool is_error);
  // Waits up to `wait_ms` for output and reads what came.
  bool poll_output(int wait_ms);
  // Read what the pipes hold now, closing a pipe at its end.
  void take_output();
  void take_errors();
  bool reap(int options);

  pid_t pid_ = -1;
  int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
  std::string out_buffer_, err_buffer_;
  std::deque<std::string> transcript_;
  std::optional<int> exit_status_;
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace tiaoqi::tools
