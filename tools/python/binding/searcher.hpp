#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/facade/engine.hpp"
#include "engine/game.hpp"

namespace tiaoqi::python {

// How often a blocking call of the module asks Python for Ctrl-C: well
// within the tenth of a second a KeyboardInterrupt may take.
inline constexpr std::chrono::milliseconds kInterruptPoll{5};

// What one search found: the last complete report of its main line and the
// move it chose.
struct SearchOutcome {
  Move best;
  int score = 0;
  // Games of three or more: each seat's expected share of the win.
  std::vector<double> values;
  std::vector<Move> pv;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

// The facade's Engine as a blocking call: search() sets a game, starts the
// search on the engine's worker thread and waits for its move; stop() may
// come from any other thread and ends the search early. The Python module
// releases the GIL around both.
class Searcher {
 public:
  Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // An engine option of the option table (rule options come with the
  // game); on error nothing changes.
  Status set_option(std::string_view name, std::string_view value);
  const facade::Options& options() const { return options_; }

  // Searches the player to move of `game` (a player's view in the dragons
  // variant). The game must not be over. While it waits, `interrupted` is
  // asked every few milliseconds; once it says true the search is stopped
  // and its move so far returned (the module asks Python for Ctrl-C).
  Expected<SearchOutcome> search(const Game& game, const search::SearchLimits& limits,
                                 const std::function<bool()>& interrupted = {},
                                 std::chrono::milliseconds poll = kInterruptPoll);
  void stop();
  // Forget what earlier games taught the engine (its tables).
  void new_game();

 private:
  facade::Options options_;
  // Held while calling into the engine, which takes one caller at a time.
  std::mutex engine_mutex_;
  std::mutex result_mutex_;
  std::condition_variable finished_;
  bool has_best_ = false;
  SearchOutcome outcome_;
  facade::Engine engine_;
};

}  // namespace tiaoqi::python
