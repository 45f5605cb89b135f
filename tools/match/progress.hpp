#pragma once

#include <chrono>
#include <iosfwd>
#include <string>
#include <vector>

#include "tools/match/results.hpp"
#include "tools/match/schedule.hpp"

namespace tiaoqi::match {

// What a person watching a match reads on standard error: a line for every
// game started and finished, every `report_every` games the full table
// with the time elapsed and an estimate of the time left, and, on a
// terminal only, a status line kept under them. Anything else (a pipe, a
// file) gets plain lines only.
class Progress {
 public:
  Progress(std::ostream& out, bool terminal, int report_every, int scheduled, int carried);

  void started(const GameTask& task, const std::vector<std::string>& names);
  void finished(const GameSummary& game, const std::vector<std::string>& names,
                const MatchResults& now);
  // Clears the status line at the end.
  void done();

  // "1:02:03" or "2:03".
  static std::string duration_text(std::chrono::seconds duration);
  // "Finished game 12 (new vs base): 1-0 {p2 reached its target}": engines
  // in seat order; for two players 1-0, 0-1 or 1/2-1/2 seen from p1, else
  // the places from first to last.
  static std::string finished_line(const GameSummary& game, const std::vector<std::string>& names);

 private:
  std::string status() const;
  void clear_status();
  void show_status();

  std::ostream& out_;
  bool terminal_;
  int report_every_;
  int scheduled_;
  int carried_;
  int finished_ = 0;  // in this run
  std::string score_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tiaoqi::match
