#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/score.hpp"

namespace tiaoqi::search {

class SearchControl;

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
  // Simulations through the line's first move, for a search that counts
  // them (MCTS); 0 otherwise. An analysis weighs moves by them.
  std::uint64_t visits = 0;
  // Free text for an `info string` line; when set, the fields above are
  // not shown.
  std::string text;
};

using InfoSink = std::function<void(const SearchInfo&)>;

// In games of three or more, fills line.values with the shares its score
// and principal line stand for (shares_of_score in win_shares.hpp).
void add_score_values(SearchInfo& line);

// Reports a one-ply search's line: depth 1, one root move and its score.
void report_one_ply(const Position& root, const SearchControl& control, std::uint64_t nodes,
                    int multipv, Move move, int score, const InfoSink& info);

// Reports free text (`info string ...`).
void report_text(const InfoSink& info, std::string text);

}  // namespace tiaoqi::search
