#include "tools/match/match.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <set>
#include <thread>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"
#include "tools/common/text_file.hpp"
#include "tools/match/progress.hpp"

namespace tiaoqi::match {
namespace {

// The record file, written in game order: a finished game waits until
// every game before it in this run's schedule has been written or cut
// short; at the end the games still waiting are written in order.
class OrderedRecord {
 public:
  OrderedRecord(const std::string& path, bool append, const std::vector<GameTask>& tasks)
      : path_(path) {
    for (const auto& task : tasks) order_.push_back(task.game);
    if (!path.empty()) file_.open(path, append ? std::ios::app : std::ios::trunc);
  }

  bool is_open() const { return file_.is_open() && static_cast<bool>(file_); }

  void add(const tools::GameRecord& record) {
    waiting_[record.game] = record;
    while (next_ < order_.size() && waiting_.count(order_[next_])) {
      write(waiting_[order_[next_]]);
      waiting_.erase(order_[next_]);
      ++next_;
    }
  }
  // A game that will not finish (cut short): the next ones need not wait.
  void flush() {
    for (const auto& [game, record] : waiting_) write(record);
    waiting_.clear();
    next_ = order_.size();
  }
  const std::string& error() const { return error_; }

 private:
  void write(const tools::GameRecord& record) {
    if (!file_.is_open()) return;
    file_ << tools::format_records({record}) << std::flush;
    if (!file_ && error_.empty())
      error_ = "cannot write game " + std::to_string(record.game) + " to the record file " +
               util::quote_input(path_, 200);
  }

  std::string path_;
  std::ofstream file_;
  std::vector<int> order_;
  std::size_t next_ = 0;
  std::map<int, tools::GameRecord> waiting_;
  std::string error_;
};

// What the worker threads share; `mutex` guards `run`, the record and the
// progress.
struct SharedRun {
  SharedRun(const MatchConfig& match, const std::vector<GameTask>& schedule)
      : config(match),
        tasks(schedule),
        rule_options(facade::rule_option_values(match.referee.rules)),
        record(match.record_path, match.append_record, schedule) {
    for (const auto& engine : match.engines) names.push_back(engine.name);
  }

  const MatchConfig& config;
  const std::vector<GameTask>& tasks;
  std::vector<std::string> names;
  std::vector<std::pair<std::string, std::string>> rule_options;
  OrderedRecord record;
  std::unique_ptr<Progress> progress;
  std::atomic<bool> stop{false};
  std::atomic<bool> abort{false};
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
      for (auto& process : processes) {
        if (shared_.abort.load())
          process->kill();
        else
          process->quit();
      }
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

// Rewrites a record file with its games in game order.
Status sort_record_file(const std::string& path) {
  auto records = tools::read_record_file(path);
  if (!records) return Error{records.error()};
  std::stable_sort(records->begin(), records->end(),
                   [](const auto& a, const auto& b) { return a.game < b.game; });
  return tools::replace_text_file(path, tools::format_records(*records), "record file");
}

// A shard's samples are only a part of the test's: the test is decided
// over the merged shards (merge --sequential, in opening order), so a
// shard plays its whole block whatever its own samples say.
bool stops_on_sprt(const MatchConfig& config) {
  return config.sprt && config.schedule.shard_count == 1;
}

MatchResults results_now(const SharedRun& shared, bool with_ratings) {
  return compute_results(shared.names, shared.config.referee.rules.players, shared.run.games,
                         shared.config.sprt, with_ratings);
}

// Counts a finished game, writes its record and the progress, and stops
// the match when the SPRT is decided. Called under the mutex.
void count_game(SharedRun& shared, const GameOutcome& outcome, const GameTask& task) {
  const MatchConfig& config = shared.config;
  MatchRun& run = shared.run;
  run.games.push_back(summary_of(outcome, task));
  run.records.push_back(outcome.record);
  shared.record.add(outcome.record);
  const bool report_due = shared.progress && config.report_every > 0 &&
                          (run.games.size() - static_cast<std::size_t>(run.carried)) %
                                  static_cast<std::size_t>(config.report_every) ==
                              0;
  const MatchResults now = results_now(shared, report_due);
  if (shared.progress) shared.progress->finished(run.games.back(), shared.names, now);
  if (stops_on_sprt(config) && now.sprt.decision != SprtDecision::kContinue) {
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
    if (shared.progress) {
      std::lock_guard lock(shared.mutex);
      shared.progress->started(task, shared.names);
    }
    const GameOutcome outcome =
        play_game(task, shared.config.referee, pool.seats_for(task), &shared.stop, log);
    std::lock_guard lock(shared.mutex);
    if (outcome.complete) count_game(shared, outcome, task);
  }
}

}  // namespace

SignalAction signal_action(StopRequest current, long long since_first_ns) {
  if (current == StopRequest::kNone) return SignalAction::kStop;
  if (since_first_ns < kSignalGraceNs) return SignalAction::kNothing;
  return current == StopRequest::kStop ? SignalAction::kAbort : SignalAction::kDefault;
}

GameSummary summary_of(const GameOutcome& outcome, const GameTask& task) {
  return {task.game,         task.opening_index,         task.rotation,  task.seat_engines,
          outcome.standings, outcome.record.termination, outcome.faults, outcome.move_times};
}

Status check_engines(MatchConfig& config, const std::atomic<int>* stop) {
  const auto rule_options = facade::rule_option_values(config.referee.rules);
  // Reads give up once a signal asks the runner to stop.
  std::atomic<bool> cancel{false};
  std::atomic<bool> checking{true};
  std::thread watch([&]() {
    while (checking.load()) {
      if (stop && stop->load() != static_cast<int>(StopRequest::kNone)) cancel = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  Status status = Done{};
  config.option_types.clear();
  for (const auto& engine : config.engines) {
    auto types = check_engine(engine, rule_options, config.startup_ms, &cancel);
    if (!types) {
      status = Error{types.error()};
      break;
    }
    config.option_types.push_back(std::move(*types));
    if (cancel.load()) break;
  }
  checking = false;
  watch.join();
  return status;
}

Expected<MatchRun> run_match(const MatchConfig& config, const std::atomic<int>* stop) {
  auto schedule = build_schedule(config.schedule);
  if (!schedule) return Error{schedule.error()};
  const int scheduled = static_cast<int>(schedule->size());
  // The games an earlier run finished are not played again.
  std::set<int> carried_games;
  for (const auto& game : config.carried) carried_games.insert(game.game);
  std::vector<GameTask> tasks;
  for (auto& task : *schedule)
    if (!carried_games.count(task.game)) tasks.push_back(std::move(task));
  SharedRun shared(config, tasks);
  if (!config.record_path.empty() && !shared.record.is_open())
    return fail("cannot write the record file " + util::quote_input(config.record_path, 200));
  shared.run.scheduled = scheduled;
  shared.run.carried = static_cast<int>(config.carried.size());
  shared.run.games = config.carried;
  if (config.progress)
    shared.progress =
        std::make_unique<Progress>(*config.progress, config.progress_terminal, config.report_every,
                                   scheduled, shared.run.carried);
  // The carried games may have decided the SPRT already.
  if (stops_on_sprt(config) &&
      results_now(shared, false).sprt.decision != SprtDecision::kContinue) {
    shared.run.sprt_stopped = true;
    shared.stop = true;
  }

  const int thread_count =
      std::max(1, std::min(config.concurrency, static_cast<int>(tasks.size())));
  std::atomic<int> running{thread_count};
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t)
    threads.emplace_back([&]() {
      play_games(shared);
      --running;
    });
  // The main thread watches for signals; the workers' reads give up within
  // a poll slice once `stop` is set.
  bool interrupted = false;
  while (running.load() > 0) {
    const int request = stop ? stop->load() : 0;
    if (request != static_cast<int>(StopRequest::kNone)) {
      interrupted = true;
      if (request == static_cast<int>(StopRequest::kAbort)) shared.abort = true;
      shared.stop = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (auto& thread : threads) thread.join();
  shared.record.flush();
  if (shared.progress) shared.progress->done();
  MatchRun run = std::move(shared.run);
  run.interrupted = interrupted && !run.sprt_stopped;
  run.record_error = shared.record.error();
  run.results = compute_results(shared.names, config.referee.rules.players, run.games, config.sprt);
  // A resumed run appended its games after the earlier ones: the file is
  // put back in game order.
  if (config.append_record && !run.records.empty() && run.record_error.empty()) {
    auto sorted = sort_record_file(config.record_path);
    if (!sorted) run.record_error = sorted.error();
  }
  return run;
}

}  // namespace tiaoqi::match
