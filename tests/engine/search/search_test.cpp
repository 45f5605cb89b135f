// What every search guarantees, through the dispatcher: a legal move in
// every seating, immediate wins, limits, stop, seeds and `values`.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "engine/facade/options.hpp"
#include "engine/movegen.hpp"
#include "engine/search/config.hpp"
#include "engine/search/registry.hpp"
#include "engine/search/timeman.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search {
namespace {

using testing::requestable_searches;
using testing::RunOptions;

std::string name(std::string_view search) { return std::string(search); }

// What a request for `asked` plays at that table size (standard variant).
std::string_view plays(std::string_view asked, int players) {
  return played_search(*find_search(asked), players, false).name;
}

bool is_legal(const Position& position, Move move) {
  MoveList legal;
  generate_moves(position, legal);
  return legal.contains(move);
}

TEST(Search, EachValueResolvesToWhatItPlays) {
  // auto follows the measurement against full tables of other searches:
  // MCTS at every table size.
  for (int players : {2, 3, 4, 6}) EXPECT_EQ(plays("auto", players), "mcts") << players;
  for (int players : {3, 4, 6}) {
    EXPECT_EQ(plays("alphabeta", players), "paranoid");
    for (std::string_view search :
         {"paranoid", "brs", "maxn", "mcts", "mctsbrs", "greedy", "random"})
      EXPECT_EQ(plays(search, players), search) << name(search);
  }
  // Against one opponent, best-reply, max^n and paranoid are alpha-beta.
  for (std::string_view search : {"alphabeta", "paranoid", "brs", "maxn"})
    EXPECT_EQ(plays(search, 2), "alphabeta") << name(search);
  EXPECT_EQ(plays("mcts", 2), "mcts");
  // Against one opponent a best reply is the next move.
  EXPECT_EQ(plays("mctsbrs", 2), "mcts");
  // The solitaire's solver plays every search but greedy and random.
  for (std::string_view search : {"auto", "alphabeta", "brs", "maxn", "mcts", "mctsbrs"})
    EXPECT_EQ(plays(search, 1), "solitaire") << name(search);
  EXPECT_EQ(plays("greedy", 1), "greedy");
  // The dragons variant's search plays every search but greedy and random.
  for (std::string_view search :
       {"auto", "alphabeta", "paranoid", "brs", "maxn", "mcts", "mctsbrs"})
    EXPECT_EQ(played_search(*find_search(search), 3, true).name, "ismcts") << name(search);
  EXPECT_EQ(played_search(*find_search("random"), 3, true).name, "random");
}

// A go is planned once: the search played, its parameters for the table
// (a tree of best replies for mctsbrs alone), the clock's budget and the
// lower of the go's and a level's node limits.
TEST(Search, APlanHoldsWhatTheSearchPlaysAndItsLimits) {
  SearchParams params;
  params.search = "alphabeta";
  SearchLimits limits;
  RuleOptions three_players;
  three_players.players = 3;
  const GameSetup three = tiaoqi::testing::start_of(three_players);
  SearchPlan plan = plan_search(three.position, params, limits, 30);
  EXPECT_EQ(plan.played->name, "paranoid");
  EXPECT_EQ(plan.config.alphabeta.null_move,
            resolve_config(3, params.tunables).alphabeta.null_move);
  EXPECT_FALSE(plan.nodes);
  for (std::string_view search : {"mcts", "mctsbrs"}) {
    params.search = search;
    EXPECT_EQ(plan_search(three.position, params, limits, 30).config.mcts.best_reply,
              search == "mctsbrs")
        << name(search);
  }
  limits.time_ms[0] = 1000;
  limits.nodes = 500;
  plan = plan_search(three.position, params, limits, 30, 100);
  EXPECT_EQ(plan.nodes, 100u);
  const TimeBudget budget = plan_time(limits, 0, 30, plan.config.moves_to_go);
  EXPECT_EQ(plan.budget.soft_ms, budget.soft_ms);
  EXPECT_EQ(plan.budget.hard_ms, budget.hard_ms);
  EXPECT_EQ(plan_search(three.position, params, limits, 30, 1000).nodes, 500u);
}

// The table itself: unique names, a played search for every selectable
// one at every table size, an entry for every search that is played.
TEST(Search, TheTableOfSearchesIsConsistent) {
  std::vector<std::string_view> names;
  for (const SearchKind& kind : search_kinds()) {
    EXPECT_EQ(std::count(names.begin(), names.end(), kind.name), 0) << name(kind.name);
    names.push_back(kind.name);
  }
  EXPECT_EQ(search_kinds().front().name, "auto");
  for (const SearchKind& kind : search_kinds()) {
    if (!kind.selectable) continue;
    for (int players : {1, 2, 3, 4, 6})
      for (bool dragons : {false, true}) {
        const SearchKind& played = played_search(kind, players, dragons);
        EXPECT_NE(played.run, nullptr) << name(kind.name) << " at " << players;
      }
  }
}

struct SeatingCase {
  const char* name;
  int players;
  int armies;
};

constexpr SeatingCase kSeatings[] = {
    {"2", 2, 1}, {"3", 3, 1}, {"4", 4, 1}, {"6", 6, 1}, {"2x2", 2, 2}, {"3x2", 3, 2},
};

// Every search, in every seating, with long jumps, goal lock and the swap
// rule, from the start and from a middle game: a legal move, and in games
// of three or more `values` for every seat that sum to 1.
TEST(Search, EverySearchPlaysALegalMoveInEverySeating) {
  for (const SeatingCase& seating : kSeatings) {
    RuleOptions options;
    options.players = seating.players;
    options.armies_per_player = seating.armies;
    options.long_jumps = options.goal_lock = options.swap_rule = true;
    const GameSetup start = tiaoqi::testing::start_of(options);
    for (const int plies : {0, 12 * seating.players}) {
      const Position root = tiaoqi::testing::random_playout(start.position, 7, plies);
      ASSERT_FALSE(root.is_over());
      for (std::string_view algorithm : requestable_searches()) {
        SCOPED_TRACE(std::string(seating.name) + " players, ply " + std::to_string(plies) + ", " +
                     name(algorithm));
        RunOptions run_options;
        run_options.search = algorithm;
        run_options.nodes = 1500;
        const testing::SearchRun run = testing::run(root, run_options);
        EXPECT_TRUE(is_legal(root, run.result.best));
        const std::vector<SearchInfo> lines = testing::search_lines(run);
        ASSERT_FALSE(lines.empty());
        for (const SearchInfo& line : lines) {
          if (seating.players < 3) {
            EXPECT_TRUE(line.values.empty());
            continue;
          }
          ASSERT_EQ(line.values.size(), static_cast<std::size_t>(seating.players));
          double sum = 0;
          for (double value : line.values) {
            EXPECT_GE(value, 0);
            EXPECT_LE(value, 1);
            sum += value;
          }
          EXPECT_NEAR(sum, 1, 1e-9);
        }
      }
    }
  }
}

TEST(Search, EverySearchButRandomTakesAnImmediateWin) {
  for (int players : {2, 3, 4, 6}) {
    const GameSetup setup = testing::one_step_from_winning(players);
    ASSERT_TRUE(testing::can_win_at_once(setup.position, 0));
    for (std::string_view algorithm : requestable_searches()) {
      if (algorithm == "random") continue;
      SCOPED_TRACE(std::to_string(players) + " players, " + name(algorithm));
      RunOptions run_options;
      run_options.search = algorithm;
      run_options.nodes = 2000;
      const testing::SearchRun run = testing::run(setup.position, run_options);
      const Position after = testing::after_best(setup.position, run);
      EXPECT_TRUE(after.is_over());
      EXPECT_EQ(after.place_of(0), 0);
      // Two-player alpha-beta and auto hand this race to the race solver,
      // which reports the evaluation.
      const bool raced =
          players == 2 && (algorithm == "auto" || plays(algorithm, players) == "alphabeta");
      if (!raced) {
        EXPECT_TRUE(is_win(run.result.score));
      }
    }
  }
}

// Paranoid and best-reply assume the worst of the next player and step
// out of its winning jump; max^n does too, since the next player's win
// leaves the root player nothing (max^n, unlike paranoid, may count on a
// player in between to block a later player's win). MCTS is held to no
// block: it scores who wins, not when, and here the next player wins a
// few moves later whatever the root player does, so to MCTS every move is
// as bad (the depth-first searches prefer the later loss).
TEST(Search, ParanoidBestReplyAndMaxNBlockTheNextPlayersWin) {
  const GameSetup setup = testing::jump_threat(2);
  ASSERT_TRUE(testing::can_win_at_once(setup.position, 1));
  ASSERT_FALSE(testing::can_win_at_once(setup.position, 0));
  for (std::string_view algorithm : {"paranoid", "brs", "maxn"}) {
    SCOPED_TRACE(name(algorithm));
    RunOptions run_options;
    run_options.search = algorithm;
    run_options.depth = 3;
    const testing::SearchRun run = testing::run(setup.position, run_options);
    const Position after = testing::after_best(setup.position, run);
    EXPECT_FALSE(testing::can_win_at_once(after, 1));
  }
}

// Nodes are counted as each search counts them: alpha-beta and max^n stop
// at the limit once depth 1 is complete; MCTS runs exactly that many
// iterations.
TEST(Search, NodeLimitsAreHonoured) {
  RuleOptions options;
  options.players = 3;
  const GameSetup setup = tiaoqi::testing::start_of(options);
  for (std::string_view algorithm : {"paranoid", "brs", "maxn", "mcts", "mctsbrs"}) {
    SCOPED_TRACE(name(algorithm));
    RunOptions run_options;
    run_options.search = algorithm;
    run_options.nodes = 5000;
    const testing::SearchRun run = testing::run(setup.position, run_options);
    if (algorithm == "paranoid" || algorithm == "brs") {
      // Paranoid reads the limit at its polls, every 256 nodes.
      EXPECT_LE(run.result.nodes, 5000u + 256u);
      EXPECT_GE(run.result.nodes, 5000u);
    } else {
      EXPECT_EQ(run.result.nodes, 5000u);
    }
  }
}

// A stop from another thread ends a search that has no limit of its own;
// the test waits for the search's first info line (an event), and the
// timeouts only guard against a hang.
TEST(Search, AStopFromAnotherThreadEndsEverySearch) {
  RuleOptions options;
  options.players = 3;
  const GameSetup setup = tiaoqi::testing::start_of(options);
  for (std::string_view algorithm : {"paranoid", "brs", "maxn", "mcts", "mctsbrs"}) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(name(algorithm) + ", threads " + std::to_string(threads));
      SearchState state(16);
      SearchParams params;
      params.search = algorithm;
      params.threads = threads;
      SearchControl control;
      control.start(TimeBudget{}, std::nullopt, false);
      std::mutex mutex;
      std::condition_variable reported;
      bool any_info = false;
      auto searched = std::async(std::launch::async, [&] {
        const InfoSink info = [&](const SearchInfo&) {
          std::lock_guard lock(mutex);
          any_info = true;
          reported.notify_all();
        };
        const SearchLimits limits;
        const Game game(setup);
        const SearchPlan plan = plan_search(game.position(), params, limits, 0);
        return run_search({game, params, limits, plan, control, info, state});
      });
      {
        std::unique_lock lock(mutex);
        ASSERT_TRUE(reported.wait_for(lock, std::chrono::seconds(60), [&] { return any_info; }));
      }
      control.stop();
      ASSERT_EQ(searched.wait_for(std::chrono::seconds(60)), std::future_status::ready);
      EXPECT_TRUE(is_legal(setup.position, searched.get().best));
    }
  }
}

TEST(Search, AFixedSeedReplaysTheSearchOnOneThread) {
  RuleOptions options;
  options.players = 4;
  const GameSetup start = tiaoqi::testing::start_of(options);
  const Position root = tiaoqi::testing::random_playout(start.position, 3, 20);
  for (std::string_view algorithm : requestable_searches()) {
    SCOPED_TRACE(name(algorithm));
    RunOptions run_options;
    run_options.search = algorithm;
    run_options.nodes = 4000;
    run_options.seed = 12345;
    const testing::SearchRun first = testing::run(root, run_options);
    const testing::SearchRun second = testing::run(root, run_options);
    EXPECT_EQ(first.result.best, second.result.best);
    EXPECT_EQ(first.result.nodes, second.result.nodes);
    const std::vector<SearchInfo> first_lines = testing::search_lines(first);
    const std::vector<SearchInfo> second_lines = testing::search_lines(second);
    ASSERT_FALSE(first_lines.empty());
    ASSERT_FALSE(second_lines.empty());
    EXPECT_EQ(first_lines.back().pv, second_lines.back().pv);
  }
}

}  // namespace
}  // namespace tiaoqi::search
