#include "engine/search/mcts/worker.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/brs.hpp"
#include "engine/search/movepick.hpp"

namespace tiaoqi::search::mcts {
namespace {

// Expansion's order of the children as one integer: the gain descending
// (biased to stay positive), then the start and end holes ascending.
constexpr int kGainBias = 1 << 12;
static_assert(sizeof(Hole) == 1, "sort_key packs each hole into 8 bits");
static_assert(kGainBias > Rules::kMaxTipDistance, "a biased gain stays positive");
std::uint32_t sort_key(Move move, int gain) {
  return static_cast<std::uint32_t>(kGainBias - gain) << 16 |
         static_cast<std::uint32_t>(move.from) << 8 | move.to;
}
Move move_of_key(std::uint32_t key) {
  return {static_cast<Hole>(key >> 8 & 0xff), static_cast<Hole>(key & 0xff)};
}

// 1 / sqrt(n) for the visit counts most nodes have, computed once.
double inverse_root(double n) {
  static constexpr int kTabled = 4096;
  static const auto kTable = [] {
    std::array<double, kTabled> table{};
    for (int i = 1; i < kTabled; ++i) table[static_cast<std::size_t>(i)] = 1 / std::sqrt(i);
    return table;
  }();
  return n < kTabled ? kTable[static_cast<std::size_t>(n)] : 1 / std::sqrt(n);
}

}  // namespace

int play_in_tree(const Node& parent, Move move, int root_player, Position& position) {
  if (!(load(parent.flags) & kReplies)) {
    const int mover = position.side_to_move();
    position.play(move);
    return mover;
  }
  const int mover = position.rules().player_of(position.army_at(move.from));
  play_best_reply(position, move, root_player);
  return mover;
}

std::uint64_t Shared::completed() const {
  std::uint64_t total = 0;
  for (const Worker* worker : workers) total += worker->iterations();
  return total;
}

std::uint64_t Shared::simulated_plies() const {
  std::uint64_t total = 0;
  for (const Worker* worker : workers) total += worker->simulated_plies();
  return total;
}

bool Shared::occurred_before(std::uint64_t hash) const {
  return std::binary_search(earlier_positions.begin(), earlier_positions.end(), hash);
}

bool Worker::repeats(const Position& position) const {
  const std::uint64_t hash = position.hash();
  return std::find(path_hashes_.begin(), path_hashes_.end(), hash) != path_hashes_.end() ||
         shared_.occurred_before(hash);
}

Worker::Worker(Shared& shared, std::uint64_t seed) : shared_(shared), random_(seed) {
  path_.reserve(256);
  if (shared.use_prior) {
    prior_moves_.resize(kMaxMoves);
    prior_values_.resize(kMaxMoves);
  }
  path_hashes_.reserve(256);
  trace_.reserve(kFullPlayout + 256);
}

bool Worker::expand(std::uint32_t index, Position& position) {
  Tree& tree = shared_.tree;
  Node& node = tree.node(index);
  std::uint8_t leaf = kLeaf;
  if (!shared(node.state).compare_exchange_strong(leaf, kExpanding, std::memory_order_acquire))
    return false;
  MoveList moves;
  bool replies = false;
  if (!position.is_over() && replies_at(position)) {
    generate_best_replies(position, shared_.root.side_to_move(), moves);
    replies = !moves.empty();
  }
  if (!replies && !position.is_over()) generate_moves(position, moves);
  while (moves.empty() && !position.is_over()) {
    position.eliminate_side_to_move();
    shared(node.flags).fetch_or(kSettles, std::memory_order_relaxed);
    if (!position.is_over()) generate_moves(position, moves);
  }
  const std::uint32_t block = moves.empty() ? Tree::kNoNode : tree.allocate(moves.size());
  if (block == Tree::kNoNode) {
    shared(node.state).store(kLeaf, std::memory_order_release);
    return false;
  }
  // Most progress first, then by start and end hole: a total order, so
  // that a search replays exactly. Each move's gain is found once and
  // packed with its holes into one integer key that sorts in that order
  // (comparing gains inside the sort made expansion a fifth of the time).
  std::array<std::uint32_t, kMaxMoves> keys;
  const int count = moves.size();
  for (int i = 0; i < count; ++i)
    keys[static_cast<std::size_t>(i)] = sort_key(moves[i], progress_gain(position, moves[i]));
  std::sort(keys.begin(), keys.begin() + count);
  for (int i = 0; i < count; ++i) {
    Node& child = tree.node(block + static_cast<std::uint32_t>(i));
    child = Node{};
    child.move = move_of_key(keys[static_cast<std::size_t>(i)]);
  }
  node.first_child = block;
  node.child_count = static_cast<std::uint16_t>(count);
  if (replies) shared(node.flags).fetch_or(kReplies, std::memory_order_relaxed);
  shared(node.state).store(kExpanded, std::memory_order_release);
  return true;
}

void Worker::give_priors(Node& node, const Position& position) {
  if (shared(node.flags).fetch_or(kPriorClaimed, std::memory_order_relaxed) & kPriorClaimed) return;
  Tree& tree = shared_.tree;
  const std::uint32_t first = node.first_child;
  const int count = node.child_count;
  for (int i = 0; i < count; ++i)
    prior_moves_[static_cast<std::size_t>(i)] =
        tree.node(first + static_cast<std::uint32_t>(i)).move;
  net::prior(*shared_.model, position, prior_moves_.data(), count, reading_, prior_values_.data());
  for (int i = 0; i < count; ++i)
    tree.set_prior(first + static_cast<std::uint32_t>(i),
                   prior_values_[static_cast<std::size_t>(i)]);
  shared(node.flags).fetch_or(kPriorReady, std::memory_order_release);
}

Outcome Worker::simulate(Position& position) {
  const Config& config = shared_.config;
  if (!shared_.use_net_value)
    return play_out(position, config.playout_plies, config.epsilon, config.share_scale, random_,
                    trace_);
  return play_out_with<PieceMoveList>(
      position, config.playout_plies, random_, trace_,
      [&config](const Position& at, const PieceMoveList& moves, util::Random& draw) {
        return playout_move(at, moves, config.epsilon, draw);
      },
      [this](const Position& at) {
        if (at.is_over()) return final_outcome(at);
        return outcome_of_log_shares(at, net::log_shares(*shared_.model, at, reading_));
      });
}

bool Worker::moves_of(const Node& node, const Position& position) const {
  const int army = position.army_at(shared_.tree.node(node.first_child).move.from);
  return army >= 0 && position.rules().player_of(army) == position.side_to_move();
}

bool Worker::replies_at(const Position& position) const {
  const int searching = shared_.root.side_to_move();
  return shared_.best_reply && position.side_to_move() != searching &&
         !position.is_eliminated(searching);
}

std::uint32_t Worker::select(std::uint32_t parent_index, int player) {
  const Config& config = shared_.config;
  const Tree& tree = shared_.tree;
  const Node& parent = tree.node(parent_index);
  const bool replies = load(parent.flags) & kReplies;
  const std::uint32_t first = parent.first_child;
  // The others' moves of most progress alone, when the model says so
  // (the children are in that order: expand()).
  const bool other_player = !replies && player != shared_.root.side_to_move();
  const int width = other_player ? shared_.opponent_widths[static_cast<std::size_t>(player)] : 0;
  const int count = width > 0 ? std::min<int>(parent.child_count, width) : parent.child_count;
  const bool at_root = parent_index == 0 && !shared_.root_allowed.empty();

  // An unvisited child is taken to be as good as its visited siblings.
  std::uint64_t visited_sum = 0, visited = 0;
  for (int i = 0; i < count; ++i) {
    const Node& child = tree.node(first + static_cast<std::uint32_t>(i));
    visited_sum += load(child.reward_sum);
    visited += load(child.visits);
  }
  const double first_play =
      visited ? static_cast<double>(visited_sum) / kRewardUnits / static_cast<double>(visited)
              : 0.5;
  const std::uint32_t parent_visits = load(parent.visits) + load(parent.in_flight);
  const double root_log = std::sqrt(std::log(static_cast<double>(parent_visits) + 1));
  const double exploration = config.exploration * root_log;
  // PUCT's term c P sqrt(N) / (n + 1), with the prior P of the learned
  // policy; 0 without one (and in a best-reply node, whose moves are the
  // opponents').
  // (Without a model no node is ever marked: the flags are not read.)
  const bool prior_ready =
      shared_.use_prior &&
      (shared(const_cast<std::uint8_t&>(parent.flags)).load(std::memory_order_acquire) &
       kPriorReady);
  const std::uint32_t prior_visits =
      config.prior_cap > 0 ? std::min(parent_visits, static_cast<std::uint32_t>(config.prior_cap))
                           : parent_visits;
  const double prior_scale =
      prior_ready && !replies ? config.prior_weight * std::sqrt(static_cast<double>(prior_visits))
                              : 0.0;

  double best_score = -1e300;
  std::uint32_t best = first;
  for (int i = 0; i < count; ++i) {
    if (at_root && !shared_.root_allowed[static_cast<std::size_t>(i)]) continue;
    const Node& child = tree.node(first + static_cast<std::uint32_t>(i));
    const std::uint32_t visits = load(child.visits) + load(child.in_flight);
    // A move never played yet has no advantage either way. Best replies
    // go without the bonus: they are valued against the root player, while
    // the history holds each player's own reward.
    const double history =
        replies ? 0.0
                : config.history_weight *
                      (shared_.history.mean(player, child.move, first_play) - first_play);
    double score;
    if (visits == 0) {
      score = first_play + exploration + history;
    } else {
      const double n = visits;
      const double mean = static_cast<double>(load(child.reward_sum)) / kRewardUnits / n;
      score = mean + exploration * inverse_root(n + 1) + history / ((1 - mean) * n + 1);
    }
    if (prior_scale > 0)
      score += prior_scale * tree.prior(first + static_cast<std::uint32_t>(i)) / (visits + 1);
    if (score > best_score) {
      best_score = score;
      best = first + static_cast<std::uint32_t>(i);
    }
  }
  return best;
}

bool Worker::iterate() {
  if (shared_.done.load(std::memory_order_relaxed)) return false;
  if (shared_.ticket_limit &&
      shared_.tickets.fetch_add(1, std::memory_order_relaxed) >= *shared_.ticket_limit) {
    shared_.done.store(true, std::memory_order_relaxed);
    return false;
  }
  Tree& tree = shared_.tree;
  const Config& config = shared_.config;
  const bool virtual_loss = shared_.virtual_loss;
  Position position = shared_.root;
  if (shared_.worlds.draw) shared_.worlds.draw(position, random_);
  path_.clear();
  trace_.clear();
  const bool repetition_draws = shared_.repetition_draws;
  if (repetition_draws) path_hashes_.assign(1, position.hash());
  bool repeated = false;
  if (virtual_loss) shared(tree.root().in_flight).fetch_add(1, std::memory_order_relaxed);

  std::uint32_t current = 0;
  // One new node an iteration: the simulation starts from the child the
  // expansion offers.
  bool expanded = false;
  while (true) {
    Node& node = tree.node(current);
    // The root comes settled (a kept root may still carry the flag).
    if (current != 0 && (load(node.flags) & kSettles)) settle(position);
    if (position.is_over()) break;
    if (shared(node.state).load(std::memory_order_acquire) != kExpanded) {
      const bool ripe = load(node.visits) + 1 >= static_cast<std::uint32_t>(config.expand_visits);
      if (expanded || !ripe || tree.full() || !expand(current, position)) break;
      expanded = true;
    }
    const std::uint8_t flags = load(node.flags);
    const bool replies = flags & kReplies;
    const int searching = shared_.root.side_to_move();
    if (shared_.use_prior && !replies && !(flags & kPriorClaimed) &&
        (config.prior_others || position.side_to_move() == searching) &&
        load(node.visits) >= static_cast<std::uint32_t>(config.prior_visits))
      give_priors(node, position);
    const int player = replies ? searching : position.side_to_move();
    // Worlds differ in who has lost, hence in who moves next: children
    // made in a world where another player moves here are not this
    // world's moves, and the iteration simulates from the node instead.
    if (shared_.worlds.draw && !moves_of(node, position)) break;
    const std::uint32_t child = select(current, player);
    Node& next = tree.node(child);
    // The next selection reads the child's children: start fetching them
    // while the move is played.
    if (is_expanded(next)) {
      const char* block = reinterpret_cast<const char*>(&tree.node(next.first_child));
      for (int line = 0; line < 4; ++line) __builtin_prefetch(block + 64 * line);
    }
    if (virtual_loss) shared(next.in_flight).fetch_add(1, std::memory_order_relaxed);
    path_.push_back({child, player, replies});
    trace_.push_back({play_in_tree(node, next.move, searching, position), next.move});
    current = child;
    if (repetition_draws) {
      if (repeats(position)) {
        repeated = true;
        break;
      }
      path_hashes_.push_back(position.hash());
    }
  }
  const int depth = static_cast<int>(path_.size());
  int deepest = shared_.seldepth.load(std::memory_order_relaxed);
  while (depth > deepest && !shared_.seldepth.compare_exchange_weak(deepest, depth)) {
  }

  if (repeated) position.end_in_draw();
  Outcome outcome;
  if (position.is_over()) {
    outcome = final_outcome(position);
  } else if (shared_.worlds.simulate) {
    outcome.win = outcome.ahead = shared_.worlds.simulate(position, random_, trace_);
  } else {
    outcome = simulate(position);
  }
  back_up(outcome);
  iterations_.store(iterations_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  plies_.store(plies_.load(std::memory_order_relaxed) + trace_.size(), std::memory_order_relaxed);
  return true;
}

void Worker::back_up(const Outcome& outcome) {
  const WinShares rewards = learned_reward(outcome, shared_.config.win_weight);
  Tree& tree = shared_.tree;
  const bool virtual_loss = shared_.virtual_loss;
  auto units = [](double reward) {
    return static_cast<std::uint64_t>(std::lround(reward * kRewardUnits));
  };
  Node& root = tree.root();
  shared(root.visits).fetch_add(1, std::memory_order_relaxed);
  if (virtual_loss) shared(root.in_flight).fetch_sub(1, std::memory_order_relaxed);
  for (const Step& step : path_) {
    Node& node = tree.node(step.node);
    const double reward = step.against ? 1 - rewards[step.mover] : rewards[step.mover];
    shared(node.reward_sum).fetch_add(units(reward), std::memory_order_relaxed);
    shared(node.visits).fetch_add(1, std::memory_order_relaxed);
    if (virtual_loss) shared(node.in_flight).fetch_sub(1, std::memory_order_relaxed);
  }
  if (!path_.empty()) {
    const std::size_t child = path_.front().node - root.first_child;
    for (int p = 0; p < kMaxPlayers; ++p)
      shared_.root_rewards[child * kMaxPlayers + static_cast<std::size_t>(p)].fetch_add(
          units(outcome.win[p]), std::memory_order_relaxed);
  }
  for (const PlayedMove& played : trace_)
    shared_.history.add(played.player, played.move, rewards[played.player]);
}

}  // namespace tiaoqi::search::mcts
