#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/position_string.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi {

// Applies the one end-of-game rule that needs the move generator: while the
// side to move has no legal move, it loses (is eliminated).
void settle(Position& position);

// The Repetitions rule over a game: every position reached is added, the
// one the game was set up from first; a position (the same pieces on the
// same holes, the same player to move) that comes for the N-th time under
// `Repetitions N` draws the game, and add() then ends it so. Games, the
// match runner's referee and its replay of records all count with this.
class RepetitionCount {
 public:
  // Counts `position` and, when it draws the game, ends it in a draw.
  void add(Position& position);
  // Forgets `position`, the last one added (a move taken back).
  void take_back(const Position& position);

 private:
  std::vector<std::uint64_t> seen_;
};

// A game in progress: the rules, the positions reached and the moves played.
class Game {
 public:
  explicit Game(GameSetup setup);

  const Rules& rules() const { return *rules_; }
  std::shared_ptr<const Rules> shared_rules() const { return rules_; }
  const Position& position() const { return history_.back(); }
  const std::vector<Position>& history() const { return history_; }
  const std::vector<Move>& moves() const { return moves_; }
  // The hashes of the positions before the current one, oldest first.
  std::vector<std::uint64_t> earlier_hashes() const;

  // Parses and plays a move; on error the game is unchanged. In the dragons
  // variant the move may carry the referee's marks ('*', '#'), which must
  // agree with the dragons this game knows.
  Expected<Move> play(std::string_view move_text);
  // Plays a move already known to be legal (and its marks).
  void play(Move move, DragonMarks marks = {});
  // Takes back the last move; false (and nothing changes) at the start.
  bool undo();
  // The marks each move carried (all false outside the dragons variant).
  const std::vector<DragonMarks>& marks() const { return marks_; }

 private:
  std::shared_ptr<const Rules> rules_;
  std::vector<Position> history_;
  std::vector<Move> moves_;
  std::vector<DragonMarks> marks_;
  RepetitionCount repetitions_;
};

// A game that starts at `position`, with no moves before it, for a search
// of a bare position (bench, tests). The caller keeps the position's rules
// alive while the game lives.
Game game_at(const Position& position);

}  // namespace tiaoqi
