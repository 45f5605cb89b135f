#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/limits.hpp"
#include "engine/util/spin_range.hpp"

namespace tiaoqi::search {

// A playing strength below the full one (options UCI_LimitStrength and
// UCI_Elo; docs/levels.md). A weaker player looks less far ahead, picks
// among the moves that look good rather than always the best one, and now
// and then plays a move without thinking; a level is those three amounts.
// It never plays like a broken engine: from "casual" up it makes no move
// away from its target unless the search chose it or no other move exists.
struct Level {
  // What the page and the docs call it.
  std::string_view name;
  // Its UCI_Elo: a rating at two players on the public rating list's
  // scale (Search random 0), fitted once; the standing list rates the
  // levels now (docs/levels.md).
  int elo = 0;
  // The search's budget a move (its nodes; MCTS iterations).
  std::uint64_t nodes = 1;
  // The chance of a move drawn among all legal moves, unthought.
  double random_share = 0;
  // The spread of the choice among the moves, in centi-steps: each move's
  // one-ply score counts as a weight exp(score / temperature).
  double temperature = 1;
  // What the searched move is worth, in centi-steps above the best one-ply
  // score: the more, the more often the level plays what it searched.
  double search_bonus = 0;
  // No move away from the target (see above).
  bool forward_only = false;
};

// The levels from the weakest up, their Elo rising; full strength is
// UCI_LimitStrength false and is not a row.
const std::vector<Level>& levels();

// UCI_Elo's range (the table's ends) and its default (a level in the
// middle, for a person who only turns UCI_LimitStrength on).
SpinRange elo_range();

// The level at an Elo inside elo_range(): a row of the table, or between
// two rows the amounts interpolated (the node budget and the temperature on
// a log scale, the others linearly), named after the row below.
Level level_at_elo(int elo);

// The move a level plays, given the move its search chose (Move{} when the
// search had none): a draw seeded by `seed` and the position, so that one
// thread and one Seed replay a game. The move is one of root_moves().
Move choose_at_level(const Position& root, const SearchLimits& limits, const Level& level,
                     Move searched, std::int64_t seed);

}  // namespace tiaoqi::search
