#include "tools/match/engine_process.hpp"

#include "tools/match/engine_reply.hpp"

namespace tiaoqi::match {
namespace {

constexpr long long kPipeSlackMs = 20;

}  // namespace

EngineProcess::EngineProcess(EngineSpec spec,
                             std::vector<std::pair<std::string, std::string>> rule_options,
                             long long startup_ms, const std::atomic<bool>* cancel)
    : spec_(std::move(spec)),
      rule_options_(std::move(rule_options)),
      startup_ms_(startup_ms),
      cancel_(cancel) {
  process_.set_cancel_flag(cancel_);
}

Expected<std::string> EngineProcess::wait_for(const std::string& word, long long timeout_ms,
                                              bool skip_other_lines) {
  const auto deadline = tools::Clock::now() + std::chrono::milliseconds(timeout_ms);
  std::string line;
  while (true) {
    switch (process_.read_line(line, deadline)) {
      case tools::ChildProcess::ReadStatus::kLine:
        if (first_word(line) == word) return line;
        if (!skip_other_lines && !is_protocol_line(line))
          return fail("garbage while waiting for " + word + ": " + util::quote_input(line, 80));
        continue;
      case tools::ChildProcess::ReadStatus::kTimeout:
        return fail("no " + word + " within " + std::to_string(timeout_ms) + " ms");
      case tools::ChildProcess::ReadStatus::kTooLong:
        return fail("a line longer than 64 KiB while waiting for " + word);
      case tools::ChildProcess::ReadStatus::kCancelled:
        return fail("cancelled");
      case tools::ChildProcess::ReadStatus::kClosed:
        return fail("the process exited while waiting for " + word);
    }
  }
}

Status EngineProcess::ensure_ready(bool new_game) {
  if (!process_.started() || process_.exited()) {
    process_.kill();
    auto started = process_.start(spec_.command);
    if (!started) return Error{started.error()};
    ++starts_;
    if (!process_.write_line("uci")) return fail("the process does not read its input");
    // Engines may greet or print a banner first ("Tiaoqi 0.1.0 by ...").
    auto ok = wait_for("uciok", startup_ms_, true);
    if (!ok) return fail("handshake: " + ok.error());
    for (const auto& [name, value] : rule_options_)
      process_.write_line("setoption name " + name + " value " + value);
    for (const auto& [name, value] : spec_.options)
      process_.write_line("setoption name " + name + " value " + value);
    new_game = true;
  }
  if (new_game && !process_.write_line("ucinewgame")) return fail("the process closed its input");
  if (!process_.write_line("isready")) return fail("the process closed its input");
  auto ready = wait_for("readyok", startup_ms_, false);
  if (!ready) return Error{ready.error()};
  return Done{};
}

SearchReply EngineProcess::search(const std::string& position_command,
                                  const std::string& go_command, long long allowance_ms) {
  SearchReply reply;
  const auto start = tools::Clock::now();
  if (!process_.write_line(position_command) || !process_.write_line(go_command)) {
    reply.kind = SearchReply::Kind::kCrash;
    reply.detail = "the process closed its input";
    return reply;
  }
  const auto deadline = start + std::chrono::milliseconds(allowance_ms + kPipeSlackMs);
  std::string line;
  while (true) {
    const auto status = process_.read_line(line, deadline);
    reply.millis =
        std::chrono::duration_cast<std::chrono::milliseconds>(tools::Clock::now() - start).count();
    switch (status) {
      case tools::ChildProcess::ReadStatus::kLine: {
        ReplyLine read = read_reply_line(line);
        if (read.kind == ReplyLine::Kind::kPass) continue;
        if (read.kind == ReplyLine::Kind::kMove) {
          reply.move = std::move(read.move);
        } else {
          reply.kind = SearchReply::Kind::kGarbage;
          reply.detail = std::move(read.detail);
        }
        return reply;
      }
      case tools::ChildProcess::ReadStatus::kTimeout:
        reply.kind = SearchReply::Kind::kTimeout;
        reply.detail = "no bestmove within " + std::to_string(allowance_ms) + " ms";
        return reply;
      case tools::ChildProcess::ReadStatus::kTooLong:
        reply.kind = SearchReply::Kind::kGarbage;
        reply.detail = "a line longer than 64 KiB";
        return reply;
      case tools::ChildProcess::ReadStatus::kCancelled:
        reply.kind = SearchReply::Kind::kCancelled;
        return reply;
      case tools::ChildProcess::ReadStatus::kClosed:
        reply.kind = SearchReply::Kind::kCrash;
        reply.detail = "the process exited";
        return reply;
    }
  }
}

void EngineProcess::quit() { process_.stop("quit", std::chrono::milliseconds(300)); }

}  // namespace tiaoqi::match
