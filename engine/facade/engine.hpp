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
#include "engine/search/info.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/plan.hpp"
#include "engine/search/search_state.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::facade {

// The threads a job runs on: `Threads`, but no more than the machine's
// hardware threads (all of them when the machine does not say). A thread
// beyond them only waits for a core, and with a hundred waiting the one
// that watches the clock gets its core too late to answer in time.
int running_threads(int asked, unsigned hardware_threads);

// What every search started from these options reads of them: the one
// place that copies options into a search's parameters.
search::SearchParams search_params(const EngineOptions& options);

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

// One move of an analysis: the last line the search reported for it.
struct AnalysisLine {
  Move move;
  int score = 0;
  // Simulations through the move, when the search counts them (MCTS).
  std::uint64_t visits = 0;
  std::vector<Move> pv;
};

// What analyse() found: the best moves, best first in the search's own
// order of preference (visits for MCTS, scores for the others).
struct Analysis {
  Position root;
  std::vector<AnalysisLine> lines;
  // The move the search would play (none when there is no move).
  Move best;
  // `stop` (or `quit`) ended the search before its own limit: the lines
  // are what it had found by then, perhaps fewer than asked for.
  bool stopped = false;
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
  // An analysis ends with this instead of info lines and a bestmove.
  std::function<void(const Analysis&)> analysis;
  std::function<void(const PerftReport&)> perft;
  std::function<void(const BenchLine&)> bench_position;
  std::function<void(const BenchResult&)> bench;
  // The worker has finished a job and the engine is idle again.
  std::function<void()> idle;
};

// A job was started (or a choice made) on the current game. When the rule
// options set since the game was set up make no valid game, the job runs
// on the last valid game instead, and `rules_refused` says why.
struct JobStart {
  std::optional<std::string> rules_refused;
};

struct DragonChoice {
  Hole hole = kNoHole;
  std::optional<std::string> rules_refused;
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
  // go(), analyse(), perft() and choose_dragon() do this first.
  Status apply_rule_options();

  // Starts a search of the current game; info lines and the bestmove
  // arrive through the callbacks.
  Expected<JobStart> go(const search::SearchLimits& limits);
  // Starts a search for the best `lines` moves (MultiPV for this search
  // only); the result arrives as one Analysis, without info or bestmove.
  Expected<JobStart> analyse(const search::SearchLimits& limits, int lines);
  Expected<JobStart> perft(int depth);
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
  Expected<DragonChoice> choose_dragon(int player);

 private:
  Status check_idle() const;
  // The request that rebuilds the game set by set_game().
  static PositionRequest request_for(const Game& game);
  // apply_rule_options() as a job's note.
  JobStart sync_rules();
  void start_job(std::function<void()> job);
  // `analysis_lines`: an analysis of that many moves instead of a search.
  Expected<JobStart> start_search(const search::SearchLimits& limits,
                                  std::optional<int> analysis_lines);
  void search_job(const Game& game, search::SearchLimits limits, search::SearchParams params,
                  search::SearchPlan plan, bool analysis, std::optional<search::Level> level);
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
  search::SearchState search_state_{static_cast<std::size_t>(kHashRange.default_value)};
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
