#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/report.hpp"
#include "engine/search/search_state.hpp"

namespace tiaoqi::search {

using InfoSink = std::function<void(const SearchInfo&)>;

// The algorithm a request stands for on a root of `player_count` players:
// `greedy` and `random` as asked; the crossing solver for the solitaire
// (for every other request: it finds the fewest moves, which is all that
// counts alone); `mcts` as asked; `brs` and `maxn` at three or more
// players (against one opponent both are alpha-beta); `alphabeta` and
// `paranoid` are alpha-beta for two players and paranoid alpha-beta for
// three or more; `auto` is what auto_algorithm picks.
SearchAlgorithm resolve_algorithm(SearchAlgorithm requested, int player_count);

// What `Search auto` plays for `player_count` players: the search that won
// the tournaments at that table size.
SearchAlgorithm auto_algorithm(int player_count);

// Searches `root` for its side to move with the algorithm of `params`.
// `game_history` holds the hashes of the positions before the root, for
// repetitions. In the dragons variant every algorithm but `greedy` and
// `random` is the dragons search (dragons/search.hpp), which reads the
// game that led to the root (`game`, as its player saw it) for its belief.
SearchResult run_search(const Position& root, const SearchParams& params,
                        const SearchLimits& limits, SearchControl& control, const InfoSink& info,
                        SearchState& state, const std::vector<std::uint64_t>& game_history = {},
                        const Game* game = nullptr);

// The root moves to search: every legal move, or the `searchmoves` among them.
void root_moves(const Position& root, const SearchLimits& limits, MoveList& moves);

// The score of the position after a move, from the mover's view: a decided
// game is a win or a loss in one ply, otherwise the static evaluation.
// `child` must be settled (game.hpp).
int score_after_move(const Position& child, int mover);

// In games of three or more, fills line.values with the shares its score
// and principal line stand for (shares_of_score in win_shares.hpp).
void add_score_values(SearchInfo& line);

// Reports a one-ply search's line: depth 1, one root move and its score.
void report_one_ply(const Position& root, const SearchControl& control, std::uint64_t nodes,
                    int multipv, Move move, int score, const InfoSink& info);

}  // namespace tiaoqi::search
