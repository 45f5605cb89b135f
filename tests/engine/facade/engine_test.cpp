// The Engine facade without any text: jobs, stops, ponder, rule changes.
#include "engine/facade/engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"

namespace tiaoqi::facade {
namespace {

// Collects an engine's results for tests.
struct Results {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<BestMove> best;
  int infos = 0;
  std::uint64_t perft_total = 0;
  bool perft_stopped = false;

  // Waits until the search has reported a completed iteration, so that it
  // is known to run. The timeout only guards against a hang.
  bool wait_for_info() {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(60), [this] { return infos > 0; });
  }
  std::size_t best_count() {
    std::lock_guard lock(mutex);
    return best.size();
  }

  EngineCallbacks callbacks() {
    EngineCallbacks callbacks;
    callbacks.info = [this](const search::SearchInfo&) {
      std::lock_guard lock(mutex);
      ++infos;
      changed.notify_all();
    };
    callbacks.bestmove = [this](const BestMove& move) {
      std::lock_guard lock(mutex);
      best.push_back(move);
      changed.notify_all();
    };
    callbacks.perft = [this](const PerftReport& report) {
      std::lock_guard lock(mutex);
      perft_total = report.total;
      perft_stopped = report.stopped;
    };
    return callbacks;
  }
};

TEST(Engine, TwoEnginesSearchAtOnce) {
  Results first_results, second_results;
  Engine first(first_results.callbacks()), second(second_results.callbacks());
  Options six;
  six.rules.players = 6;
  ASSERT_TRUE(second.set_options(six));
  ASSERT_TRUE(second.set_position(PositionRequest{}));
  search::SearchLimits limits;
  limits.depth = 1;
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(first.go(limits));
    ASSERT_TRUE(second.go(limits));
    first.wait();
    second.wait();
  }
  ASSERT_EQ(first_results.best.size(), 20u);
  ASSERT_EQ(second_results.best.size(), 20u);
  EXPECT_EQ(first_results.best[0].root.rules().player_count(), 2);
  EXPECT_EQ(second_results.best[0].root.rules().player_count(), 6);
}

TEST(Engine, InfiniteSearchHoldsBestmoveUntilStop) {
  Results results;
  Engine engine(results.callbacks());
  search::SearchLimits limits;
  limits.infinite = true;
  ASSERT_TRUE(engine.go(limits));
  ASSERT_TRUE(results.wait_for_info());
  EXPECT_TRUE(engine.busy());
  EXPECT_TRUE(engine.waits_for_stop());
  EXPECT_FALSE(engine.set_position(PositionRequest{}));
  EXPECT_EQ(results.best_count(), 0u);
  engine.stop();
  ASSERT_EQ(results.best.size(), 1u);
  EXPECT_FALSE(results.best[0].best.is_none());
}

// Threads beyond the machine's hardware threads do not run: a job runs on
// at most as many as there are, and on all it asked for when the machine
// does not say how many it has.
TEST(Engine, RunsNoMoreThreadsThanTheMachineHas) {
  EXPECT_EQ(running_threads(256, 2), 2);
  EXPECT_EQ(running_threads(128, 16), 16);
  EXPECT_EQ(running_threads(1, 2), 1);
  EXPECT_EQ(running_threads(2, 16), 2);
  EXPECT_EQ(running_threads(8, 0), 8);
}

// The most threads the option allows, with each search family: the
// search runs until stop and answers one legal move.
TEST(Engine, ASearchOnTheMostThreadsHonoursStop) {
  for (std::string_view search : {"mcts", "alphabeta"}) {
    SCOPED_TRACE(search);
    Results results;
    Engine engine(results.callbacks());
    Options options = engine.options();
    options.engine.threads = kThreadsRange.max;
    options.engine.search = search;
    ASSERT_TRUE(engine.set_options(options));
    search::SearchLimits limits;
    limits.infinite = true;
    ASSERT_TRUE(engine.go(limits));
    ASSERT_TRUE(results.wait_for_info());
    engine.stop();
    ASSERT_EQ(results.best.size(), 1u);
    MoveList legal;
    generate_moves(engine.game().position(), legal);
    EXPECT_TRUE(legal.contains(results.best[0].best));
  }
}

TEST(Engine, PonderhitReleasesBestmove) {
  Results results;
  Engine engine(results.callbacks());
  search::SearchLimits limits;
  limits.ponder = true;
  limits.time_ms = {1000, 1000};
  ASSERT_TRUE(engine.go(limits));
  ASSERT_TRUE(results.wait_for_info());
  // However long the ponder search runs, bestmove waits for ponderhit.
  EXPECT_EQ(results.best_count(), 0u);
  EXPECT_TRUE(engine.waits_for_stop());
  engine.ponderhit();
  engine.wait();
  EXPECT_EQ(results.best.size(), 1u);
}

TEST(Engine, InvalidRulesKeepTheLastValidGame) {
  Results results;
  Engine engine(results.callbacks());
  Options options;
  options.rules.players = 5;
  ASSERT_TRUE(engine.set_options(options));
  EXPECT_FALSE(engine.set_position(PositionRequest{}));
  EXPECT_FALSE(engine.apply_rule_options());
  EXPECT_EQ(engine.game().rules().player_count(), 2);
  search::SearchLimits limits;
  limits.depth = 1;
  ASSERT_TRUE(engine.go(limits));
  engine.wait();
  ASSERT_EQ(results.best.size(), 1u);
  EXPECT_EQ(results.best[0].root.rules().player_count(), 2);
}

// bench reads the options in force, the search's parameters among them:
// a parameter set to another value changes the signature, set to its own
// default value it does not.
TEST(Engine, BenchSeesTheSearchsParameters) {
  std::uint64_t nodes = 0;
  EngineCallbacks callbacks;
  callbacks.bench = [&nodes](const BenchResult& result) { nodes = result.nodes; };
  Engine engine(callbacks);
  auto bench_with = [&](std::string_view epsilon) {
    Options options = engine.options();
    EXPECT_TRUE(set_option(options, "MctsEpsilon", epsilon));
    EXPECT_TRUE(engine.set_options(options));
    EXPECT_TRUE(engine.bench(1));
    engine.wait();
    return nodes;
  };
  const std::uint64_t by_default = bench_with("auto");
  EXPECT_GT(by_default, 0u);
  // MctsEpsilon is 0.1 at every table size.
  EXPECT_EQ(bench_with("0.1"), by_default);
  EXPECT_NE(bench_with("0.3"), by_default);
}

// MCTS reads the others' widths from how they moved in the game the
// engine holds (MctsRacerShare): a search of a game whose players all
// raced differs from the same search with the one width for all.
TEST(Engine, TheRacersWidthsAreReadFromTheGamesMoves) {
  Options options;
  options.rules.players = 4;
  options.engine.search = "mcts";
  Game game(*start_setup(options.rules));
  for (int ply = 0; ply < 40; ++ply) {
    MoveList moves;
    generate_moves(game.position(), moves);
    ASSERT_FALSE(moves.empty());
    const Rules& rules = game.position().rules();
    const int army = game.position().army_at(moves[0].from);
    auto gain = [&](Move move) {
      return rules.tip_distance(army, move.from) - rules.tip_distance(army, move.to);
    };
    game.play(*std::max_element(moves.begin(), moves.end(),
                                [&](Move a, Move b) { return gain(a) < gain(b); }));
  }
  auto last_line = [&](std::string_view share) {
    std::vector<search::SearchInfo> infos;
    EngineCallbacks callbacks;
    callbacks.info = [&infos](const search::SearchInfo& info) {
      if (!info.pv.empty()) infos.push_back(info);
    };
    Engine engine(callbacks);
    Options set = options;
    EXPECT_TRUE(set_option(set, "MctsRacerShare", share));
    EXPECT_TRUE(engine.set_options(set));
    EXPECT_TRUE(engine.set_game(game));
    search::SearchLimits limits;
    limits.nodes = 2000;
    EXPECT_TRUE(engine.go(limits));
    engine.wait();
    EXPECT_FALSE(infos.empty()) << share;
    return infos.empty() ? search::SearchInfo{} : infos.back();
  };
  const search::SearchInfo all = last_line("0");
  const search::SearchInfo read = last_line("0.9");
  ASSERT_FALSE(all.pv.empty());
  EXPECT_EQ(last_line("0").values, all.values);
  EXPECT_NE(read.values, all.values);
}

TEST(Engine, PerftCountsAndStops) {
  Results results;
  Engine engine(results.callbacks());
  ASSERT_TRUE(engine.perft(3));
  engine.wait();
  EXPECT_EQ(results.perft_total, 4648u);
  EXPECT_FALSE(results.perft_stopped);
  // Depth 12 runs for hours: only the stop ends it, whenever it comes.
  ASSERT_TRUE(engine.perft(12));
  engine.stop();
  EXPECT_TRUE(results.perft_stopped);
  EXPECT_FALSE(engine.busy());
}

TEST(Engine, NodeLimitIsHonoured) {
  std::vector<search::SearchInfo> infos;
  EngineCallbacks callbacks;
  callbacks.info = [&infos](const search::SearchInfo& info) { infos.push_back(info); };
  Engine engine(callbacks);
  search::SearchLimits limits;
  limits.nodes = 3000;
  ASSERT_TRUE(engine.go(limits));
  engine.wait();
  // Iterations are reported as they complete, each within the limit.
  ASSERT_GE(infos.size(), 2u);
  for (const search::SearchInfo& info : infos) EXPECT_LE(info.nodes, 3000u);
}

// A game played elsewhere, set as it stands: the engine searches it as it
// searches the same game set move by move.
TEST(Engine, SetGameSearchesTheGameAsSetPositionDoes) {
  Options options;
  options.engine.search = "alphabeta";
  const std::vector<std::string> moves = {"k3k5", "e14e13", "l3l5", "f14f13"};
  Game game(*start_setup(options.rules));
  for (const std::string& move : moves) ASSERT_TRUE(game.play(move));
  search::SearchLimits limits;
  limits.depth = 3;
  Results by_game, by_request;
  Engine set_by_game(by_game.callbacks()), set_by_request(by_request.callbacks());
  ASSERT_TRUE(set_by_game.set_options(options));
  ASSERT_TRUE(set_by_request.set_options(options));
  ASSERT_TRUE(set_by_game.set_game(game));
  ASSERT_TRUE(set_by_request.set_position(PositionRequest{std::nullopt, std::nullopt, moves}));
  EXPECT_EQ(set_by_game.game().moves(), set_by_request.game().moves());
  ASSERT_TRUE(set_by_game.go(limits));
  ASSERT_TRUE(set_by_request.go(limits));
  set_by_game.wait();
  set_by_request.wait();
  ASSERT_EQ(by_game.best.size(), 1u);
  ASSERT_EQ(by_request.best.size(), 1u);
  EXPECT_EQ(by_game.best[0].root.hash(), game.position().hash());
  EXPECT_EQ(by_game.best[0].best, by_request.best[0].best);
}

// Rule options changed after set_game replay the whole game, as they
// replay a position request: here the start, seen twice, draws at once
// when Repetitions becomes 2.
TEST(Engine, SetGameIsReplayedUnderChangedRules) {
  Results results;
  Engine engine(results.callbacks());
  Options options;
  options.rules.repetitions = 3;
  ASSERT_TRUE(engine.set_options(options));
  Game game(*start_setup(options.rules));
  for (const char* move : {"k3k5", "e14e13", "k5k3", "e13e14"}) ASSERT_TRUE(game.play(move));
  ASSERT_FALSE(game.position().is_over());
  ASSERT_TRUE(engine.set_game(game));
  options.rules.repetitions = 2;
  ASSERT_TRUE(engine.set_options(options));
  ASSERT_TRUE(engine.apply_rule_options());
  EXPECT_EQ(engine.game().moves(), game.moves());
  EXPECT_TRUE(engine.game().position().is_over());
  EXPECT_EQ(engine.game().position().hash(), game.position().hash());
}

}  // namespace
}  // namespace tiaoqi::facade

namespace tiaoqi::facade {
namespace {

TEST(Engine, SolitaireCrossesInTheProvenOptimumOf27Moves) {
  // G. I. Bell (2009) proved 27 moves the shortest crossing from the start.
  // The solver finds one within 12 million nodes; the later moves come from
  // its plan without a search.
  Results results;
  Engine engine(results.callbacks());
  Options solitaire;
  solitaire.rules.players = 1;
  ASSERT_TRUE(engine.set_options(solitaire));
  PositionRequest request;
  ASSERT_TRUE(engine.set_position(request));
  while (!engine.game().position().is_over()) {
    ASSERT_LT(request.moves.size(), 40u) << "no crossing of 40 moves or fewer";
    search::SearchLimits limits;
    limits.nodes = 12'000'000;
    ASSERT_TRUE(engine.go(limits));
    engine.wait();
    const BestMove& best = results.best.back();
    ASSERT_FALSE(best.best.is_none());
    request.moves.push_back(move_text(best.root, best.best));
    ASSERT_TRUE(engine.set_position(request));
  }
  EXPECT_TRUE(engine.game().position().has_finished(0));
  EXPECT_EQ(request.moves.size(), 27u);
}

}  // namespace
}  // namespace tiaoqi::facade
