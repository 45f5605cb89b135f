#include "protocol/input_loop.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/util/text.hpp"
#include "protocol/line_reader.hpp"

namespace tiaoqi::protocol {
namespace {

// While the command thread waits for the engine, at most this much input
// is read ahead; beyond it the reader reads no further until the command
// thread has taken lines (the pipe holds the rest, and the GUI's writes
// wait), so that no line is lost. A stop or quit read is always taken in.
constexpr std::size_t kMaxQueuedLines = 10'000;
constexpr std::size_t kMaxQueuedBytes = 16 * kMaxInputLine;
// How often a wait for input asks whether the output's reader has gone.
constexpr std::chrono::milliseconds kReaderCheckInterval{100};

bool is_interrupt(const InputLine& line) {
  if (line.too_long) return false;
  const auto tokens = util::tokenize(line.text);
  return !tokens.empty() && (tokens[0] == "stop" || tokens[0] == "quit");
}

struct Entry {
  InputLine line;
  bool interrupt = false;
};

class InputQueue {
 public:
  // Takes a line in, first waiting while the queue is full (a stop or quit
  // never waits); returns at once after abandon().
  void push(InputLine line) {
    std::unique_lock lock(mutex_);
    const bool interrupt = is_interrupt(line);
    if (!interrupt)
      room_.wait(lock, [this] {
        return abandoned_.load() || (lines_.size() < kMaxQueuedLines && bytes_ < kMaxQueuedBytes);
      });
    if (abandoned_.load()) return;
    bytes_ += line.text.size();
    interrupts_ += interrupt;
    lines_.push_back(Entry{std::move(line), interrupt});
    changed_.notify_all();
  }

  void close() {
    std::lock_guard lock(mutex_);
    ended_ = true;
    changed_.notify_all();
  }

  // The next entry, or nullopt once the input has ended and all is handled
  // or once `give_up` says so (asked while waiting).
  std::optional<Entry> pop(const std::function<bool()>& give_up) {
    std::unique_lock lock(mutex_);
    while (!changed_.wait_for(lock, kReaderCheckInterval,
                              [this] { return !lines_.empty() || ended_; }))
      if (give_up()) return std::nullopt;
    if (lines_.empty()) return std::nullopt;
    Entry entry = std::move(lines_.front());
    lines_.pop_front();
    bytes_ -= entry.line.text.size();
    interrupts_ -= entry.interrupt;
    room_.notify_all();
    return entry;
  }

  bool interrupt_waiting() {
    std::lock_guard lock(mutex_);
    return interrupts_ > 0;
  }

  // The consumer has quit: the reader stops after the line it is reading
  // (or at once, if it waits for room).
  void abandon() {
    std::lock_guard lock(mutex_);
    abandoned_.store(true);
    room_.notify_all();
  }
  bool abandoned() const { return abandoned_.load(); }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::condition_variable room_;
  std::deque<Entry> lines_;
  std::size_t bytes_ = 0;
  std::size_t interrupts_ = 0;
  bool ended_ = false;
  std::atomic<bool> abandoned_{false};
};

bool handle(Session& session, const InputLine& line) {
  if (line.too_long) {
    session.refuse_long_line(line.length);
    return true;
  }
  return session.handle_line(line.text, line.received);
}

}  // namespace

void run_input(Session& session, std::istream& in, bool input_may_block) {
  // Shared with the reader, which may outlive this function (see below).
  auto queue = std::make_shared<InputQueue>();
  std::thread reader([queue, &in] {
    LineReader lines(in);
    while (!queue->abandoned()) {
      auto line = lines.next();
      if (!line) break;
      queue->push(std::move(*line));
    }
    queue->close();
  });
  session.set_interrupt_probe([queue] { return queue->interrupt_waiting(); });

  bool quit = false;
  // Nobody reads the answers any more: the session ends as at quit, and a
  // job running is stopped (end_of_input sees the same and stops it).
  const auto reader_gone = [&session] { return session.output().reader_gone(); };
  while (auto entry = queue->pop(reader_gone)) {
    if (!handle(session, entry->line)) {
      quit = true;
      break;
    }
  }
  session.set_interrupt_probe({});
  if (!quit) session.end_of_input();
  queue->abandon();
  // After quit (or with the output gone) a reader of standard input may be
  // blocked in a read that only the end of the process ends; it touches
  // only the queue it co-owns and the stream, which lives as long as the
  // process.
  if ((quit || reader_gone()) && input_may_block)
    reader.detach();
  else
    reader.join();
}

bool run_lines(Session& session, std::istream& in) {
  LineReader lines(in);
  while (auto line = lines.next())
    if (!handle(session, *line)) return false;
  return true;
}

}  // namespace tiaoqi::protocol
