#include "tools/python/binding/searcher.hpp"

#include <chrono>
#include <string>

#include "tools/python/binding/option_names.hpp"

namespace tiaoqi::python {

Searcher::Searcher()
    : engine_([this] {
        facade::EngineCallbacks callbacks;
        callbacks.info = [this](const search::SearchInfo& info) {
          // Free text and the other lines of MultiPV are not the main line.
          if (!info.text.empty() || info.multipv != 1) return;
          std::lock_guard lock(result_mutex_);
          outcome_.score = info.score;
          outcome_.values = info.values;
          outcome_.pv = info.pv;
          outcome_.depth = info.depth;
          outcome_.nodes = info.nodes;
          outcome_.time_ms = info.time_ms;
        };
        callbacks.bestmove = [this](const facade::BestMove& best) {
          std::lock_guard lock(result_mutex_);
          outcome_.best = best.best;
          has_best_ = true;
          finished_.notify_all();
        };
        return callbacks;
      }()) {}

Status Searcher::set_option(std::string_view name, std::string_view value) {
  const facade::OptionSpec* spec = facade::find_option(name);
  if (spec && spec->is_rule)
    return fail(std::string(spec->name) +
                " is a rule option: a search plays under the rules of the position it searches");
  facade::Options options = options_;
  if (auto set = facade::set_option(options, name, value); !set) return set;
  std::lock_guard engine_lock(engine_mutex_);
  if (auto applied = engine_.set_options(options); !applied) return applied;
  options_ = options;
  return Done{};
}

Expected<SearchOutcome> Searcher::search(const Game& game, const search::SearchLimits& limits,
                                         const std::function<bool()>& interrupted,
                                         std::chrono::milliseconds poll) {
  if (game.position().is_over()) return fail("the game is over: there is no move to search");
  {
    std::lock_guard engine_lock(engine_mutex_);
    facade::Options options = options_;
    options.rules = rule_options_of(game.rules());
    if (auto set = engine_.set_options(options); !set) return Error{set.error()};
    if (auto set = engine_.set_game(game); !set) return Error{set.error()};
    {
      std::lock_guard lock(result_mutex_);
      has_best_ = false;
      outcome_ = SearchOutcome{};
    }
    if (auto started = engine_.go(limits); !started) return Error{started.error()};
  }
  bool stopped = false;
  for (;;) {
    {
      std::unique_lock lock(result_mutex_);
      if (finished_.wait_for(lock, poll, [this] { return has_best_; })) break;
    }
    if (!stopped && interrupted && interrupted()) {
      stop();
      stopped = true;
    }
  }
  std::lock_guard engine_lock(engine_mutex_);
  engine_.wait();
  std::lock_guard lock(result_mutex_);
  return outcome_;
}

void Searcher::stop() {
  std::lock_guard engine_lock(engine_mutex_);
  engine_.stop();
}

void Searcher::new_game() {
  std::lock_guard engine_lock(engine_mutex_);
  engine_.new_game();
}

}  // namespace tiaoqi::python
