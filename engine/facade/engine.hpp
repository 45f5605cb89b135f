#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/eval.hpp"
#include "engine/facade/bench.hpp"
#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/search/control.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/report.hpp"
#include "engine/search/search.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::facade {

// What `position` asks for: the start position of the options or a
// position string, then moves (start-end or full paths).
struct PositionRequest {
  std::optional<std::string> position_string;
  // Dragons variant, with the start position: the hole where this engine's
  // own dragon starts (`position startpos dragon <hole>`).
  std::optional<std::string> dragon;
  std::vector<std::string> moves;
};

// The game a position request sets up under these rules; on error the
// message names the field or the move refused.
Expected<Game> build_game(const PositionRequest& request, const RuleOptions& rules);

struct BestMove {
  Position root;
  // None when the player to move has no move or the game is over.
  Move best;
  Move ponder;
};

struct PerftReport {
  Position root;
  std::vector<std::pair<Move, std::uint64_t>> counts;
  std::uint64_t total = 0;
  bool stopped = false;
};

// Results reach the owner through these; they run on the engine's worker
// thread, one at a time.
struct EngineCallbacks {
  std::function<void(const search::SearchInfo&)> info;
  std::function<void(const BestMove&)> bestmove;
  std::function<void(const PerftReport&)> perft;
  std::function<void(const BenchLine&)> bench_position;
  std::function<void(const BenchResult&)> bench;
  // The worker has finished a job and the engine is idle again.
  std::function<void()> idle;
};

// The engine as a library: options, the current game and one worker thread
// for searches, perft and bench. No text I/O; no state shared between
// instances, so several engines can live in one process.
//
// Every method is meant to be called from one controlling thread; only the
// callbacks run on the worker. Methods that change the game or start a job
// are refused while a job runs.
class Engine {
 public:
  explicit Engine(EngineCallbacks callbacks);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  const Options& options() const { return options_; }
  // Engine options apply at once; rule options at the next set_position()
  // or go(), where a combination that makes no valid game is refused.
  Status set_options(const Options& options);
  // A new game starts: forget anything learned about the previous one.
  Status new_game();

  Status set_position(const PositionRequest& request);
  // Takes a game as it stands, played under the current rule options, with
  // its history (repetitions, the dragons search's belief read the whole
  // game): what set_position would build from the game's first position
  // and its moves, without replaying them. Rule options changed later
  // replay it as they replay a position request.
  Status set_game(const Game& game);
  const Game& game() const { return *game_; }
  // The rule options the current game was set up under.
  const RuleOptions& game_rules() const { return game_rules_; }

  // When the rule options changed since the game was set up, replays the
  // last position request under them; on error the last valid game stays.
  // go() and perft() do this first (and run on the last valid game when it
  // fails); call it before them to learn of the error.
  Status apply_rule_options();

  // Starts a search of the current game; results arrive through callbacks.
  Status go(const search::SearchLimits& limits);
  Status perft(int depth);
  Status bench(int depth);

  // Stops the running job and waits until its result has been delivered.
  void stop();
  // The expected move was played: the search goes on, now on the clock.
  void ponderhit();
  // Waits until the running job ends by itself.
  void wait();
  bool busy() const;
  // A search that ends only on stop() (infinite, pondering, or no limit).
  bool waits_for_stop() const;

  EvalTerms evaluate() const;

  // Dragons variant, at the start: the hole of `player`'s piece to make its
  // dragon (a considered, varied choice; the same Seed gives the same
  // sequence of choices).
  Expected<Hole> choose_dragon(int player);

 private:
  Status check_idle() const;
  // The request that rebuilds the game set by set_game().
  static PositionRequest request_for(const Game& game);
  void start_job(std::function<void()> job);
  void search_job(Position root, std::shared_ptr<const Rules> rules, search::SearchLimits limits,
                  search::SearchParams params, std::vector<std::uint64_t> game_history,
                  const Game* game);
  void finish_job();

  EngineCallbacks callbacks_;
  Options options_;
  std::optional<Game> game_;
  RuleOptions game_rules_;
  PositionRequest last_request_;
  // The game came from set_game(): last_request_ is made from it when
  // needed (most games set so are searched and replaced, never replayed).
  bool request_from_game_ = false;

  // The transposition table and whatever else searches keep between moves;
  // only the worker touches it while a job runs.
  search::SearchState search_state_{EngineOptions{}.hash_mib};
  search::SearchControl control_;
  std::thread worker_;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  bool busy_ = false;
  // The search holds its bestmove until stop (infinite) or ponderhit.
  bool hold_for_stop_ = false;
  bool hold_for_ponderhit_ = false;
  bool stop_requested_ = false;
  // Dragon choices made so far, so that choices vary from game to game.
  std::uint64_t dragon_choices_ = 0;
  // Read by perft and bench, which have no SearchControl.
  std::atomic<bool> job_stop_{false};
};

}  // namespace tiaoqi::facade
