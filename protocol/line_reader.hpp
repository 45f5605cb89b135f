#pragma once

#include <chrono>
#include <cstddef>
#include <istream>
#include <optional>
#include <string>

namespace tiaoqi::protocol {

// Input lines are refused beyond this length; a `position ... moves` line
// of a 10000-ply game with full paths stays well below it.
inline constexpr std::size_t kMaxInputLine = 1024 * 1024;

struct InputLine {
  // The line without its end (\n, \r\n); empty when too long.
  std::string text;
  // When its end was read: a `go`'s clock runs from here, however long the
  // line waited behind others.
  std::chrono::steady_clock::time_point received{};
  bool too_long = false;
  // The length the line had, counted up to the limit plus one.
  std::size_t length = 0;
};

// Reads lines with bounded memory: a line over the limit is skipped to its
// end and reported as too long instead of being stored.
class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t limit = kMaxInputLine)
      : in_(in), limit_(limit) {}
  // The next line, or nullopt at the end of the input.
  std::optional<InputLine> next();

 private:
  std::istream& in_;
  std::size_t limit_;
};

}  // namespace tiaoqi::protocol
