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

constexpr bool kSelectable = true;
constexpr bool kPlayedOnly = false;
constexpr bool kAnyGame = true;
constexpr bool kRaces = true;

constexpr bool kBestReplyTree = true;

const std::vector<SearchKind> kSearchKinds = {
    // name, family, option value, plays every game, plays races, tree of
    // best replies, plays, entry
    {"auto", SearchFamily::kChoice, kSelectable, false, kRaces, false, auto_plays, nullptr},
    {"alphabeta", SearchFamily::kDepthFirst, kSelectable, false, kRaces, false, alphabeta_plays,
     alphabeta_search},
    {"paranoid", SearchFamily::kDepthFirst, kSelectable, false, false, false, two_player_alphabeta,
     alphabeta_search},
    {"brs", SearchFamily::kDepthFirst, kSelectable, false, false, false, two_player_alphabeta,
     best_reply_search},
    {"maxn", SearchFamily::kDepthFirst, kSelectable, false, false, false, two_player_alphabeta,
     maxn_search},
    {"mcts", SearchFamily::kTree, kSelectable, false, false, false, nullptr, mcts::search},
    {"mctsbrs", SearchFamily::kTree, kSelectable, false, false, kBestReplyTree, two_player_mcts,
     mcts::search},
    {"greedy", SearchFamily::kOnePly, kSelectable, kAnyGame, false, false, nullptr, greedy_search},
    {"random", SearchFamily::kOnePly, kSelectable, kAnyGame, false, false, nullptr, random_search},
    {"solitaire", SearchFamily::kSolver, kPlayedOnly, false, false, false, nullptr,
     solitaire::play_crossing},
    {"ismcts", SearchFamily::kTree, kPlayedOnly, false, false, false, nullptr,
     dragons::dragons_search},
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

SearchPlan plan_search(const Position& root, const SearchParams& params, const SearchLimits& limits,
                       int move_overhead_ms, std::optional<std::uint64_t> node_cap) {
  const int players = root.rules().player_count();
  const SearchKind* asked = find_search(params.search);
  if (!asked) asked = &named("auto");
  SearchPlan plan;
  plan.played = &played_search(*asked, players, root.rules().dragons());
  plan.config = resolve_config(players, params.tunables, plan.played->best_reply_tree);
  plan.races_first = plan.config.race_solver && (asked->plays_races || plan.played->plays_races);
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
    if (auto raced =
            request.state.race().search(root, request.limits, request.control, request.info))
      return *raced;
  return played.run(request);
}

}  // namespace tiaoqi::search
