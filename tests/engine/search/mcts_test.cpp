#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/position_string.hpp"
#include "engine/search/brs.hpp"
#include "engine/search/mcts/history.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/search/mcts/search.hpp"
#include "engine/search/mcts/tree.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/net/embedded.hpp"
#include "engine/search/registry.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search::mcts {
namespace {

using search::testing::RunOptions;

RuleOptions players(int count) {
  RuleOptions options;
  options.players = count;
  return options;
}

RunOptions mcts_run(std::uint64_t iterations, int threads = 1) {
  RunOptions options;
  options.search = "mcts";
  options.nodes = iterations;
  options.threads = threads;
  return options;
}

// Every node below `index`, depth first, as (move, visits, reward sum);
// with `min_visits`, what prune(min_visits) should leave: only the
// children of the nodes visited at least that often (the root always).
using Signature = std::vector<std::tuple<int, int, std::uint32_t, std::uint64_t>>;

void sign(const Tree& tree, std::uint32_t index, Signature& out, std::uint32_t min_visits = 0) {
  const Node& node = tree.node(index);
  if (node.state != kExpanded || (index != 0 && node.visits < min_visits)) return;
  for (std::uint32_t i = 0; i < node.child_count; ++i) {
    const Node& child = tree.node(node.first_child + i);
    out.emplace_back(child.move.from, child.move.to, child.visits, child.reward_sum);
    sign(tree, node.first_child + i, out, min_visits);
  }
}

// Stopped before its first iteration, MCTS reports nothing it did not
// search, and still answers a legal move.
TEST(Mcts, StoppedBeforeItsFirstIterationReportsNothingAndPlaysALegalMove) {
  for (int count : {2, 3, 6}) {
    const GameSetup setup = tiaoqi::testing::start_of(players(count));
    RunOptions options = mcts_run(1000);
    options.depth = 1;
    options.stopped = true;
    const auto run = search::testing::run(setup.position, options);
    EXPECT_EQ(run.result.nodes, 0u) << count;
    EXPECT_TRUE(run.infos.empty()) << count;
    MoveList legal;
    generate_moves(setup.position, legal);
    EXPECT_NE(std::find(legal.begin(), legal.end(), run.result.best), legal.end()) << count;
  }
}

TEST(Mcts, RunsExactlyTheIterationsAskedForOnAnyThreadCount) {
  const GameSetup setup = tiaoqi::testing::start_of(players(6));
  for (int threads : {1, 2, 3}) {
    const auto run = search::testing::run(setup.position, mcts_run(3000, threads));
    EXPECT_EQ(run.result.nodes, 3000u) << threads;
    const auto lines = search::testing::search_lines(run);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back().nodes, 3000u);
  }
}

TEST(Mcts, ThreadsShareTheLearnedPriorOfANode) {
  // Each node's prior is written by the one thread that claims it, and
  // read by the others once it is marked ready (ThreadSanitizer's build
  // runs this): from the first visit, and held back to the fourth.
  const GameSetup setup = tiaoqi::testing::start_of(players(6));
  MoveList legal;
  generate_moves(setup.position, legal);
  for (const int visits : {0, 4}) {
    for (const int threads : {2, 3}) {
      RunOptions options = mcts_run(3000, threads);
      options.model = net::embedded_model();
      options.tunables[search::testing::index_of_parameter("MctsPrior")] = 1;
      options.tunables[search::testing::index_of_parameter("MctsPriorVisits")] = visits;
      const auto run = search::testing::run(setup.position, options);
      EXPECT_EQ(run.result.nodes, 3000u) << visits << " " << threads;
      EXPECT_NE(std::find(legal.begin(), legal.end(), run.result.best), legal.end());
    }
  }
}

TEST(Mcts, ReportsTheChosenMovesVisitsAfterItsLine) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  const auto run = search::testing::run(setup.position, mcts_run(2000));
  ASSERT_GE(run.infos.size(), 2u);
  const SearchInfo& line = run.infos[run.infos.size() - 2];
  EXPECT_EQ(line.pv.front(), run.result.best);
  EXPECT_EQ(line.depth, static_cast<int>(line.pv.size()));
  EXPECT_GE(line.seldepth, line.depth);
  const std::string& text = run.infos.back().text;
  EXPECT_EQ(text.rfind("visits ", 0), 0u) << text;
  EXPECT_NE(text.find(" of 2000"), std::string::npos) << text;
}

TEST(Mcts, TwoPlayerGamesReportNoValues) {
  const GameSetup setup = tiaoqi::testing::start_of(players(2));
  const auto run = search::testing::run(setup.position, mcts_run(1000));
  for (const SearchInfo& line : search::testing::search_lines(run))
    EXPECT_TRUE(line.values.empty());
}

// Between moves the tree is followed along the moves played: the new
// root keeps the visits its subtree had.
TEST(Mcts, TheTreeIsKeptAlongTheMovesPlayed) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  SearchState state(16);
  const auto first = search::testing::run(setup.position, mcts_run(20000), &state);
  const auto lines = search::testing::search_lines(first);
  ASSERT_GE(lines.back().pv.size(), 3u);
  // The engine plays its line's first move; the others answer as it expects.
  Game game(setup);
  for (int i = 0; i < 3; ++i) game.play(lines.back().pv[static_cast<std::size_t>(i)]);
  {
    // The subtree the second search should start from.
    const Tree& tree = state.kept<State>()->tree();
    std::uint32_t index = 0;
    for (int i = 0; i < 3; ++i) {
      const Node& node = tree.node(index);
      for (std::uint32_t c = 0; c < node.child_count; ++c)
        if (tree.node(node.first_child + c).move == lines.back().pv[static_cast<std::size_t>(i)])
          index = node.first_child + c;
    }
    ASSERT_GT(tree.node(index).visits, 0u);
  }
  const auto second = search::testing::run(game, mcts_run(1000), &state);
  EXPECT_EQ(second.result.nodes, 1000u);
  // The root's visits: this search's iterations and those kept.
  EXPECT_GT(state.kept<State>()->tree().root().visits, 1000u);

  // A position the tree never saw starts afresh.
  const Position other = tiaoqi::testing::random_playout(setup.position, 9, 30);
  search::testing::run(other, mcts_run(500), &state);
  EXPECT_EQ(state.kept<State>()->tree().root().visits, 500u);
}

// After a reroot or a pruning: the root keeps its statistics, the tree
// below it is `kept`, and the pool holds the root and that, packed.
void expect_packed(Tree& tree, const Node& root_before, const Signature& kept) {
  EXPECT_EQ(tree.root().visits, root_before.visits);
  EXPECT_EQ(tree.root().reward_sum, root_before.reward_sum);
  Signature after;
  sign(tree, 0, after);
  EXPECT_EQ(after, kept);
  EXPECT_EQ(tree.used(), kept.size() + 1);
}

TEST(Mcts, RerootKeepsExactlyTheSubtree) {
  const GameSetup setup = tiaoqi::testing::start_of(players(2));
  SearchState state(8);
  search::testing::run(setup.position, mcts_run(5000), &state);
  Tree& tree = state.kept<State>()->tree();
  // The most visited grandchild of the root.
  std::uint32_t best = 0;
  const Node& root = tree.root();
  for (std::uint32_t c = 0; c < root.child_count; ++c) {
    const Node& child = tree.node(root.first_child + c);
    if (child.state != kExpanded) continue;
    for (std::uint32_t g = 0; g < child.child_count; ++g)
      if (best == 0 || tree.node(child.first_child + g).visits > tree.node(best).visits)
        best = child.first_child + g;
  }
  ASSERT_NE(best, 0u);
  const Node before = tree.node(best);
  Signature subtree;
  sign(tree, best, subtree);
  ASSERT_FALSE(subtree.empty());
  tree.reroot(best);
  expect_packed(tree, before, subtree);
}

TEST(Mcts, PruningKeepsExactlyTheChildrenOfTheNodesVisitedOften) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  SearchState state(8);
  search::testing::run(setup.position, mcts_run(20000), &state);
  Tree& tree = state.kept<State>()->tree();
  const std::size_t target = tree.used() / 3;
  const std::uint32_t min_visits = tree.prune_threshold(target);
  ASSERT_GT(min_visits, 1u);
  // The smallest such threshold: one visit fewer keeps too much.
  Signature looser;
  sign(tree, 0, looser, min_visits - 1);
  EXPECT_GT(looser.size() + 1, target);
  Signature expected;
  sign(tree, 0, expected, min_visits);
  const Node root = tree.root();
  tree.prune(min_visits);
  expect_packed(tree, root, expected);
  EXPECT_LE(tree.used(), target);
  EXPECT_FALSE(tree.full());
  // A whole tree that fits keeps everything.
  EXPECT_EQ(tree.prune_threshold(tree.capacity()), 0u);
}

// Every block of children lies in the used part of the pool, and no
// node's children were visited more often than the node; the nodes
// below `index`, counted.
std::size_t check_consistent(const Tree& tree, std::uint32_t index) {
  const Node& node = tree.node(index);
  if (node.state != kExpanded) return 0;
  EXPECT_LE(node.first_child + node.child_count, tree.used());
  std::uint64_t child_visits = 0;
  std::size_t below = node.child_count;
  for (std::uint32_t i = 0; i < node.child_count; ++i) {
    child_visits += tree.node(node.first_child + i).visits;
    below += check_consistent(tree, node.first_child + i);
  }
  EXPECT_LE(child_visits, node.visits);
  return below;
}

// A tree that fills Hash drops the subtrees of its least visited nodes
// and grows on, says so once, and runs to the limit on any thread count.
TEST(Mcts, AFullTreeIsPrunedAndSaysSoOnce) {
  const GameSetup setup = tiaoqi::testing::start_of(players(2));
  for (int threads : {1, 2}) {
    RunOptions options = mcts_run(60000, threads);
    options.hash_mib = 1;
    SearchState state(1);
    const auto run = search::testing::run(setup.position, options, &state);
    EXPECT_EQ(run.result.nodes, 60000u) << threads;
    int notices = 0;
    for (const SearchInfo& info : run.infos)
      notices += info.text.find("full") != std::string::npos &&
                 info.text.find("grows on") != std::string::npos;
    EXPECT_EQ(notices, 1) << threads;
    // A tree that stopped growing at 43,690 nodes had a principal line
    // of 3 moves here; pruned, it grows as deep as an unbounded one (17).
    const auto lines = search::testing::search_lines(run);
    ASSERT_FALSE(lines.empty());
    EXPECT_GE(lines.back().depth, 10) << threads;
    const Tree& tree = state.kept<State>()->tree();
    EXPECT_EQ(tree.node(0).visits, 60000u) << threads;
    // Pruned and grown again: what is reachable is what was handed out
    // (but for the block that did not fit when the pool is full again).
    const std::size_t reachable = check_consistent(tree, 0) + 1;
    if (tree.full())
      EXPECT_LE(reachable, tree.used()) << threads;
    else
      EXPECT_EQ(reachable, tree.used()) << threads;
    MoveList legal;
    generate_moves(setup.position, legal);
    EXPECT_TRUE(legal.contains(run.result.best));
  }
}

int expanded_nodes(const Tree& tree, std::uint32_t index) {
  const Node& node = tree.node(index);
  if (node.state != kExpanded) return 0;
  int count = 1;
  for (std::uint32_t i = 0; i < node.child_count; ++i)
    count += expanded_nodes(tree, node.first_child + i);
  return count;
}

// `iterations` of MCTS with `config` from `root`, its tree kept in `state`.
SearchResult search_with(const Position& root, const Config& config, std::uint64_t iterations,
                         SearchState& state) {
  SearchParams params;
  SearchLimits limits;
  limits.nodes = iterations;
  SearchControl control;
  control.start(TimeBudget{}, limits.nodes, false);
  const Game game = game_at(root);
  const SearchPlan plan = plan_search(root, params, limits, 0);
  return mcts_search({game, params, limits, plan, control, {}, state}, config, {});
}

// Each iteration adds at most one node's children, also when leaves are
// expanded on their first visit.
TEST(Mcts, AnIterationExpandsOneNodeAtMost) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  for (int expand_visits : {1, 2}) {
    SearchState state(16);
    Config config;
    config.expand_visits = expand_visits;
    search_with(setup.position, config, 300, state);
    const int expanded = expanded_nodes(state.kept<State>()->tree(), 0);
    // The root is expanded before the first iteration.
    EXPECT_LE(expanded, 301) << expand_visits;
    EXPECT_GT(expanded, 50) << expand_visits;
  }
}

using MoveSet = std::set<std::pair<int, int>>;

MoveSet move_set(const MoveList& moves) {
  MoveSet set;
  for (const Move& move : moves) set.insert({move.from, move.to});
  return set;
}

// Checks the subtree of a best-reply tree below `index` (whose position
// is `position`, the search's player `root_player`) and counts its
// expanded nodes of each kind.
void check_best_reply_tree(const Tree& tree, std::uint32_t index, Position position,
                           int root_player, int& own_nodes, int& reply_nodes) {
  const Node& node = tree.node(index);
  if (node.state != kExpanded) return;
  if (node.flags & kSettles) settle(position);
  if (position.is_over()) return;
  const bool replies = position.side_to_move() != root_player;
  MoveList moves;
  if (replies)
    generate_best_replies(position, root_player, moves);
  else
    generate_moves(position, moves);
  EXPECT_EQ((node.flags & kReplies) != 0, replies) << position_string(position);
  MoveList children;
  for (std::uint32_t i = 0; i < node.child_count; ++i)
    children.add(tree.node(node.first_child + i).move);
  EXPECT_EQ(move_set(children), move_set(moves)) << position_string(position);
  ++(replies ? reply_nodes : own_nodes);
  for (const Move& move : children) {
    Position next = position;
    if (replies) {
      play_best_reply(next, move, root_player);
      if (!next.is_over()) {
        EXPECT_EQ(next.side_to_move(), root_player);
      }
    } else {
      next.play(move);
    }
    for (std::uint32_t i = 0; i < node.child_count; ++i)
      if (tree.node(node.first_child + i).move == move)
        check_best_reply_tree(tree, node.first_child + i, next, root_player, own_nodes,
                              reply_nodes);
  }
}

// In a best-reply tree the searching player's moves and the opponents'
// replies alternate: below each of its moves a node holds every move of
// every opponent still in the game, and below each reply the searching
// player moves again.
TEST(Mcts, ABestReplyTreeAlternatesOwnMovesAndEveryOpponentsReplies) {
  for (int count : {3, 4, 6}) {
    const GameSetup setup = tiaoqi::testing::start_of(players(count));
    const Position root = tiaoqi::testing::random_playout(setup.position, 5, 4 * count);
    Config config = config_for(count);
    config.best_reply = true;
    SearchState state(16);
    const SearchResult result = search_with(root, config, 3000, state);
    MoveList legal;
    generate_moves(root, legal);
    EXPECT_TRUE(legal.contains(result.best)) << count;
    int own_nodes = 0, reply_nodes = 0;
    check_best_reply_tree(state.kept<State>()->tree(), 0, root, root.side_to_move(), own_nodes,
                          reply_nodes);
    // The tree reaches the searching player's third move.
    EXPECT_GE(own_nodes, 3) << count;
    EXPECT_GE(reply_nodes, 3) << count;
  }
}

// `Search mctsbrs` searches a best-reply tree from three players on,
// `Search mcts` (what `auto` plays) the ordinary one.
TEST(Mcts, OnlyTheBestReplySearchHasABestReplyTree) {
  for (int count : {3, 4, 6}) {
    for (const char* search : {"mcts", "mctsbrs"}) {
      const GameSetup setup = tiaoqi::testing::start_of(players(count));
      SearchState state(16);
      RunOptions options = mcts_run(2000);
      options.search = search;
      search::testing::run(setup.position, options, &state);
      const Tree& tree = state.kept<State>()->tree();
      const Node& root = tree.node(0);
      int expanded = 0, replies = 0;
      for (std::uint32_t i = 0; i < root.child_count; ++i) {
        const Node& child = tree.node(root.first_child + i);
        expanded += child.state == kExpanded;
        replies += child.state == kExpanded && (child.flags & kReplies);
      }
      EXPECT_GT(expanded, 0) << search << " " << count;
      EXPECT_EQ(replies, std::string(search) == "mctsbrs" ? expanded : 0) << search << " " << count;
    }
  }
}

// A best reply is valued against the searching player: it adds the
// searching player's reward taken from 1, and the searching player's own
// nodes add its reward. So below the root, a node's sum and its
// children's sums add up to one whole reward for each simulation that went
// on into a child (give or take the rounding of each), plus the node's own
// first simulation, which stopped at it. Under the share of the win at six
// players a sum of the same reward twice would come to about a third.
TEST(Mcts, ABestReplyIsValuedAgainstTheSearchingPlayer) {
  const GameSetup setup = tiaoqi::testing::start_of(players(6));
  const Position root = tiaoqi::testing::random_playout(setup.position, 3, 24);
  Config config;
  config.best_reply = true;
  config.win_weight = 1;
  SearchState state(16);
  search_with(root, config, 4000, state);
  const Tree& tree = state.kept<State>()->tree();
  const auto whole = static_cast<std::uint64_t>(kRewardUnits);
  int checked = 0;
  for (std::uint32_t index = 1; index < tree.used(); ++index) {
    const Node& node = tree.node(index);
    if (node.state != kExpanded || (node.flags & kSettles)) continue;
    std::uint64_t sum = node.reward_sum, onward = 0;
    for (std::uint32_t i = 0; i < node.child_count; ++i) {
      sum += tree.node(node.first_child + i).reward_sum;
      onward += tree.node(node.first_child + i).visits;
    }
    ASSERT_EQ(node.visits, onward + 1) << index;
    EXPECT_GE(sum + onward, whole * onward) << index;
    EXPECT_LE(sum, whole * onward + whole + onward) << index;
    ++checked;
  }
  EXPECT_GE(checked, 50);
}

// The game goes on with the opponents' real moves, not the one reply the
// tree holds: the next search starts from a fresh tree. The hard case is
// a game that reaches the position after the searching player's move and
// the next player's reply, which a reply node does hold as a child: that
// child's subtree has the searching player to move, the game does not.
TEST(Mcts, ABestReplyTreeIsNotKeptBetweenMoves) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  Config config = config_for(3);
  config.best_reply = true;
  SearchState state(16);
  search_with(setup.position, config, 3000, state);
  State& kept = *state.kept<State>();
  const Tree& tree = kept.tree();
  const Node& root = tree.node(0);
  // A move of the searching player whose reply node offers the next
  // player's move first, visited.
  std::optional<std::pair<Move, Move>> line;
  for (std::uint32_t i = 0; i < root.child_count && !line; ++i) {
    const Node& own = tree.node(root.first_child + i);
    if (own.state != kExpanded) continue;
    Position after = setup.position;
    after.play(own.move);
    const Node& reply = tree.node(own.first_child);
    if (reply.visits > 0 && after.rules().player_of(after.army_at(reply.move.from)) == 1)
      line = {own.move, reply.move};
  }
  ASSERT_TRUE(line);
  Position game = setup.position;
  std::vector<std::uint64_t> history{game.hash()};
  game.play(line->first);
  history.push_back(game.hash());
  game.play(line->second);
  ASSERT_EQ(game.side_to_move(), 2);
  EXPECT_EQ(kept.adopt(game, history), 0u);
  EXPECT_EQ(kept.tree().root().state, kLeaf);
}

TEST(Mcts, ADepthLimitAloneEndsTheSearch) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  RunOptions options;
  options.search = "mcts";
  options.depth = 4;
  const auto run = search::testing::run(setup.position, options);
  EXPECT_GE(search::testing::search_lines(run).back().depth, 4);
}

// In a best-reply tree `go depth` counts the line in the tree; the line
// reported is the game's part of it, at most that long.
TEST(Mcts, ADepthLimitEndsABestReplySearch) {
  for (int count : {3, 6}) {
    const GameSetup setup = tiaoqi::testing::start_of(players(count));
    RunOptions options;
    options.search = "mctsbrs";
    options.depth = 4;
    const auto run = search::testing::run(setup.position, options);
    MoveList legal;
    generate_moves(setup.position, legal);
    EXPECT_TRUE(legal.contains(run.result.best)) << count;
    const auto lines = search::testing::search_lines(run);
    ASSERT_FALSE(lines.empty());
    EXPECT_GE(lines.back().depth, 1) << count;
    EXPECT_LE(lines.back().depth, 4) << count;
    EXPECT_EQ(lines.back().pv.size(), static_cast<std::size_t>(lines.back().depth)) << count;
  }
}

TEST(Mcts, SearchMovesRestrictTheRoot) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  SearchState state(16);
  SearchParams params;
  params.search = "mcts";
  SearchLimits limits;
  limits.nodes = 2000;
  limits.search_moves = {*parse_move(setup.position, "m4m5"), *parse_move(setup.position, "l3l5")};
  SearchControl control;
  control.start(TimeBudget{}, limits.nodes, false);
  const Game game(setup);
  const SearchPlan plan = plan_search(game.position(), params, limits, 0);
  const SearchResult result = run_search({game, params, limits, plan, control, {}, state});
  EXPECT_TRUE(result.best == limits.search_moves[0] || result.best == limits.search_moves[1]);
}

TEST(Mcts, HistoryKeepsMeansPerPlayerAndMoveAndAgesThemEvenly) {
  History history;
  const Move move{10, 20};
  EXPECT_EQ(history.mean(1, move, -1), -1);
  history.add(1, move, 1.0);
  history.add(1, move, 0.0);
  history.add(1, move, 0.5);
  EXPECT_NEAR(history.mean(1, move, -1), 0.5, 1e-4);
  EXPECT_EQ(history.mean(2, move, -1), -1);
  history.age();
  EXPECT_NEAR(history.mean(1, move, -1), 0.5, 1e-4);
  history.clear();
  EXPECT_EQ(history.mean(1, move, -1), -1);
}

// The greedy choice draws every move of the most progress, and only those;
// the random choice draws every legal move. Tables of one army a player
// and of three (where the piece's army decides its target).
TEST(Mcts, PlayoutMovesAreTheMostProgressOrAnyLegalMove) {
  RuleOptions three_armies = players(2);
  three_armies.armies_per_player = 3;
  for (const RuleOptions& options : {players(3), players(6), three_armies}) {
    const GameSetup setup = tiaoqi::testing::start_of(options);
    for (unsigned seed = 1; seed <= 3; ++seed) {
      const Position position = tiaoqi::testing::random_playout(setup.position, seed, 15);
      MoveList moves;
      generate_moves(position, moves);
      PieceMoveList by_piece;
      generate_moves(position, by_piece);
      int most = -100;
      for (const Move& move : moves) most = std::max(most, progress_gain(position, move));
      std::set<std::pair<int, int>> best, all;
      for (const Move& move : moves) {
        all.insert({move.from, move.to});
        if (progress_gain(position, move) == most) best.insert({move.from, move.to});
      }
      util::Random random(seed);
      std::set<std::pair<int, int>> greedy, any;
      for (int i = 0; i < 40 * moves.size(); ++i) {
        const Move chosen = playout_move(position, by_piece, 0.0, random);
        greedy.insert({chosen.from, chosen.to});
        const Move drawn = playout_move(position, by_piece, 1.0, random);
        any.insert({drawn.from, drawn.to});
      }
      EXPECT_EQ(greedy, best) << position_string(position);
      EXPECT_EQ(any, all) << position_string(position);
    }
  }
}

TEST(Mcts, PlayoutsScoreWhereTheyStop) {
  const GameSetup setup = tiaoqi::testing::start_of(players(3));
  util::Random random(2);
  Trace trace;
  Position cut = setup.position;
  const Outcome outcome = play_out(cut, 6, 0.1, kShareScale, random, trace);
  EXPECT_EQ(trace.size(), 6u);
  EXPECT_EQ(cut.move_count(), 6);
  const WinShares expected = static_shares(cut);
  const Outcome expected_outcome = static_outcome(cut, kShareScale);
  for (int p = 0; p < 3; ++p) {
    EXPECT_DOUBLE_EQ(outcome.win[p], expected[p]);
    EXPECT_DOUBLE_EQ(outcome.ahead[p], expected_outcome.ahead[p]);
  }

  Position full = setup.position;
  const WinShares final = play_out(full, kFullPlayout, 0.1, kShareScale, random, trace).win;
  if (full.is_over()) {
    double sum = 0;
    for (int p = 0; p < 3; ++p) sum += final[p];
    EXPECT_DOUBLE_EQ(sum, 1);
    EXPECT_EQ(final[full.standings()[0][0]], 1.0 / static_cast<double>(full.standings()[0].size()));
  }
}

}  // namespace
}  // namespace tiaoqi::search::mcts
