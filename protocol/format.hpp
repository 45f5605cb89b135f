#pragma once

#include <string>
#include <vector>

#include "engine/facade/engine.hpp"

namespace tiaoqi::protocol {

// "cp 25", "win 1", "loss 3".
std::string score_text(int score);
// Full shortest paths of a line of moves from `root`, separated by spaces.
std::string pv_text(const Position& root, const std::vector<Move>& pv);

// How a protocol writes a score and a line of moves in its info lines.
struct InfoWords {
  std::string (*score)(int score) = score_text;
  std::string (*pv)(const Position& root, const std::vector<Move>& pv) = pv_text;
};
std::string info_line(const search::SearchInfo& info, const InfoWords& words = {});
std::string bestmove_line(const facade::BestMove& best);
// A move as a dialect writes it where the shared commands list moves.
using MoveText = std::string (*)(const Position& root, Move move);
// "<move>: <count>" per root move, then "Nodes searched: <total>". The
// moves are their start-end text in ASCII order, or with `move_text`
// that dialect's text in the order of the holes' numbers (start, then
// end).
std::vector<std::string> perft_lines(const facade::PerftReport& report,
                                     MoveText move_text = nullptr);
std::vector<std::string> bench_lines(const facade::BenchResult& result);
// "info string bench position <i> (<name>): nodes <n>, best <move>".
std::string bench_position_line(const facade::BenchLine& line);
// "legal <m> <m> ...": start-end moves in ASCII order.
std::string legal_line(const Position& position);
// "status running" or "status over 2 1=3": players numbered from
// first_player (1 in our protocol, 0 in CCP).
std::string status_line(const Position& position, int first_player = 1);
// "level <name> elo <elo>" per level below full strength, weakest first.
std::vector<std::string> level_lines();
std::vector<std::string> eval_lines(const Position& position, const EvalTerms& terms);

// The armies of a player as letters ("ab").
std::string armies_text(const Rules& rules, int player);

}  // namespace tiaoqi::protocol
