#include "engine/facade/engine.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"
#include "engine/search/dragons/choice.hpp"
#include "engine/search/registry.hpp"
#include "engine/util/hash.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::facade {

int running_threads(int asked, unsigned hardware_threads) {
  if (hardware_threads == 0) return asked;
  return std::min(asked, static_cast<int>(hardware_threads));
}

search::SearchParams search_params(const EngineOptions& options) {
  search::SearchParams params;
  params.search = options.search;
  params.multipv = options.multipv;
  params.threads = running_threads(options.threads, std::thread::hardware_concurrency());
  params.hash_mib = options.hash_mib;
  params.seed = options.seed;
  params.dragon_belief = options.dragon_belief;
  params.want_ponder = options.ponder;
  params.tunables = options.tunables;
  params.model = options.model;
  return params;
}

Engine::Engine(EngineCallbacks callbacks) : callbacks_(std::move(callbacks)) {
  // The default options always make a valid game.
  auto game = build_game(last_request_, options_.rules);
  if (!game) std::abort();
  game_.emplace(std::move(*game));
  game_rules_ = options_.rules;
}

Engine::~Engine() { stop(); }

Status Engine::check_idle() const {
  std::lock_guard lock(mutex_);
  if (busy_) return fail("the engine is busy with a search, perft or bench; send stop first");
  return Done{};
}

Status Engine::set_options(const Options& options) {
  if (auto idle = check_idle(); !idle) return idle;
  if (options.engine.hash_mib != options_.engine.hash_mib &&
      !search_state_.resize(static_cast<std::size_t>(options.engine.hash_mib)))
    return fail("Hash " + std::to_string(options.engine.hash_mib) +
                " MiB cannot be allocated; the table stays at " +
                std::to_string(search_state_.hash_mib()) + " MiB");
  options_ = options;
  return Done{};
}

Status Engine::new_game() {
  if (auto idle = check_idle(); !idle) return idle;
  // The seeded searches draw from the position, so only the table remembers
  // anything of the previous game.
  search_state_.clear();
  return Done{};
}

Expected<Game> build_game(const PositionRequest& request, const RuleOptions& rules) {
  auto setup = request.position_string ? parse_position_string(*request.position_string, rules)
                                       : start_setup(rules);
  if (!setup) {
    if (request.position_string) return Error{setup.error()};
    return fail("the options make no valid game: " + setup.error());
  }
  if (request.dragon) {
    if (rules.variant != Variant::kDragons)
      return fail("'dragon' names a dragon of Variant dragons; set that variant first");
    if (request.position_string)
      return fail("'dragon' goes with startpos; a position string marks dragons in upper case");
    const auto hole = setup->position.geometry().parse_hole(*request.dragon);
    if (!hole)
      return fail("dragon " + util::quote_input(*request.dragon) + " is not a hole of this board");
    if (setup->position.army_at(*hole) < 0)
      return fail("dragon " + setup->position.geometry().name(*hole) +
                  " is not a piece's hole at the start: a dragon starts in its player's home");
    setup->position.set_dragon(*hole, true);
  }
  Game game(std::move(*setup));
  const std::size_t count = request.moves.size();
  for (std::size_t i = 0; i < count; ++i) {
    auto played = game.play(request.moves[i]);
    if (!played)
      return fail("move " + std::to_string(i + 1) + " of " + std::to_string(count) +
                  " refused: " + played.error());
  }
  return game;
}

Status Engine::set_position(const PositionRequest& request) {
  if (auto idle = check_idle(); !idle) return idle;
  auto game = build_game(request, options_.rules);
  if (!game) return Error{game.error()};
  game_.emplace(std::move(*game));
  game_rules_ = options_.rules;
  last_request_ = request;
  request_from_game_ = false;
  return Done{};
}

PositionRequest Engine::request_for(const Game& game) {
  PositionRequest request;
  request.position_string = position_string(game.history().front());
  const Geometry& geometry = game.rules().geometry();
  for (std::size_t i = 0; i < game.moves().size(); ++i)
    request.moves.push_back(
        marked_move(move_ends_text(geometry, game.moves()[i]), game.marks()[i]));
  return request;
}

Status Engine::set_game(const Game& game) {
  if (auto idle = check_idle(); !idle) return idle;
  game_.emplace(game);
  game_rules_ = options_.rules;
  request_from_game_ = true;
  return Done{};
}

Status Engine::apply_rule_options() {
  if (auto idle = check_idle(); !idle) return idle;
  if (options_.rules == game_rules_) return Done{};
  if (request_from_game_) {
    last_request_ = request_for(*game_);
    request_from_game_ = false;
  }
  auto game = build_game(last_request_, options_.rules);
  if (!game) return Error{game.error()};
  game_.emplace(std::move(*game));
  game_rules_ = options_.rules;
  return Done{};
}

void Engine::start_job(std::function<void()> job) {
  if (worker_.joinable()) worker_.join();
  worker_ = std::thread(std::move(job));
}

JobStart Engine::sync_rules() {
  JobStart start;
  if (auto applied = apply_rule_options(); !applied) start.rules_refused = applied.error();
  return start;
}

Expected<JobStart> Engine::go(const search::SearchLimits& limits) {
  return start_search(limits, std::nullopt);
}

Expected<JobStart> Engine::analyse(const search::SearchLimits& limits, int lines) {
  return start_search(limits, std::max(lines, 1));
}

Expected<JobStart> Engine::start_search(const search::SearchLimits& limits,
                                        std::optional<int> analysis_lines) {
  if (auto idle = check_idle(); !idle) return Error{idle.error()};
  const JobStart start = sync_rules();

  const Position& root = game_->position();
  const int player = root.side_to_move();
  search::SearchParams params = search_params(options_.engine);
  params.multipv = analysis_lines.value_or(options_.engine.multipv);
  params.want_ponder = options_.engine.ponder && !analysis_lines;
  // A level below full strength (not for analysis, which asks for the
  // engine's own view) searches at most its nodes, then chooses as it does.
  std::optional<search::Level> level;
  if (options_.engine.limit_strength && !analysis_lines)
    level = search::level_at_elo(options_.engine.elo);
  // The go planned once: what it plays, with which parameters, its clock
  // and its node limit.
  const search::SearchPlan plan =
      search::plan_search(root, params, limits, options_.engine.move_overhead_ms,
                          level ? std::optional<std::uint64_t>(level->nodes) : std::nullopt);
  control_.start(plan.budget, plan.nodes, limits.ponder, limits.received);
  {
    std::lock_guard lock(mutex_);
    busy_ = true;
    stop_requested_ = false;
    job_stop_.store(false);
    // A finished game has no move to search for: every go answers at once,
    // `infinite` and `ponder` too, as docs/protocol.md says.
    const bool over = root.is_over();
    hold_for_stop_ = !over && (limits.infinite || !limits.ends_by_itself(player));
    hold_for_ponderhit_ = !over && limits.ponder;
  }
  // The game itself, not a copy: nothing changes it while a job runs
  // (check_idle), and the search is over before bestmove releases the
  // engine.
  start_job([this, limits, params, plan, game = &*game_, analysis = analysis_lines.has_value(),
             level]() mutable { search_job(*game, limits, params, plan, analysis, level); });
  return start;
}

namespace {

// Keeps the last line of each multipv index that an analysis reports.
class AnalysisCollector {
 public:
  explicit AnalysisCollector(int lines) : lines_(static_cast<std::size_t>(lines)) {}

  void add(const search::SearchInfo& info) {
    if (!info.text.empty() || info.pv.empty() || info.multipv < 1 ||
        info.multipv > static_cast<int>(lines_.size()))
      return;
    lines_[static_cast<std::size_t>(info.multipv - 1)] =
        AnalysisLine{info.pv.front(), info.score, info.visits, info.pv};
  }

  // The lines in the search's order (multipv 1 first), each move once;
  // when the search reported none, the best move alone with no score.
  std::vector<AnalysisLine> lines(Move best) const {
    std::vector<AnalysisLine> kept;
    for (const auto& line : lines_) {
      if (!line) continue;
      const bool seen = std::any_of(kept.begin(), kept.end(),
                                    [&](const AnalysisLine& k) { return k.move == line->move; });
      if (!seen) kept.push_back(*line);
    }
    if (kept.empty() && !best.is_none()) kept.push_back(AnalysisLine{best, 0, 0, {best}});
    return kept;
  }

 private:
  std::vector<std::optional<AnalysisLine>> lines_;
};

}  // namespace

void Engine::search_job(const Game& game, search::SearchLimits limits, search::SearchParams params,
                        search::SearchPlan plan, bool analysis,
                        std::optional<search::Level> level) {
  const Position& root = game.position();
  AnalysisCollector collector(params.multipv);
  const search::InfoSink collect = [&collector](const search::SearchInfo& info) {
    collector.add(info);
  };
  const search::SearchRequest request{
      game, params, limits, plan, control_, analysis ? collect : callbacks_.info, search_state_};
  search::SearchResult result = search::run_search(request);
  if (level) {
    const Move chosen = search::choose_at_level(root, limits, *level, result.best, params.seed);
    if (chosen != result.best) result.ponder = Move{};
    result.best = chosen;
  }
  {
    // UCI: after infinite or ponder, bestmove waits for stop or ponderhit.
    std::unique_lock lock(mutex_);
    released_.wait(lock,
                   [this] { return stop_requested_ || (!hold_for_stop_ && !hold_for_ponderhit_); });
  }
  if (analysis) {
    bool stopped = false;
    {
      std::lock_guard lock(mutex_);
      stopped = stop_requested_;
    }
    if (callbacks_.analysis)
      callbacks_.analysis(Analysis{root, collector.lines(result.best), result.best, stopped});
  } else {
    // Whatever a search found, `ponder` is only named when Ponder is on,
    // and only at two players: at more, the next reply is not the position
    // the engine moves in again, and a `go ponder` on it would search for
    // another seat (docs/protocol.md, `Ponder`).
    const bool two_players = root.rules().player_count() == 2;
    const Move ponder = params.want_ponder && two_players ? result.ponder : Move{};
    if (callbacks_.bestmove) callbacks_.bestmove(BestMove{root, result.best, ponder});
  }
  finish_job();
}

Expected<JobStart> Engine::perft(int depth) {
  if (auto idle = check_idle(); !idle) return Error{idle.error()};
  const JobStart start = sync_rules();
  {
    std::lock_guard lock(mutex_);
    busy_ = true;
    stop_requested_ = false;
    job_stop_.store(false);
    hold_for_stop_ = hold_for_ponderhit_ = false;
  }
  start_job(
      [this, root = Position(game_->position()), rules = game_->shared_rules(), depth,
       threads = running_threads(options_.engine.threads, std::thread::hardware_concurrency())] {
        (void)rules;
        PerftDivide divide = perft_divide(root, depth, &job_stop_, threads);
        if (callbacks_.perft)
          callbacks_.perft(PerftReport{divide.root_after_eliminations, std::move(divide.counts),
                                       divide.total, divide.stopped});
        finish_job();
      });
  return start;
}

Status Engine::bench(int depth) {
  if (auto idle = check_idle(); !idle) return idle;
  {
    std::lock_guard lock(mutex_);
    busy_ = true;
    stop_requested_ = false;
    job_stop_.store(false);
    hold_for_stop_ = hold_for_ponderhit_ = false;
  }
  // The options in force, the search's parameters among them, so that
  // the signature is that of the searches as they are set (run_bench
  // fixes the seed and MultiPV).
  const search::SearchParams params = search_params(options_.engine);
  start_job([this, depth, params] {
    const BenchResult result = run_bench(depth, params, job_stop_, callbacks_.bench_position);
    if (callbacks_.bench) callbacks_.bench(result);
    finish_job();
  });
  return Done{};
}

void Engine::finish_job() {
  {
    std::lock_guard lock(mutex_);
    busy_ = false;
  }
  if (callbacks_.idle) callbacks_.idle();
}

void Engine::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = true;
  }
  control_.stop();
  job_stop_.store(true);
  released_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void Engine::ponderhit() {
  {
    std::lock_guard lock(mutex_);
    if (!busy_ || !hold_for_ponderhit_) return;
    hold_for_ponderhit_ = false;
    control_.ponderhit();
  }
  released_.notify_all();
}

void Engine::wait() {
  if (worker_.joinable()) worker_.join();
}

bool Engine::busy() const {
  std::lock_guard lock(mutex_);
  return busy_;
}

bool Engine::waits_for_stop() const {
  std::lock_guard lock(mutex_);
  return busy_ && !stop_requested_ && (hold_for_stop_ || hold_for_ponderhit_);
}

Expected<DragonChoice> Engine::choose_dragon(int player) {
  if (auto idle = check_idle(); !idle) return Error{idle.error()};
  const JobStart start = sync_rules();
  const Position& position = game_->position();
  if (!position.rules().dragons()) return fail("a dragon exists only in Variant dragons");
  if (position.move_count() != 0 || game_->moves().size() != 0)
    return fail("a dragon is chosen at the start (after 'position startpos'), not after moves");
  if (player < 0 || player >= position.rules().player_count() || position.is_eliminated(player))
    return fail("player " + std::to_string(player + 1) + " is not in this game");
  // Seed 0 asks for a fresh draw every game; another Seed replays its draws.
  const std::uint64_t base =
      options_.engine.seed != 0
          ? static_cast<std::uint64_t>(options_.engine.seed)
          : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  const Hole hole = search::dragons::choose_dragon(
      position, player, base ^ util::mix64(++dragon_choices_ + 31 * player));
  return DragonChoice{hole, start.rules_refused};
}

EvalTerms Engine::evaluate() const {
  const Position& position = game_->position();
  return evaluate_terms(position, position.side_to_move());
}

}  // namespace tiaoqi::facade
