#pragma once

#include <optional>

#include "engine/search/request.hpp"

namespace tiaoqi::search {

// Under EqualTurns a game ends at the end of the round in which a player
// has finished, so once one has (or the side to move can, with this
// move), the result is decided within the round's last few plies: the
// player to move shares first place, is first alone, or is not first,
// whatever any search would make of the position's evaluation.
//
// Proves that result the way paranoid reads a game (the others play
// against the player to move) by a search of the round's plies alone,
// whose leaves are finished games; a round that ends with nobody finished
// leaves the result open. A reply that leaves the player to move not
// first ends an opponent's look at once, so a lost position costs about
// the root's moves times the plies left. The proof gives up (nullopt)
// past kRoundEndNodes, when stopped, or past a quarter of the soft time,
// and also when it proves nothing: the search played then searches.
//
// What it answers is every search's answer there, reported as the
// alpha-beta reports a forced result (`score win|loss <plies>`, or `cp 0`
// for a shared first place), with MultiPV lines ranked by their result.
inline constexpr std::uint64_t kRoundEndNodes = 20'000;

// True when the rules end the game at the end of this round: EqualTurns
// (not EqualTurnsAtOnce, a two-player rule of its own), the game not
// over, and a player still in has finished or the side to move can
// finish with one move.
bool round_may_end(const Position& root);

std::optional<SearchResult> prove_round_end(const SearchRequest& request);

}  // namespace tiaoqi::search
