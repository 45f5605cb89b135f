#include "tools/match/match.hpp"

#include <fstream>
#include <memory>
#include <mutex>
#include <ostream>
#include <thread>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

// What the worker threads share; `mutex` guards `run` and the files.
struct SharedRun {
  SharedRun(const MatchConfig& match, const std::vector<GameTask>& schedule)
      : config(match),
        tasks(schedule),
        rule_options(facade::rule_option_values(match.referee.rules)) {
    for (const auto& engine : match.engines) names.push_back(engine.name);
  }

  const MatchConfig& config;
  const std::vector<GameTask>& tasks;
  std::vector<std::string> names;
  std::vector<std::pair<std::string, std::string>> rule_options;
  std::ofstream record_file;
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> next_task{0};
  std::mutex mutex;
  MatchRun run;
};

// The engine processes one thread runs, by engine index, reused from game
// to game.
class EnginePool {
 public:
  explicit EnginePool(SharedRun& shared) : shared_(shared), pool_(shared.config.engines.size()) {}
  ~EnginePool() {
    for (auto& processes : pool_)
      for (auto& process : processes) process->quit();
  }

  // A process for every seat of the game; copies of one engine get one each.
  std::vector<EngineProcess*> seats_for(const GameTask& task) {
    std::vector<std::size_t> used(pool_.size(), 0);
    std::vector<EngineProcess*> seats;
    for (int engine : task.seat_engines) {
      const auto index = static_cast<std::size_t>(engine);
      auto& processes = pool_[index];
      if (used[index] == processes.size())
        processes.push_back(
            std::make_unique<EngineProcess>(shared_.config.engines[index], shared_.rule_options,
                                            shared_.config.startup_ms, &shared_.stop));
      seats.push_back(processes[used[index]++].get());
    }
    return seats;
  }

 private:
  SharedRun& shared_;
  std::vector<std::vector<std::unique_ptr<EngineProcess>>> pool_;
};

// Counts a finished game, writes its record and the progress line, and
// stops the match when the SPRT is decided. Called under the mutex.
void count_game(SharedRun& shared, const GameOutcome& outcome, const GameTask& task) {
  const MatchConfig& config = shared.config;
  MatchRun& run = shared.run;
  run.games.push_back(summary_of(outcome, task));
  run.records.push_back(outcome.record);
  if (shared.record_file)
    shared.record_file << tools::format_record(outcome.record) << '\n' << std::flush;
  const MatchResults now =
      compute_results(shared.names, config.referee.rules.players, run.games, config.sprt, false);
  if (config.progress)
    *config.progress << '\r' << progress_line(now, run.scheduled) << "   " << std::flush;
  if (config.sprt && now.sprt.decision != SprtDecision::kContinue) {
    run.sprt_stopped = true;
    shared.stop = true;
  }
}

// One worker thread: takes the next game of the schedule until none is
// left or the match stops.
void play_games(SharedRun& shared) {
  EnginePool pool(shared);
  const FaultLog log = [&](const std::string& message) {
    std::lock_guard lock(shared.mutex);
    if (shared.config.log) shared.config.log(message);
  };
  while (!shared.stop.load()) {
    const std::size_t index = shared.next_task.fetch_add(1);
    if (index >= shared.tasks.size()) break;
    const GameTask& task = shared.tasks[index];
    const GameOutcome outcome =
        play_game(task, shared.config.referee, pool.seats_for(task), &shared.stop, log);
    std::lock_guard lock(shared.mutex);
    if (outcome.complete) count_game(shared, outcome, task);
  }
}

}  // namespace

GameSummary summary_of(const GameOutcome& outcome, const GameTask& task) {
  return {task.game,         task.opening_index, task.rotation,
          task.seat_engines, outcome.standings,  outcome.record.termination};
}

Expected<MatchRun> run_match(const MatchConfig& config, const std::atomic<bool>* interrupt) {
  auto schedule = build_schedule(config.schedule);
  if (!schedule) return Error{schedule.error()};
  const std::vector<GameTask> tasks = std::move(*schedule);
  SharedRun shared(config, tasks);
  if (!config.record_path.empty()) {
    shared.record_file.open(config.record_path, std::ios::trunc);
    if (!shared.record_file)
      return fail("cannot write record file " + util::quote_input(config.record_path, 200));
  }
  shared.run.scheduled = static_cast<int>(tasks.size());

  const int thread_count = std::max(1, config.concurrency);
  std::atomic<int> running{thread_count};
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t)
    threads.emplace_back([&]() {
      play_games(shared);
      --running;
    });
  // The main thread watches for Ctrl-C; the workers' reads give up within a
  // poll slice once `stop` is set.
  while (running.load() > 0) {
    if (interrupt && interrupt->load() && !shared.stop.load()) {
      shared.run.interrupted = true;
      shared.stop = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (auto& thread : threads) thread.join();
  if (config.progress) *config.progress << '\n';
  MatchRun run = std::move(shared.run);
  run.results = compute_results(shared.names, config.referee.rules.players, run.games, config.sprt);
  return run;
}

}  // namespace tiaoqi::match
