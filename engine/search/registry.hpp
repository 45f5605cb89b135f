#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/search/request.hpp"

namespace tiaoqi::search {

// How a search works, where that matters outside it: bench searches the
// depth-first ones to a depth, and an answer at once replaces any search
// but a one-ply one.
enum class SearchFamily : std::uint8_t {
  // Iterative deepening to a depth (alpha-beta, paranoid, best-reply, max^n).
  kDepthFirst,
  // Monte Carlo tree search.
  kTree,
  // One look at every root move (greedy, random).
  kOnePly,
  // Solves what it plays (the solitaire's crossing).
  kSolver,
  // Plays another search, chosen by the table size (auto).
  kChoice,
};

// One search, as one row of the table that everything else reads: the
// Search option's values, what `d` says is played, the dispatcher and
// bench. A new search is a file (or folder) with its entry, and a row.
struct SearchKind {
  std::string_view name;
  SearchFamily family = SearchFamily::kDepthFirst;
  // A value of the Search option; the others are only ever played in place
  // of one (the solitaire's crossing solver, the dragons' search).
  bool selectable = true;
  // Plays every game itself: neither the solitaire nor the dragons variant
  // puts another search in its place (greedy, random).
  bool plays_any_game = false;
  // A pure race (race.hpp) is played by the race solver before it searches.
  bool plays_races = false;
  // Its parameters are resolved for a tree of best replies (mctsbrs).
  bool best_reply_tree = false;
  // The name of the search it plays at a table of `players` (two or more)
  // when that is another one; empty: itself. Null: always itself.
  std::string_view (*plays)(int players) = nullptr;
  // Its entry; null for a search that only ever plays another (auto).
  SearchResult (*run)(const SearchRequest& request) = nullptr;
};

// Every search, the Search option's values first in the order `uci` lists
// them.
const std::vector<SearchKind>& search_kinds();

// The search of that name, as the table spells it; null when there is none.
const SearchKind* find_search(std::string_view name);

// What a request for `asked` plays in a game of `players` players (in the
// dragons variant when `dragons`): `asked` itself, the search its row names
// for that table size, the solitaire's solver at one player, or the
// dragons' search, except for those that play every game themselves.
const SearchKind& played_search(const SearchKind& asked, int players, bool dragons);

// The part of a plan that the options alone decide: what `search` plays
// at a table of `players` (in the dragons variant when `dragons`), its
// parameters and whether the race solver goes first; no budget or limit.
// `d` prints it.
SearchPlan plan_played(std::string_view search, int players, bool dragons,
                       const Tunables& tunables);

// Plans a search of `root` once: what `params.search` plays there, the
// parameters for the table size, the time budget (with `move_overhead_ms`)
// and the node limit, the go's or `node_cap` when lower (a strength
// level's).
SearchPlan plan_search(const Position& root, const SearchParams& params, const SearchLimits& limits,
                       int move_overhead_ms, std::optional<std::uint64_t> node_cap = std::nullopt);

// Searches the request's root with what its plan plays there. With almost
// no time left, the answer is one ply deep, at once.
SearchResult run_search(const SearchRequest& request);

}  // namespace tiaoqi::search
