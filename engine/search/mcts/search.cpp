#include "engine/search/mcts/search.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <thread>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/mcts/racers.hpp"
#include "engine/search/mcts/worker.hpp"
#include "engine/search/root.hpp"
#include "engine/search/win_shares.hpp"

namespace tiaoqi::search::mcts {
namespace {

// How often (in the main thread's iterations) the clock is read.
constexpr std::uint64_t kClockInterval = 16;
constexpr std::int64_t kReportIntervalMs = 1000;
// A full tree is pruned to at most 1 / kPruneShare of its pool, before
// kPruneUntilPercent of the soft time limit, and only in a pool of at
// most kMaxPrunedMiB: a pruning cannot be stopped, and in a larger pool it
// would keep `stop` waiting longer than a fast clock can spare.
constexpr std::size_t kPruneShare = 2;
constexpr int kPruneUntilPercent = 75;
constexpr std::size_t kMaxPrunedMiB = 256;
// So the root's children always fit in what a pruning keeps.
static_assert(kMaxMoves < 1024 * 1024 / sizeof(Node) / kPruneShare);
constexpr std::uint64_t kMaxVisits = std::uint64_t{1} << 31;
// The share of the soft time limit the search for the fastest finish may take.
constexpr int kFinishTimePercent = 25;

// Reports read the tree while helper threads still search it.
double mean_of(const Node& node) {
  const std::uint32_t visits = load(node.visits);
  return visits ? static_cast<double>(load(node.reward_sum)) / kRewardUnits / visits : 0;
}

// Root children by the order the search prefers them: visits, then mean.
bool preferred(const Node& a, const Node& b) {
  if (load(a.visits) != load(b.visits)) return load(a.visits) > load(b.visits);
  return mean_of(a) > mean_of(b);
}

std::vector<std::uint32_t> ranked_root_children(const Tree& tree, const Shared& shared) {
  const Node& root = tree.node(0);
  std::vector<std::uint32_t> children;
  for (std::uint32_t i = 0; i < root.child_count; ++i)
    if (shared.root_allowed.empty() || shared.root_allowed[i])
      children.push_back(root.first_child + i);
  std::stable_sort(children.begin(), children.end(), [&](std::uint32_t a, std::uint32_t b) {
    return preferred(tree.node(a), tree.node(b));
  });
  return children;
}

// The longest start of `line` that can be played from `root`. In the
// dragons variant one tree holds the moves of worlds that differ in who has
// lost, so below such a node the most visited line may go on with a player
// who is out, or with a piece that moves out of turn, in the real game;
// and in a best-reply tree the line stops being the game's at the first
// reply by another player than the next in turn.
std::vector<Move> legal_prefix(const Position& root, std::vector<Move> line) {
  Position position = root;
  MoveList moves;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!position.is_over()) generate_moves(position, moves);
    if (position.is_over() || std::find(moves.begin(), moves.end(), line[i]) == moves.end()) {
      line.resize(i);
      break;
    }
    position.play(line[i]);
  }
  return line;
}

// From a root child down the most visited children: the nodes.
std::vector<std::uint32_t> principal_nodes(const Tree& tree, std::uint32_t child) {
  std::vector<std::uint32_t> line;
  while (true) {
    const Node& node = tree.node(child);
    line.push_back(child);
    if (!is_expanded(node) || line.size() >= 256) break;
    std::uint32_t best = node.first_child;
    for (std::uint32_t i = 1; i < node.child_count; ++i)
      if (preferred(tree.node(node.first_child + i), tree.node(best))) best = node.first_child + i;
    if (load(tree.node(best).visits) == 0) break;
    child = best;
  }
  return line;
}

// The same line as moves.
std::vector<Move> principal_line(const Tree& tree, std::uint32_t child) {
  std::vector<Move> line;
  for (const std::uint32_t node : principal_nodes(tree, child))
    line.push_back(tree.node(node).move);
  return line;
}

// The mean value vector of a root child over this search's simulations;
// the evaluation's shares after the move when it has none.
WinShares child_shares(const Position& root, const Shared& shared, std::uint32_t child) {
  const std::size_t index = child - shared.tree.node(0).first_child;
  WinShares shares{};
  double total = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    shares[p] = static_cast<double>(
        shared.root_rewards[index * kMaxPlayers + static_cast<std::size_t>(p)].load());
    total += shares[p];
  }
  if (total > 0) {
    for (double& share : shares) share /= total;
    return shares;
  }
  Position after = root;
  after.play(shared.tree.node(child).move);
  settle(after);
  return static_shares(after, shared.config.share_scale);
}

// A root move that ends the game with the side to move first alone.
std::optional<Move> immediate_win(const Position& root, const MoveList& moves) {
  for (const Move& move : moves) {
    Position after = root;
    after.play(move);
    if (wins_alone(after, root.side_to_move())) return move;
  }
  return std::nullopt;
}

// Near the end of the game, keeps among `moves` the first moves of the
// fastest finish (config.finish_moves, finish.hpp) and says whether any
// was left out. A move that wastes a tempo there costs the race, and the
// playouts' cut-off evaluation, which sums distances, cannot tell.
// It costs a few milliseconds at most, and gives up at a quarter of the
// soft time limit so that the tree keeps the rest.
bool keep_fastest_finish(const Position& root, const Config& config, const SearchControl& control,
                         FinishSearch& finish, MoveList& moves) {
  if (config.finish_moves <= 0) return false;
  const std::optional<Finish> fastest =
      finish.solve(root, config.finish_moves, config.finish_nodes, [&control](std::uint64_t) {
        return control.stopped() || control.soft_time_share_up(kFinishTimePercent);
      });
  if (!fastest) return false;
  MoveList kept;
  for (const Move& move : moves)
    if (fastest->first_moves.contains(move)) kept.add(move);
  // `searchmoves` without a fastest first move: search what was asked.
  if (kept.empty() || kept.size() == moves.size()) return false;
  moves = kept;
  return true;
}

// `go depth N`: the principal line (the most visited root move, then the
// most visited children) is N moves long, or can grow no longer: it ends
// in a finished game or (under Repetitions) a repetition's draw, or the
// tree is full.
bool depth_reached(const Position& root, const Tree& tree, const Shared& shared, int depth) {
  if (tree.full()) return true;
  const std::vector<std::uint32_t> ranked = ranked_root_children(tree, shared);
  if (ranked.empty()) return true;
  const std::vector<std::uint32_t> line = principal_nodes(tree, ranked[0]);
  if (static_cast<int>(line.size()) >= depth) return true;
  Position end = root;
  std::vector<std::uint64_t> seen{root.hash()};
  std::uint32_t parent = 0;
  for (const std::uint32_t node : line) {
    play_in_tree(tree.node(parent), tree.node(node).move, root.side_to_move(), end);
    parent = node;
    if (shared.repetition_draws && (std::find(seen.begin(), seen.end(), end.hash()) != seen.end() ||
                                    shared.occurred_before(end.hash())))
      return true;
    seen.push_back(end.hash());
    settle(end);
  }
  return end.is_over();
}

class Reporter {
 public:
  // `depth_limit`: a `go depth` search reports at most that depth, and
  // lines of at most that many moves.
  Reporter(const Position& root, const SearchParams& params, const SearchControl& control,
           const InfoSink& info, const Shared& shared, std::optional<int> depth_limit)
      : root_(root),
        params_(params),
        control_(control),
        info_(info),
        shared_(shared),
        depth_limit_(depth_limit) {}

  // The info lines of the search so far, best first (MultiPV of them).
  void report() const {
    if (!info_) return;
    // A search stopped before its first iteration has searched nothing
    // to report (its move is the first by progress, unsearched).
    const std::uint64_t iterations = shared_.completed();
    if (iterations == 0) return;
    const Tree& tree = shared_.tree;
    const std::vector<std::uint32_t> ranked = ranked_root_children(tree, shared_);
    const int lines = std::min<int>(params_.multipv, static_cast<int>(ranked.size()));
    const int players = root_.rules().player_count();
    // Every line reports the depth of the principal line (the first), as
    // the depth-first searches report the depth of their iteration.
    int depth = 0;
    for (int k = 0; k < lines; ++k) {
      SearchInfo line;
      line.root = &root_;
      line.pv = legal_prefix(root_, principal_line(tree, ranked[static_cast<std::size_t>(k)]));
      if (depth_limit_ && static_cast<int>(line.pv.size()) > *depth_limit_)
        line.pv.resize(static_cast<std::size_t>(*depth_limit_));
      if (k == 0) depth = static_cast<int>(line.pv.size());
      line.depth = depth;
      line.seldepth = std::max(depth, shared_.seldepth.load());
      line.time_ms = control_.elapsed_ms();
      line.nodes = iterations;
      line.multipv = k + 1;
      line.visits = load(tree.node(ranked[static_cast<std::size_t>(k)]).visits);
      line.hashfull = static_cast<int>(tree.used() * 1000 / tree.capacity());
      const WinShares shares = child_shares(root_, shared_, ranked[static_cast<std::size_t>(k)]);
      line.score = score_of_shares(root_, shares, root_.side_to_move(), shared_.config.share_scale);
      if (players >= 3) line.values.assign(shares.begin(), shares.begin() + players);
      info_(line);
    }
    // After every MultiPV line, so that a GUI reads the lines as one block.
    if (lines == 0) return;
    SearchInfo visits;
    visits.text = "visits " + std::to_string(load(tree.node(ranked[0]).visits)) + " of " +
                  std::to_string(load(tree.node(0).visits));
    info_(visits);
  }

  void say(const std::string& text) const {
    if (!info_) return;
    SearchInfo line;
    line.text = text;
    info_(line);
  }

 private:
  const Position& root_;
  const SearchParams& params_;
  const SearchControl& control_;
  const InfoSink& info_;
  const Shared& shared_;
  std::optional<int> depth_limit_;
};

// The soft time limit may end the search: the most visited root move is
// also the best valued among those with a tenth of its visits.
bool settled(const Tree& tree, const Shared& shared) {
  const std::vector<std::uint32_t> ranked = ranked_root_children(tree, shared);
  if (ranked.empty()) return true;
  const Node& top = tree.node(ranked[0]);
  for (std::uint32_t index : ranked) {
    const Node& other = tree.node(index);
    if (load(other.visits) * std::uint64_t{10} < load(top.visits)) break;
    if (mean_of(other) > mean_of(top)) return false;
  }
  return true;
}

SearchResult result_of(const Position& root, const SearchParams& params, const Tree& tree,
                       const Shared& shared) {
  SearchResult result;
  result.nodes = shared.completed();
  result.work = result.nodes + shared.simulated_plies() + tree.used();
  const std::vector<std::uint32_t> ranked = ranked_root_children(tree, shared);
  if (ranked.empty()) return result;
  const std::vector<Move> line = legal_prefix(root, principal_line(tree, ranked[0]));
  result.best = line.empty() ? tree.node(ranked[0]).move : line[0];
  result.score = score_of_shares(root, child_shares(root, shared, ranked[0]), root.side_to_move(),
                                 shared.config.share_scale);
  if (params.want_ponder && line.size() > 1) result.ponder = line[1];
  if (params.want_root_moves)
    for (const std::uint32_t child : ranked)
      result.root_moves.push_back(RootMove{tree.node(child).move, load(tree.node(child).visits),
                                           child_shares(root, shared, child)});
  return result;
}

}  // namespace

SearchResult search(const SearchRequest& request) {
  return mcts_search(request, request.plan.config.mcts, {});
}

// What a search's workers share besides the tree: the racers' widths,
// the best-reply tree, and the positions before the root for a
// repetition's draw.
void configure_shared(Shared& shared, const SearchRequest& request, const Config& config,
                      const Worlds& worlds, const std::vector<std::uint64_t>& earlier) {
  const Position& root = request.root();
  shared.worlds = worlds;
  shared.best_reply = config.best_reply && root.rules().player_count() >= 3 && !worlds.draw;
  const RacerTally racers =
      config.racer_share > 0
          ? tally_racers(request.game.history(), request.game.moves(), kRacerWindow)
          : RacerTally{};
  shared.opponent_widths = opponent_widths(racers, config.opponent_moves, config.racer_share);
  // The learned model, where the options ask for it and it reads this game.
  const net::Model* model = request.params.model.get();
  if (model && !worlds.draw && net::reads(root.rules()) &&
      model->covers(root.rules().player_count())) {
    shared.use_prior = config.prior_weight > 0;
    shared.use_net_value = config.net_value;
    if (shared.use_prior || shared.use_net_value) shared.model = model;
  }
  if (root.rules().options().repetitions > 0) {
    shared.repetition_draws = true;
    shared.earlier_positions = earlier;
    std::sort(shared.earlier_positions.begin(), shared.earlier_positions.end());
  }
}

// Expands the root (afresh when the kept subtree filled the pool before
// its root had children) and marks the root moves the search may play.
void expand_root(const Position& root, const MoveList& moves, bool only_these, Tree& tree,
                 Shared& shared, Worker& worker) {
  Position expanded_root = root;
  if (tree.root().state != kExpanded && !worker.expand(0, expanded_root)) {
    tree.clear();
    expanded_root = root;
    worker.expand(0, expanded_root);
  }
  const Node& root_node = tree.root();
  if (only_these) {
    shared.root_allowed.resize(root_node.child_count);
    for (std::uint32_t i = 0; i < root_node.child_count; ++i)
      shared.root_allowed[i] = moves.contains(tree.node(root_node.first_child + i).move);
  }
  shared.root_rewards.reset(
      new std::atomic<std::uint64_t>[std::size_t{root_node.child_count} * kMaxPlayers]());
}

// The workers beside the main one, each on a thread of its own that
// iterates until the search stops them (for a pruning, or at the end).
class Helpers {
 public:
  Helpers(Shared& shared, std::uint64_t seed, int thread_count) : shared_(shared) {
    for (int i = 1; i < thread_count; ++i) {
      workers_.push_back(std::make_unique<Worker>(shared, util::mix64(seed + i)));
      shared.workers.push_back(workers_.back().get());
    }
  }
  Helpers(const Helpers&) = delete;
  Helpers& operator=(const Helpers&) = delete;
  ~Helpers() { stop(); }

  void start() {
    shared_.done.store(false);
    for (const auto& worker : workers_)
      threads_.emplace_back([worker = worker.get()] {
        while (worker->iterate()) {
        }
      });
  }

  void stop() {
    shared_.done.store(true);
    for (std::thread& thread : threads_) thread.join();
    threads_.clear();
  }

 private:
  Shared& shared_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<std::thread> threads_;
};

// The tree is full: half the pool goes to the nodes visited most, the
// other half to growing on from them. A pruning walks the whole pool, but
// costs far less a node than growing the tree does: past
// kPruneUntilPercent of the soft time the rest of the search could not
// use the room, and a pruning then never risks the deadline. Says once
// which of the two happened. False when the go's node limit was met while
// the helpers stopped.
bool on_full_tree(Tree& tree, Shared& shared, Helpers& helpers, const SearchControl& control,
                  const Reporter& reporter, bool prunes, bool& told_full) {
  const std::size_t full_at = tree.used();
  const bool prune = prunes && !control.soft_time_share_up(kPruneUntilPercent);
  if (prune) {
    const std::size_t target = tree.capacity() / kPruneShare;
    helpers.stop();
    if (shared.ticket_limit && shared.tickets.load() >= *shared.ticket_limit) return false;
    tree.prune(tree.prune_threshold(target));
    helpers.start();
  }
  if (!told_full) {
    told_full = true;
    reporter.say("mcts tree full at " + std::to_string(full_at) + " nodes (Hash " +
                 std::to_string(tree.megabytes()) + " MiB): " +
                 (prune ? "it drops the subtrees of its least visited nodes and grows on"
                        : "it stops growing"));
  }
  return true;
}

// The main worker's iterations, with the clock, the reports and the full
// tree looked at every kClockInterval of them, until the search is done.
void iterate(const SearchRequest& request, Tree& tree, Shared& shared, Worker& main_worker,
             Helpers& helpers, std::uint64_t visits_left) {
  const Position& root = request.root();
  const SearchLimits& limits = request.limits;
  SearchControl& control = request.control;
  const Reporter reporter(root, request.params, control, request.info, shared, limits.depth);
  bool told_full = false;
  const bool prunes = tree.megabytes() <= kMaxPrunedMiB;
  std::int64_t next_report_ms = kReportIntervalMs;
  for (std::uint64_t own = 1; !control.stopped() && main_worker.iterate(); ++own) {
    if (limits.depth && depth_reached(root, tree, shared, *limits.depth)) break;
    if (own % kClockInterval != 0) continue;
    if (tree.full() && (!told_full || prunes) &&
        !on_full_tree(tree, shared, helpers, control, reporter, prunes, told_full))
      break;
    const std::uint64_t completed = shared.completed();
    if (control.should_stop(completed) || completed >= visits_left) break;
    if (control.soft_time_up() && settled(tree, shared)) break;
    if (control.elapsed_ms() >= next_report_ms) {
      reporter.report();
      next_report_ms = control.elapsed_ms() + kReportIntervalMs;
    }
  }
  helpers.stop();
  reporter.report();
}

SearchResult mcts_search(const SearchRequest& request, const Config& config, const Worlds& worlds) {
  State* kept = request.state.kept<State>();
  if (!kept) return greedy_search(request);
  State& state = *kept;
  const Position& root = request.root();
  const SearchParams& params = request.params;
  const SearchLimits& limits = request.limits;
  SearchResult result;
  MoveList moves;
  root_moves(root, limits, moves);
  if (moves.empty()) return result;
  if (const auto win = immediate_win(root, moves)) {
    result.best = *win;
    result.score = win_in(1);
    report_one_ply(root, request.control, 0, 1, *win, result.score, request.info);
    return result;
  }
  const bool finish_only =
      keep_fastest_finish(root, config, request.control, state.finish(), moves);

  // A `go depth` search starts afresh, so that its depth means the same
  // search every time: the same position, options and Seed give the same
  // answer, whatever was searched before.
  if (limits.depth) state.clear();
  Tree& tree = state.tree();
  state.history().age();
  const std::vector<std::uint64_t> earlier = request.game.earlier_hashes();
  state.adopt(root, earlier);
  Shared shared(root, config, tree, state.history());
  configure_shared(shared, request, config, worlds, earlier);
  const std::uint64_t seed = util::mix64(static_cast<std::uint64_t>(params.seed)) ^ root.hash();
  Worker main_worker(shared, seed);
  shared.workers.push_back(&main_worker);
  expand_root(root, moves, !limits.search_moves.empty() || finish_only, tree, shared, main_worker);
  // The go's own node limit, to the iteration. A strength level's lower
  // one (the plan's) is the control's, seen every kClockInterval
  // iterations: the levels' Elo was measured so (a level of 1 node plays
  // 16 iterations), and holding it exactly would move the ladder.
  shared.ticket_limit = limits.nodes;
  // Visit counts are 32 bits: an analysis ends itself (and then waits for
  // stop) before they could overflow, after some two billion iterations.
  const std::uint64_t visits_left =
      kMaxVisits - std::min<std::uint64_t>(tree.root().visits, kMaxVisits);
  const int thread_count = std::max(1, params.threads);
  shared.virtual_loss = thread_count > 1;

  Helpers helpers(shared, seed, thread_count);
  helpers.start();
  iterate(request, tree, shared, main_worker, helpers, visits_left);
  state.remember(root);
  return result_of(root, params, tree, shared);
}

}  // namespace tiaoqi::search::mcts
