#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/position.hpp"
#include "engine/search/control.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/report.hpp"
#include "engine/search/tt.hpp"

namespace tiaoqi {

using InfoSink = std::function<void(const SearchInfo&)>;

// What the searches keep from one move of a game to the next; its owner
// (the Engine, bench) sizes and clears it.
struct SearchState {
  explicit SearchState(std::size_t hash_mib) : table(hash_mib) {}
  search::TranspositionTable table;
};

// The algorithm `auto` and `alphabeta` stand for on this root: alpha-beta
// for two players; the algorithms for three and more players are not
// written yet, and those games play greedy.
SearchAlgorithm resolve_algorithm(SearchAlgorithm requested, int player_count);

// Searches `root` for its side to move with the algorithm of `params`.
// `game_history` holds the hashes of the positions before the root, for
// repetitions.
SearchResult run_search(const Position& root, const SearchParams& params,
                        const SearchLimits& limits, SearchControl& control, const InfoSink& info,
                        SearchState& state, const std::vector<std::uint64_t>& game_history = {});

// The root moves to search: every legal move, or the `searchmoves` among them.
void root_moves(const Position& root, const SearchLimits& limits, MoveList& moves);

// The score of the position after a move, from the mover's view: a decided
// game is a win or a loss in one ply, otherwise the static evaluation.
// `child` must be settled (game.hpp).
int score_after_move(const Position& child, int mover);

// A well-mixed 64-bit hash (SplitMix64's finaliser), for seeded choices.
std::uint64_t mix64(std::uint64_t value);

}  // namespace tiaoqi
