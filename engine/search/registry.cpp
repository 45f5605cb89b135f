#include "engine/search/registry.hpp"

#include <algorithm>
#include <optional>

#include "engine/search/alphabeta_threads.hpp"
#include "engine/search/config.hpp"
#include "engine/search/dragons/search.hpp"
#include "engine/search/greedy.hpp"
#include "engine/search/maxn.hpp"
#include "engine/search/mcts/search.hpp"
#include "engine/search/race.hpp"
#include "engine/search/random.hpp"
#include "engine/search/round_end.hpp"
#include "engine/search/solitaire/play.hpp"

namespace tiaoqi::search {
namespace {

// `auto` plays the search whose worst case is best when it sits alone at
// a table of copies of another search, since a search that only beats its
// own kind fails against engines unlike ours: Monte Carlo tree search at
// every table size, two players included (the records pair-* and
// mcts-alphabeta-2p-10ms of bench/results/matches.jsonl, rendered in
// docs/search.md, "Which search plays where").
std::string_view auto_plays(int) { return "mcts"; }

// Against one opponent paranoid, best-reply and max^n are all alpha-beta;
// with more, alpha-beta is paranoid.
std::string_view alphabeta_plays(int players) { return players >= 3 ? "paranoid" : ""; }
std::string_view two_player_alphabeta(int players) { return players == 2 ? "alphabeta" : ""; }
// With one opponent a best reply is the next move: the tree is MCTS's own.
std::string_view two_player_mcts(int players) { return players == 2 ? "mcts" : ""; }

// One row per search, its fields named (registry.hpp says what each one
// means); a field left out keeps SearchKind's default.
const std::vector<SearchKind> kSearchKinds = {
    {.name = "auto", .family = SearchFamily::kChoice, .plays_races = true, .plays = auto_plays},
    {.name = "alphabeta",
     .family = SearchFamily::kDepthFirst,
     .plays_races = true,
     .plays = alphabeta_plays,
     .run = alphabeta_search},
    {.name = "paranoid",
     .family = SearchFamily::kDepthFirst,
     .plays = two_player_alphabeta,
     .run = alphabeta_search},
    {.name = "brs",
     .family = SearchFamily::kDepthFirst,
     .plays = two_player_alphabeta,
     .run = best_reply_search},
    {.name = "maxn",
     .family = SearchFamily::kDepthFirst,
     .plays = two_player_alphabeta,
     .run = maxn_search},
    {.name = "mcts", .family = SearchFamily::kTree, .run = mcts::search},
    {.name = "mctsbrs",
     .family = SearchFamily::kTree,
     .best_reply_tree = true,
     .plays = two_player_mcts,
     .run = mcts::search},
    {.name = "greedy",
     .family = SearchFamily::kOnePly,
     .plays_any_game = true,
     .run = greedy_search},
    {.name = "random",
     .family = SearchFamily::kOnePly,
     .plays_any_game = true,
     .run = random_search},
    {.name = "solitaire",
     .family = SearchFamily::kSolver,
     .selectable = false,
     .run = solitaire::play_crossing},
    {.name = "ismcts",
     .family = SearchFamily::kTree,
     .selectable = false,
     .run = dragons::dragons_search},
};

const SearchKind& named(std::string_view name) {
  const SearchKind* kind = find_search(name);
  // The table's own names always resolve.
  if (!kind) std::abort();
  return *kind;
}

}  // namespace

const std::vector<SearchKind>& search_kinds() { return kSearchKinds; }

const SearchKind* find_search(std::string_view name) {
  for (const SearchKind& kind : kSearchKinds)
    if (kind.name == name) return &kind;
  return nullptr;
}

const SearchKind& played_search(const SearchKind& asked, int players, bool dragons) {
  if (asked.plays_any_game) return asked;
  // Alone, the fewest moves are all that counts.
  if (players == 1) return named("solitaire");
  if (dragons) return named("ismcts");
  const std::string_view other = asked.plays ? asked.plays(players) : std::string_view{};
  if (other.empty()) return asked;
  return played_search(named(other), players, dragons);
}

SearchPlan plan_played(std::string_view search, int players, bool dragons,
                       const Tunables& tunables) {
  const SearchKind* asked = find_search(search);
  if (!asked) asked = &named("auto");
  SearchPlan plan;
  plan.played = &played_search(*asked, players, dragons);
  plan.config = resolve_config(players, tunables, plan.played->best_reply_tree);
  plan.races_first = plan.config.race_solver && (asked->plays_races || plan.played->plays_races);
  return plan;
}

SearchPlan plan_search(const Position& root, const SearchParams& params, const SearchLimits& limits,
                       int move_overhead_ms, std::optional<std::uint64_t> node_cap) {
  SearchPlan plan = plan_played(params.search, root.rules().player_count(), root.rules().dragons(),
                                params.tunables);
  plan.budget = plan_time(limits, root.side_to_move(), move_overhead_ms, plan.config.moves_to_go);
  plan.nodes = limits.nodes;
  if (node_cap) plan.nodes = std::min(plan.nodes.value_or(*node_cap), *node_cap);
  return plan;
}

SearchResult run_search(const SearchRequest& request) {
  const Position& root = request.root();
  const SearchKind& played = *request.plan.played;
  // Almost no time left: one ply now rather than a search that would have
  // to be cut (the race solver, say, finds its first plan unpolled). Every
  // move gets its one look (a few microseconds), even past the deadline:
  // the first move generated may be a poor one.
  // (The dragons' search has no one-ply answer: the evaluation reads the
  // standard game.)
  if (request.control.emergency() && played.family != SearchFamily::kOnePly &&
      !root.rules().dragons()) {
    SearchControl at_once;
    at_once.start(TimeBudget{}, std::nullopt, false);
    return greedy_search(request.with_control(at_once));
  }
  // A result the round's end decides is proven alike for every search that
  // looks ahead (round_end.hpp).
  if (played.family != SearchFamily::kOnePly && played.family != SearchFamily::kSolver &&
      !root.rules().dragons())
    if (auto proven = prove_round_end(request)) return *proven;
  if (request.plan.races_first)
    if (auto raced = request.state.race().search(root, request.limits, request.plan,
                                                 request.control, request.info))
      return *raced;
  return played.run(request);
}

}  // namespace tiaoqi::search
