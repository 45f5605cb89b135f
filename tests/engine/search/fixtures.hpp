#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "engine/position_string.hpp"
#include "engine/search/net/model.hpp"
#include "engine/search/registry.hpp"

namespace tiaoqi::search::testing {

// Positions and a search runner that the search tests share.

// One search through the dispatcher with a state of its own, as the engine
// runs it, with the info lines it printed.
struct SearchRun {
  SearchResult result;
  std::vector<SearchInfo> infos;
};

struct RunOptions {
  // Alpha-beta (paranoid at three or more players) unless a test asks for
  // another: the searches' own tests name theirs.
  std::string_view search = "alphabeta";
  std::optional<std::uint64_t> nodes;
  std::optional<int> depth;
  int threads = 1;
  std::int64_t seed = 0;
  std::size_t hash_mib = 16;
  // The parameters set by options (search/config.hpp); none: auto.
  Tunables tunables{};
  // The learned model (MctsPrior, MctsNetValue read it); none by default.
  std::shared_ptr<const net::Model> model;
  // A `stop` that came before the search started.
  bool stopped = false;
};

SearchRun run(const Game& game, const RunOptions& options, SearchState* state = nullptr);
// The same from a bare position (game_at): no moves before it.
SearchRun run(const Position& root, const RunOptions& options, SearchState* state = nullptr);

// The index of the parameter of that option name in Tunables (a test
// failure when there is none).
std::size_t index_of_parameter(std::string_view name);

// The root after the search's move (settled).
Position after_best(const Position& root, const SearchRun& run);

// The info lines that are not free text.
std::vector<SearchInfo> search_lines(const SearchRun& run);

// Whether `player` has a move that ends the game with it first, alone.
bool can_win_at_once(const Position& position, int player);

// The searches a user can ask for by name (the Search option's values,
// from the table of searches: a new row is tested by every test that
// loops over them).
std::vector<std::string_view> requestable_searches();

// On the small board (BoardSize 2) with `players` players: player 1 (army
// a) fills its target with one step; the other armies stay home (or, when
// their home is a's target, keep one piece far off in the hexagon).
GameSetup one_step_from_winning(int players);

// Three players on the small board, player 1 to move: player `threat`
// (2 or 3, 1-based) fills its target by jumping over a piece of player 1,
// which can step aside.
GameSetup jump_threat(int threat);

}  // namespace tiaoqi::search::testing
