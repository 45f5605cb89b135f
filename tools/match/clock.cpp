#include "tools/match/clock.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

// Seconds a clock may hold at most: more than thirty years.
constexpr double kMaxSeconds = 1e9;

// "2.5" seconds as 2500 milliseconds.
bool parse_seconds(std::string_view text, long long& millis) {
  const auto seconds = util::to_decimal(text);
  if (!seconds || *seconds < 0 || *seconds > kMaxSeconds) return false;
  millis = std::llround(*seconds * 1000);
  return true;
}

}  // namespace

std::string TimeControl::describe() const {
  std::string text;
  const auto add = [&](const std::string& part) { text += (text.empty() ? "" : " ") + part; };
  if (has_clock())
    add("tc " + std::to_string(base_ms) + "+" + std::to_string(increment_ms) + " ms");
  if (movetime_ms) add("movetime " + std::to_string(movetime_ms) + " ms");
  if (nodes) add("nodes " + std::to_string(nodes));
  if (depth) add("depth " + std::to_string(depth));
  return text.empty() ? "none" : text;
}

Expected<TimeControl> parse_clock(std::string_view text, TimeControl control) {
  const auto plus = text.find('+');
  const std::string_view base = text.substr(0, plus);
  const std::string_view increment = plus == std::string_view::npos ? "0" : text.substr(plus + 1);
  if (!parse_seconds(base, control.base_ms) || !parse_seconds(increment, control.increment_ms))
    return fail("expected <seconds>[+<increment seconds>] such as 10+0.1, got " +
                util::quote_input(text));
  // A clock that starts empty loses every game on its first move.
  if (control.base_ms <= 0)
    return fail("the base time must be above 0 seconds (at least 0.001), got " +
                util::quote_input(text));
  return control;
}

GameClock::GameClock(const TimeControl& control, int players)
    : GameClock(std::vector<TimeControl>(static_cast<std::size_t>(players), control)) {}

GameClock::GameClock(std::vector<TimeControl> controls) : controls_(std::move(controls)) {
  for (const TimeControl& control : controls_) left_.push_back(control.base_ms);
}

std::string GameClock::go_command(int player) const {
  std::string command = "go";
  // Clocks of players without one are left out.
  for (std::size_t p = 0; p < left_.size(); ++p)
    if (controls_[p].has_clock())
      command += " p" + std::to_string(p + 1) + "time " + std::to_string(std::max(0LL, left_[p]));
  for (std::size_t p = 0; p < left_.size(); ++p)
    if (controls_[p].has_clock())
      command += " p" + std::to_string(p + 1) + "inc " + std::to_string(controls_[p].increment_ms);
  const TimeControl& mover = controls_[static_cast<std::size_t>(player)];
  if (mover.movetime_ms) command += " movetime " + std::to_string(mover.movetime_ms);
  if (mover.nodes) command += " nodes " + std::to_string(mover.nodes);
  if (mover.depth) command += " depth " + std::to_string(mover.depth);
  return command;
}

long long GameClock::allowance_ms(int player) const {
  const TimeControl& control = controls_[static_cast<std::size_t>(player)];
  long long allowance = -1;
  if (control.has_clock()) allowance = left_[static_cast<std::size_t>(player)];
  if (control.movetime_ms)
    allowance = allowance < 0 ? control.movetime_ms : std::min(allowance, control.movetime_ms);
  if (allowance < 0) return control.hang_ms;
  return allowance + control.margin_ms;
}

bool GameClock::charge(int player, long long elapsed_ms) {
  const bool in_time = elapsed_ms <= allowance_ms(player);
  const TimeControl& control = controls_[static_cast<std::size_t>(player)];
  if (control.has_clock()) {
    auto& left = left_[static_cast<std::size_t>(player)];
    left = left - elapsed_ms + control.increment_ms;
  }
  return in_time;
}

}  // namespace tiaoqi::match
