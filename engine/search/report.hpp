#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/score.hpp"

namespace tiaoqi::search {

// One line of search progress, for the `info` output.
struct SearchInfo {
  const Position* root = nullptr;
  int depth = 0;
  int seldepth = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nodes = 0;
  int multipv = 1;
  int score = 0;
  // Permille of the transposition table in use; -1 when the search has none.
  int hashfull = -1;
  // In games of three or more: each seat's expected share of the win
  // (win_shares.hpp), read from the search's score or value vector; empty
  // with fewer players.
  std::vector<double> values;
  std::vector<Move> pv;
  // Free text for an `info string` line; when set, the fields above are
  // not shown.
  std::string text;
};

struct SearchResult {
  Move best;
  // The reply expected after `best`, in the position after it.
  Move ponder;
  int score = 0;
  std::uint64_t nodes = 0;
};

}  // namespace tiaoqi::search
