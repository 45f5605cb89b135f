#include "protocol/session.hpp"

#include <chrono>

#include "engine/util/text.hpp"
#include "protocol/board_text.hpp"
#include "protocol/format.hpp"
#include "protocol/line_reader.hpp"

namespace tiaoqi::protocol {

std::string Dialect::analysis_line(const facade::Analysis&) const { return {}; }

std::vector<std::string> Dialect::perft_lines(const facade::PerftReport& report) const {
  return protocol::perft_lines(report);
}

std::vector<std::string> Dialect::describe_lines(const facade::Engine& engine) const {
  return describe(engine);
}

Session::Session(Output::Sink sink, std::unique_ptr<Dialect> dialect, SessionConfig config)
    : config_(config),
      output_(std::move(sink)),
      dialect_(std::move(dialect)),
      engine_(callbacks()) {}

Session::~Session() { engine_.stop(); }

facade::EngineCallbacks Session::callbacks() {
  // An empty line is the dialect's way of writing nothing.
  auto write = [this](const std::string& line) {
    if (!line.empty()) output_.line(line);
  };
  facade::EngineCallbacks callbacks;
  callbacks.info = [this, write](const search::SearchInfo& info) {
    write(dialect_->info_line(info));
  };
  callbacks.bestmove = [this, write](const facade::BestMove& best) {
    write(dialect_->bestmove_line(best));
  };
  callbacks.analysis = [this, write](const facade::Analysis& analysis) {
    write(dialect_->analysis_line(analysis));
  };
  callbacks.perft = [this](const facade::PerftReport& report) {
    for (const std::string& line : dialect_->perft_lines(report)) output_.line(line);
  };
  callbacks.bench_position = [this](const facade::BenchLine& line) {
    output_.line(bench_position_line(line));
  };
  callbacks.bench = [this](const facade::BenchResult& result) {
    for (const std::string& line : bench_lines(result)) output_.line(line);
  };
  callbacks.idle = [this] {
    { std::lock_guard lock(idle_mutex_); }
    idle_signal_.notify_all();
  };
  return callbacks;
}

bool Session::handle_line(std::string_view line, std::chrono::steady_clock::time_point received) {
  if (quit_) return false;
  line_received_ = received;
  const Args tokens = util::tokenize(line);
  // An empty line is no command; UCI ignores it.
  if (tokens.empty()) return true;
  dispatch(tokens);
  return !quit_;
}

void Session::dispatch(const Args& tokens) {
  const Dialect::Command* command = nullptr;
  std::string names;
  for (const Dialect::Command& candidate : dialect_->commands()) {
    names += (names.empty() ? "" : ", ") + std::string(candidate.name);
    if (candidate.name == tokens[0]) command = &candidate;
  }
  if (!command) {
    output_.error("unknown command " + util::quote_input(tokens[0]) + "; expected one of " + names);
    return;
  }
  if (!command->takes_arguments && tokens.size() > 1) {
    output_.error(std::string(command->name) + " takes no arguments, got " +
                  util::quote_input(util::join(tokens, 1, tokens.size())));
    return;
  }
  if (command->needs_idle && !make_idle(command->name)) return;
  // The handler may replace the dialect (and with it this table).
  const auto handler = command->handler;
  handler(*this, Args(tokens.begin() + 1, tokens.end()));
}

void Session::use_dialect(std::unique_ptr<Dialect> dialect) { dialect_ = std::move(dialect); }

void Session::refuse_long_line(std::size_t length) {
  (void)length;
  output_.error("line too long: more than " + std::to_string(kMaxInputLine) +
                " bytes; the line is ignored");
}

bool Session::make_idle(std::string_view command) {
  if (!engine_.busy()) {
    engine_.wait();
    return true;
  }
  if (engine_.waits_for_stop()) {
    output_.error(std::string(command) +
                  ": a search is running until stop (go infinite, go ponder or go without "
                  "limits); send stop first");
    return false;
  }
  wait_for_engine();
  return true;
}

void Session::answer_no_move() {
  output_.line(
      dialect_->bestmove_line(facade::BestMove{engine_.game().position(), Move{}, Move{}}));
}

void Session::wait_for_engine() {
  while (engine_.busy()) {
    // Work whose answer nobody can read any more is not finished.
    if (engine_.waits_for_stop() || (interrupt_probe_ && interrupt_probe_()) ||
        output_.reader_gone()) {
      engine_.stop();
      break;
    }
    std::unique_lock lock(idle_mutex_);
    idle_signal_.wait_for(lock, std::chrono::milliseconds(5));
  }
  engine_.wait();
}

void Session::end_of_input() {
  if (engine_.waits_for_stop()) engine_.stop();
  wait_for_engine();
  engine_.stop();
  quit_ = true;
}

void Session::quit() {
  engine_.stop();
  quit_ = true;
}

}  // namespace tiaoqi::protocol
