#include "tools/match/match.hpp"

#include <fstream>
#include <memory>
#include <mutex>
#include <ostream>
#include <thread>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::match {

GameSummary summary_of(const GameOutcome& outcome, const GameTask& task) {
  return {task.game,         task.opening_index, task.rotation,
          task.seat_engines, outcome.standings,  outcome.record.termination};
}

Expected<MatchRun> run_match(const MatchConfig& config, const std::atomic<bool>* interrupt) {
  auto schedule = build_schedule(config.schedule);
  if (!schedule) return Error{schedule.error()};
  const std::vector<GameTask> tasks = std::move(*schedule);

  std::ofstream record_file;
  if (!config.record_path.empty()) {
    record_file.open(config.record_path, std::ios::trunc);
    if (!record_file) return fail("cannot write record file '" + config.record_path + "'");
  }

  MatchRun run;
  run.scheduled = static_cast<int>(tasks.size());
  std::vector<std::string> names;
  for (const auto& engine : config.engines) names.push_back(engine.name);
  const int players = config.referee.rules.players;
  const auto rule_options = facade::rule_option_values(config.referee.rules);

  std::atomic<bool> stop{false};
  std::atomic<std::size_t> next_task{0};
  std::mutex mutex;

  const auto worker = [&]() {
    // Engine index -> the processes of that engine this thread runs.
    std::vector<std::vector<std::unique_ptr<EngineProcess>>> pool(config.engines.size());
    while (!stop.load()) {
      const std::size_t index = next_task.fetch_add(1);
      if (index >= tasks.size()) break;
      const GameTask& task = tasks[index];
      std::vector<std::size_t> used(config.engines.size(), 0);
      std::vector<EngineProcess*> seats;
      for (int engine : task.seat_engines) {
        auto& processes = pool[static_cast<std::size_t>(engine)];
        std::size_t& k = used[static_cast<std::size_t>(engine)];
        if (k == processes.size())
          processes.push_back(
              std::make_unique<EngineProcess>(config.engines[static_cast<std::size_t>(engine)],
                                              rule_options, config.startup_ms, &stop));
        seats.push_back(processes[k++].get());
      }
      const GameOutcome outcome =
          play_game(task, config.referee, seats, &stop, [&](const std::string& message) {
            std::lock_guard lock(mutex);
            if (config.log) config.log(message);
          });
      std::lock_guard lock(mutex);
      if (!outcome.complete) continue;
      run.games.push_back(summary_of(outcome, task));
      run.records.push_back(outcome.record);
      if (record_file) record_file << tools::format_record(outcome.record) << '\n' << std::flush;
      const MatchResults now = compute_results(names, players, run.games, config.sprt, false);
      if (config.progress)
        *config.progress << '\r' << progress_line(now, run.scheduled) << "   " << std::flush;
      if (config.sprt && now.sprt.decision != SprtDecision::kContinue) {
        run.sprt_stopped = true;
        stop = true;
      }
    }
    for (auto& processes : pool)
      for (auto& process : processes) process->quit();
  };

  const int thread_count = std::max(1, config.concurrency);
  std::atomic<int> running{thread_count};
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t)
    threads.emplace_back([&]() {
      worker();
      --running;
    });
  // The main thread watches for Ctrl-C; the workers' reads give up within a
  // poll slice once `stop` is set.
  while (running.load() > 0) {
    if (interrupt && interrupt->load() && !stop.load()) {
      run.interrupted = true;
      stop = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (auto& thread : threads) thread.join();
  if (config.progress) *config.progress << '\n';
  run.results = compute_results(names, players, run.games, config.sprt);
  return run;
}

}  // namespace tiaoqi::match
