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

// Where complete lines go: the sink gets each line without its newline.
// Lines come from the command thread and the engine's worker thread, so
// writing is serialised; a line longer than the limit is cut.
class Output {
 public:
  using Sink = std::function<void(std::string_view)>;
  explicit Output(Sink sink) : sink_(std::move(sink)) {}

  void line(std::string_view text);
  void error(std::string_view message) {
    errors_.fetch_add(1);
    line("info string error: " + std::string(message));
  }
  // How many error lines were written.
  std::size_t errors() const { return errors_.load(); }

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
};

// A sink for a std::ostream that writes the newline and flushes every line.
Output::Sink stream_sink(std::ostream& out);

}  // namespace tiaoqi::protocol
