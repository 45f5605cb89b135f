#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace tiaoqi::protocol {

// Engine-to-GUI lines never exceed this, newline included (docs/protocol.md,
// "Lines").
inline constexpr std::size_t kMaxOutputLine = 64 * 1024;

// Where complete lines go: the sink gets each line without its newline and
// says whether it could write it. Lines come from the command thread and
// the engine's worker thread, so writing is serialised; a line longer than
// the limit is cut.
class Output {
 public:
  using Sink = std::function<bool(std::string_view)>;
  explicit Output(Sink sink) : sink_(std::move(sink)) {}

  void line(std::string_view text);
  void error(std::string_view message) {
    errors_.fetch_add(1);
    line("info string error: " + std::string(message));
  }
  // How many error lines were written.
  std::size_t errors() const { return errors_.load(); }

  // Nobody reads the lines any more: a write failed, or the probe (set by
  // whoever knows where the lines go) says the reader has gone.
  bool reader_gone() const;
  void set_reader_probe(std::function<bool()> probe) { reader_probe_ = std::move(probe); }

  // While a Hold lives, lines from other threads wait; its own thread
  // writes on. A command that starts a job holds the output until its own
  // reply is written, so that the reply comes before the job's lines.
  class [[nodiscard]] Hold {
   public:
    explicit Hold(Output& output);
    ~Hold();
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    Output& output_;
  };

 private:
  std::mutex gate_;
  std::atomic<std::thread::id> holder_{};
  std::mutex mutex_;
  Sink sink_;
  std::atomic<std::size_t> errors_{0};
  std::atomic<bool> write_failed_{false};
  std::function<bool()> reader_probe_;
};

// A sink for a std::ostream that writes the newline and flushes every line;
// a line fails once the stream has failed (its reader is gone, EPIPE).
Output::Sink stream_sink(std::ostream& out);

// Whether the reading end of the pipe or socket at `fd` is closed, asked
// without writing (poll reports an error or a hang-up); false for a file or
// a terminal.
bool descriptor_reader_gone(int fd);

}  // namespace tiaoqi::protocol
