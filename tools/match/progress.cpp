#include "tools/match/progress.hpp"

#include <ostream>

#include "tools/common/record.hpp"
#include "tools/match/table.hpp"

namespace tiaoqi::match {
namespace {

std::string engines_text(const std::vector<int>& seats, const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t s = 0; s < seats.size(); ++s)
    text += (s ? " vs " : "") + names[static_cast<std::size_t>(seats[s])];
  return text;
}

std::string result_text(const GameSummary& game) {
  if (game.seat_engines.size() != 2 || game.standings.empty())
    return tools::format_standings(game.standings);
  if (game.standings[0].size() == 2) return "1/2-1/2";
  return game.standings[0][0] == 0 ? "1-0" : "0-1";
}

}  // namespace

Progress::Progress(std::ostream& out, bool terminal, int report_every, int scheduled, int carried)
    : out_(out),
      terminal_(terminal),
      report_every_(report_every),
      scheduled_(scheduled),
      carried_(carried),
      start_(std::chrono::steady_clock::now()) {}

std::string Progress::duration_text(std::chrono::seconds duration) {
  const long long total = duration.count();
  char text[48];
  if (total >= 3600)
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60,
                  total % 60);
  else
    std::snprintf(text, sizeof text, "%lld:%02lld", total / 60, total % 60);
  return text;
}

std::string Progress::finished_line(const GameSummary& game,
                                    const std::vector<std::string>& names) {
  return "Finished game " + std::to_string(game.game) + " (" +
         engines_text(game.seat_engines, names) + "): " + result_text(game) + " {" +
         game.termination + "}";
}

std::string Progress::status() const {
  const auto elapsed =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start_);
  std::string text = std::to_string(carried_ + finished_) + "/" + std::to_string(scheduled_) +
                     " games, " + duration_text(elapsed) + " elapsed";
  const int left = scheduled_ - carried_ - finished_;
  if (finished_ > 0 && left > 0)
    text += ", about " + duration_text(elapsed * left / finished_) + " left";
  return text;
}

void Progress::clear_status() {
  if (terminal_) out_ << "\r\033[K";
}

void Progress::show_status() {
  if (!terminal_) return;
  std::string line = status();
  if (!score_.empty()) line += " | " + score_;
  out_ << line << std::flush;
}

void Progress::started(const GameTask& task, const std::vector<std::string>& names) {
  clear_status();
  out_ << "Started game " << task.game << " (" << engines_text(task.seat_engines, names) << ")\n";
  show_status();
}

void Progress::finished(const GameSummary& game, const std::vector<std::string>& names,
                        const MatchResults& now) {
  ++finished_;
  score_ = score_line(now);
  clear_status();
  out_ << finished_line(game, names) << '\n';
  // The last game's table is the final one, printed anyway.
  if (report_every_ > 0 && finished_ % report_every_ == 0 && carried_ + finished_ < scheduled_)
    out_ << "After " << status() << ":\n" << results_table(now);
  show_status();
  out_ << std::flush;
}

void Progress::done() {
  clear_status();
  out_ << std::flush;
}

}  // namespace tiaoqi::match
