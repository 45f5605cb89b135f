#include "engine/search/solitaire/solver.hpp"

#include <algorithm>
#include <new>
#include <optional>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/solitaire/beam.hpp"
#include "engine/search/solitaire/bound.hpp"
#include "engine/search/solitaire/crossing.hpp"
#include "engine/search/solitaire/effort.hpp"
#include "engine/search/solitaire/ida.hpp"

namespace tiaoqi::search::solitaire {
namespace {

// Plays a plan from the root; true when every move is legal and the army
// arrives with the last one.
bool replays_to_arrival(const Position& root, const std::vector<Move>& moves) {
  Position position = root;
  MoveList legal;
  for (const Move& move : moves) {
    if (position.is_over()) return false;
    generate_moves(position, legal);
    if (!legal.contains(move)) return false;
    position.play(move);
    settle(position);
  }
  return position.is_over() && position.has_finished(0);
}

// A plan found earlier in this game, with the positions it passes through.
struct KeptPlan {
  RuleOptions options;
  int army = 0;
  std::vector<Bits> armies;  // before each move
  Plan plan;
};

}  // namespace

class Solver::Impl {
 public:
  explicit Impl(std::size_t table_megabytes)
      : budget_bytes_(std::max<std::size_t>(table_megabytes, 2) << 20) {
    table_.resize(budget_bytes_ / 4);
  }

  void clear() {
    table_.clear();
    kept_.reset();
  }

  Plan solve(const Position& root, const StopPoll& should_stop, const ProgressSink& on_progress);

 private:
  // Small first beam: found before the first poll.
  static constexpr int kFirstWidth = 32;

  struct Run {
    const Crossing& crossing;
    const Position& root;
    const ProgressSink& on_progress;
    Effort effort;
    Plan best;

    bool proven() const {
      return !best.moves.empty() && static_cast<int>(best.moves.size()) <= best.lower_bound;
    }
    int best_length() const {
      return best.moves.empty() ? kUnreachable : static_cast<int>(best.moves.size());
    }
    void offer(const std::vector<Move>& moves);
    void raise_lower_bound(int bound);
  };

  std::optional<Plan> from_kept_plan(const Position& root) const;
  void keep(const Crossing& crossing, const Position& root, const Plan& plan);
  void prepare_rank_bound(const Crossing& crossing);
  void run_ida(Run& run, std::uint64_t slice);
  int max_width() const;

  std::size_t budget_bytes_;
  BoundTable table_;
  RuleOptions table_options_;
  RankBound ranks_;
  Beam beam_;
  std::optional<KeptPlan> kept_;
};

void Solver::Impl::Run::offer(const std::vector<Move>& moves) {
  if (moves.empty() || static_cast<int>(moves.size()) >= best_length()) return;
  if (!replays_to_arrival(root, moves)) return;
  best.moves = moves;
  best.proven_optimal = proven();
  if (on_progress) on_progress(static_cast<int>(moves.size()), effort.nodes(), best);
}

void Solver::Impl::Run::raise_lower_bound(int bound) {
  if (bound <= best.lower_bound) return;
  best.lower_bound = std::min(bound, best_length());
  best.proven_optimal = proven();
  if (on_progress) on_progress(best.lower_bound, effort.nodes(), best);
}

int Solver::Impl::max_width() const {
  // A quarter for the table, a quarter for the rank relaxation, the rest here.
  const std::size_t beam_bytes = budget_bytes_ / 2;
  int width = kFirstWidth;
  while (static_cast<std::size_t>(width) * 2 * Beam::kBytesPerWidth <= beam_bytes) width *= 2;
  return width;
}

void Solver::Impl::prepare_rank_bound(const Crossing& crossing) {
  const auto shape = RankBound::shape_of(crossing, budget_bytes_ / 4);
  if (shape != ranks_.shape()) ranks_.reset(shape);
}

// One slice of IDA*: completes bounds upwards from the proven lower bound
// while the slice lasts; an interrupted bound is searched again next time
// (the table keeps what it learned).
void Solver::Impl::run_ida(Run& run, std::uint64_t slice) {
  run.effort.set_limit(run.effort.nodes() + slice);
  const LowerBound lower_bound{run.crossing, ranks_};
  const Bits root_bits = run.root.army(run.crossing.army).raw();
  Ida ida(run.crossing, lower_bound, table_, run.effort);
  while (!run.proven() && !run.effort.past_limit() && !run.effort.stopped()) {
    const int bound = std::max(run.best.lower_bound, 1);
    // The relaxation must know every distance up to the bound to prune well.
    if (!ranks_.extend(bound, run.effort)) break;
    if (lower_bound(root_bits) > bound) {
      run.raise_lower_bound(lower_bound(root_bits));
      continue;
    }
    const int result = ida.iterate(run.root, bound);
    if (result == Ida::kFound) {
      run.offer(ida.path());
      run.raise_lower_bound(static_cast<int>(ida.path().size()));
      break;
    }
    if (result == 0) break;
    run.raise_lower_bound(result);
  }
  run.effort.set_limit(UINT64_MAX);
}

Plan Solver::Impl::solve(const Position& root, const StopPoll& should_stop,
                         const ProgressSink& on_progress) {
  if (auto plan = from_kept_plan(root)) {
    if (on_progress) on_progress(static_cast<int>(plan->moves.size()), 0, *plan);
    return *plan;
  }
  const auto crossing = crossing_of(root);
  if (!crossing) return {};
  // The table's bounds hold for one set of rules.
  if (root.rules().options() != table_options_) table_.clear();
  table_options_ = root.rules().options();
  prepare_rank_bound(*crossing);
  Run run{*crossing, root, on_progress, Effort(should_stop), {}};
  run.best.lower_bound = LowerBound{*crossing, ranks_}(root.army(crossing->army).raw());
  if (run.best.lower_bound >= kUnreachable) return {};

  run.offer(beam_.run(*crossing, root, kFirstWidth, 0, kUnreachable, run.effort)
                .value_or(std::vector<Move>{}));
  run.effort.set_polled(true);
  const int widest = max_width();
  // No crossing exists once the lower bound reaches kUnreachable.
  for (int round = 1; !run.proven() && !run.effort.stopped() && run.best.lower_bound < kUnreachable;
       ++round) {
    const std::uint64_t before = run.effort.nodes();
    const int width = std::min(kFirstWidth << std::min(round, 20), widest);
    if (auto moves = beam_.run(*crossing, root, width, mix(round), run.best_length(), run.effort))
      run.offer(*moves);
    if (run.proven() || run.effort.stopped()) break;
    run_ida(run, std::max<std::uint64_t>(run.effort.nodes() - before, 100000));
  }
  if (!run.best.moves.empty()) keep(*crossing, root, run.best);
  return run.best;
}

std::optional<Plan> Solver::Impl::from_kept_plan(const Position& root) const {
  if (!kept_ || root.is_over() || root.rules().options() != kept_->options ||
      root.rules().player_count() != 1 || root.rules().armies_of(0) != (1u << kept_->army))
    return std::nullopt;
  const Bits bits = root.army(kept_->army).raw();
  const auto at = std::find(kept_->armies.begin(), kept_->armies.end(), bits);
  if (at == kept_->armies.end()) return std::nullopt;
  const auto done = at - kept_->armies.begin();
  Plan rest;
  rest.moves.assign(kept_->plan.moves.begin() + done, kept_->plan.moves.end());
  // A tail of a shortest crossing is a shortest crossing of its own.
  rest.proven_optimal = kept_->plan.proven_optimal;
  rest.lower_bound = std::max<int>(kept_->plan.lower_bound - static_cast<int>(done), 0);
  if (!replays_to_arrival(root, rest.moves)) return std::nullopt;
  return rest;
}

void Solver::Impl::keep(const Crossing& crossing, const Position& root, const Plan& plan) {
  KeptPlan kept{root.rules().options(), crossing.army, {}, plan};
  Bits bits = root.army(crossing.army).raw();
  for (const Move& move : plan.moves) {
    kept.armies.push_back(bits);
    bits = moved(bits, move);
  }
  kept_ = std::move(kept);
}

Solver::Solver(std::size_t table_megabytes) : impl_(std::make_unique<Impl>(table_megabytes)) {}
Solver::~Solver() = default;

std::unique_ptr<Solver> Solver::make(std::size_t table_megabytes) {
  try {
    return std::make_unique<Solver>(table_megabytes);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Plan Solver::solve(const Position& root, const StopPoll& should_stop,
                   const ProgressSink& on_progress) {
  return impl_->solve(root, should_stop, on_progress);
}

void Solver::clear() { impl_->clear(); }

}  // namespace tiaoqi::search::solitaire
