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
  // A move's comment, without its braces: "book" for a move of the
  // opening, else the engine's last score and depth and the time taken
  // ("+0.35/12 0.14s"); empty when there is none.
  std::string comment;
  bool is_book() const { return kind == Kind::kMove && comment == kBookComment; }
  static constexpr std::string_view kBookComment = "book";
  bool operator==(const RecordEvent&) const = default;
};

// A game as written in a match's record file:
//
//   [Event "tiaoqi-match"]
//   [Date "2025-05-01 10:00:00"]
//   [Game "3"]                   counted from 1
//   [Round "1.0"]                opening index . game of the opening, from 0
//   [Engines "alpha; beta"]      every engine of the match
//   [Seating "beta; alpha"]      the engine of each player, in turn order
//   [Options "Variant=standard Players=2 ..."]
//   [Opening "<position string>"]  where the opening's moves begin
//   [Dragons "m1 c11 l12"]       dragons variant: each player's dragon at
//                                the start, in turn order (the whole truth)
//   [Result "2 1"]               players first to last, shared places "1=2"
//   [Termination "p2 reached its target"]
//
//   1. p1 m4l5 0 {book}
//   2. p2 e14f13 0 {book}
//   3. p1 k3k5i7g7 140 {+0.35/12 0.14s}
//   x p2 illegal move 'a1a2'
//
// Games are separated by a blank line; a move line holds the ply (counted
// on from the move count of the Opening position), the player, the full
// path, the milliseconds the move took and an optional comment in braces.
// In the dragons variant a path carries the referee's marks ("k3i5*",
// "g11e13#"), as the engines received it.
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
  std::string dragons;  // empty outside the dragons variant
  std::string result = "*";
  std::string termination;
  std::vector<RecordEvent> events;
  bool operator==(const GameRecord&) const = default;
};

// The Termination of a game the runner ended as a draw by the engines'
// scores (the rules had not ended it): every player shares first place.
inline constexpr std::string_view kDrawAdjudication = "adjudicated: draw";

// The Date tag of a game that starts now: "2025-05-01 10:00:00", local time.
std::string record_date_now();

std::string format_record(const GameRecord& record);
// Games as a record file holds them: each one's text and a blank line.
std::string format_records(const std::vector<GameRecord>& records);
// The ply number of a game's first line: one past the move count of its
// Opening position string (1 when the string has none).
int first_ply_number(const GameRecord& record);
// Reads every game of a record file's text; an error names the line.
Expected<std::vector<GameRecord>> parse_records(std::string_view text);
Expected<std::vector<GameRecord>> read_record_file(const std::string& path);

// "1 2=3" from places grouped best first (0-based players), and back.
std::string format_standings(const std::vector<std::vector<int>>& standings);
Expected<std::vector<std::vector<int>>> parse_standings(std::string_view text);

}  // namespace tiaoqi::tools
