#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/facade/engine.hpp"
#include "engine/perft.hpp"
#include "engine/search/limits.hpp"
#include "protocol/go_command.hpp"
#include "protocol/output.hpp"

namespace tiaoqi::protocol {

class Session;

// A protocol the session speaks (our UCI-style one, protocol/uci/, or CCP,
// protocol/ccp/): its command table and its way of writing search results.
// Its commands turn their lines into calls on the session's engine, so
// every protocol shares one engine and one session (idle handling, stop,
// errors); commands they have in common are the session's shared ones
// (commands.hpp).
class Dialect {
 public:
  using Args = std::vector<std::string_view>;
  struct Command {
    std::string_view name;
    std::function<void(Session&, const Args&)> handler;
    // Changes the game or starts a job, so it waits for the engine.
    bool needs_idle;
    bool takes_arguments;
  };
  virtual ~Dialect() = default;
  virtual const std::vector<Command>& commands() const = 0;
  // The lines for a search's progress and result; an empty line is not
  // written.
  virtual std::string info_line(const search::SearchInfo& info) const = 0;
  virtual std::string bestmove_line(const facade::BestMove& best) const = 0;
  // The answer to an analysis (only a dialect that asks for one writes it).
  virtual std::string analysis_line(const facade::Analysis& analysis) const;
  // What the shared `perft` and `d` print, in the dialect's notation
  // (format.hpp, board_text.hpp: ours unless the dialect says otherwise).
  virtual std::vector<std::string> perft_lines(const facade::PerftReport& report) const;
  virtual std::vector<std::string> describe_lines(const facade::Engine& engine) const;
};

// bench searches each position to this depth unless told otherwise.
inline constexpr int kDefaultBenchDepth = 7;

struct SessionConfig {
  // Fuzzing lowers these so that no input runs for long: perft's depth,
  // bench's depth, and the nodes of every search (0: no cap), which also
  // ends searches that would wait for a stop.
  int max_perft_depth = kMaxPerftDepth;
  int max_bench_depth = static_cast<int>(search::kMaxDepth);
  std::uint64_t max_search_nodes = 0;
};

// One protocol conversation: owns an Engine, turns each input line into
// calls on it through the current dialect's command table, and prints the
// replies and the engine's results as that dialect writes them. Lines are
// handled one at a time on the caller's thread; searches, perft and bench
// run on the engine's worker thread, so the caller can go on reading
// (isready, stop) while they run. It starts in the dialect it is given
// (the program's is the UCI-style one, uci::make_dialect()); the session
// knows no dialect by name, since the dialects are built on it.
class Session {
 public:
  Session(Output::Sink sink, std::unique_ptr<Dialect> dialect, SessionConfig config = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Handles one line (without its line end). Returns false after quit.
  // `received`: when the line arrived (a `go`'s clock starts there); now
  // when not given.
  bool handle_line(std::string_view line, std::chrono::steady_clock::time_point received =
                                              std::chrono::steady_clock::now());
  // A line over the input limit arrived; it is answered with an error.
  void refuse_long_line(std::size_t length);
  // The input ended: a search that waits for stop is stopped, a job that
  // ends by itself (a search with limits, perft, bench) is let finish.
  void end_of_input();
  // Waits until the engine's job has ended by itself (or stops it, when a
  // stop or quit waits in the input or nobody reads the output any more).
  void wait_for_engine();
  // False (with an error printed) when the engine runs a search that only
  // stop can end; otherwise waits for the current job, if any.
  bool make_idle(std::string_view command);
  // Writes the dialect's bestmove for no move: the answer of a refused go.
  void answer_no_move();
  bool has_quit() const { return quit_; }
  // The conversation ends after this line (the engine is stopped).
  void quit();

  // Tells the session whether a stop or quit is waiting in the input; a
  // command that waits for the engine to finish then stops it instead.
  void set_interrupt_probe(std::function<bool()> probe) { interrupt_probe_ = std::move(probe); }

  Output& output() { return output_; }
  const Dialect& dialect() const { return *dialect_; }
  const facade::Engine& engine() const { return engine_; }
  facade::Engine& engine() { return engine_; }
  const SessionConfig& config() const { return config_; }
  // When the line being handled arrived.
  std::chrono::steady_clock::time_point line_received() const { return line_received_; }
  // Whether a handshake has fixed the protocol (a GUI that sent `uci`
  // speaks it to the end of the session).
  bool protocol_fixed() const { return protocol_fixed_; }
  void fix_protocol() { protocol_fixed_ = true; }

  // From now on the session speaks `dialect` (called while the engine is
  // idle, by a command that needs it idle).
  void use_dialect(std::unique_ptr<Dialect> dialect);

 private:
  using Args = std::vector<std::string_view>;

  facade::EngineCallbacks callbacks();
  void dispatch(const Args& tokens);

  SessionConfig config_;
  Output output_;
  std::function<bool()> interrupt_probe_;
  std::mutex idle_mutex_;
  std::condition_variable idle_signal_;
  bool quit_ = false;
  std::chrono::steady_clock::time_point line_received_{};
  bool protocol_fixed_ = false;
  // Changed only while the engine is idle; read by the worker's callbacks.
  std::unique_ptr<Dialect> dialect_;
  // Declared last: its worker calls back into the members above.
  facade::Engine engine_;
};

}  // namespace tiaoqi::protocol
