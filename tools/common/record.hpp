#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// One line of a game: a move with its full path, or a player eliminated by
// the referee (a fault, a loss on time), which is not a move.
struct RecordEvent {
  enum class Kind { kMove, kElimination };
  Kind kind = Kind::kMove;
  int player = 0;        // 1-based
  std::string text;      // the path ("k3k5i7g7") or the reason
  long long millis = 0;  // thinking time of a move
  bool operator==(const RecordEvent&) const = default;
};

// A game as written in a match's record file:
//
//   [Event "tiaoqi-match"]
//   [Date "2025-05-01 10:00:00"]
//   [Game "3"]
//   [Round "2.1"]                opening index . rotation
//   [Engines "alpha; beta"]      every engine of the match
//   [Seating "beta; alpha"]      the engine of each player, in turn order
//   [Options "Variant=standard Players=2 ..."]
//   [Opening "<position string>"]
//   [Result "2 1"]               players first to last, shared places "1=2"
//   [Termination "finished"]
//
//   1. p1 m4l5 12
//   2. p2 e14f13 8
//   x p1 illegal move 'a1a2'
//
// Games are separated by a blank line; a move line holds the ply, the
// player, the full path and the milliseconds the move took.
struct GameRecord {
  std::string event = "tiaoqi-match";
  std::string date;
  int game = 0;
  int opening_index = 0;
  int rotation = 0;
  std::vector<std::string> engines;
  std::vector<std::string> seating;
  std::string options;
  std::string opening;
  std::string result = "*";
  std::string termination;
  std::vector<RecordEvent> events;
  bool operator==(const GameRecord&) const = default;
};

std::string format_record(const GameRecord& record);
// Reads every game of a record file's text; an error names the line.
Expected<std::vector<GameRecord>> parse_records(std::string_view text);
Expected<std::vector<GameRecord>> read_record_file(const std::string& path);

// "1 2=3" from places grouped best first (0-based players), and back.
std::string format_standings(const std::vector<std::vector<int>>& standings);
Expected<std::vector<std::vector<int>>> parse_standings(std::string_view text);

}  // namespace tiaoqi::tools
