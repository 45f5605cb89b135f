#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::match {

// What limits each search: a clock per player (base + increment), a fixed
// time per move, fixed nodes or depth, in any combination.
struct TimeControl {
  long long base_ms = 0;
  long long increment_ms = 0;
  long long movetime_ms = 0;
  long long nodes = 0;
  int depth = 0;
  // An engine may overrun its time by this much before it loses on time.
  long long margin_ms = 100;
  // With neither clock nor movetime: how long to wait for a bestmove before
  // the engine counts as hung.
  long long hang_ms = 60000;

  bool has_clock() const { return base_ms > 0; }
  // Something that ends every search: a clock, a movetime, nodes or a
  // depth. A go without any is an infinite search.
  bool has_limit() const { return has_clock() || movetime_ms > 0 || nodes > 0 || depth > 0; }
  std::string describe() const;
};

// Reads "40+0.4" or "60" (seconds, increment optional).
Expected<TimeControl> parse_clock(std::string_view text, TimeControl control = {});

// The clocks of one game, kept by the runner. Each player may have a time
// control of its own (time odds: engine `tc=` in tiaoqi-match).
class GameClock {
 public:
  GameClock(const TimeControl& control, int players);
  explicit GameClock(std::vector<TimeControl> controls);

  // The go command for the player to move (0-based): every player's time
  // and increment, plus the mover's fixed limits.
  std::string go_command(int player = 0) const;
  // How long the player may think before it has lost on time (or hung).
  long long allowance_ms(int player) const;
  bool limits_time(int player = 0) const {
    const TimeControl& control = controls_[static_cast<std::size_t>(player)];
    return control.has_clock() || control.movetime_ms > 0;
  }
  // Charges a move's time; false when the player overran its allowance.
  bool charge(int player, long long elapsed_ms);
  long long left_ms(int player) const { return left_[static_cast<std::size_t>(player)]; }

 private:
  std::vector<TimeControl> controls_;
  std::vector<long long> left_;
};

}  // namespace tiaoqi::match
