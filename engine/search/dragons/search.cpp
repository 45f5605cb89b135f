#include "engine/search/dragons/search.hpp"

#include "engine/search/dragons/belief.hpp"
#include "engine/search/dragons/playout.hpp"
#include "engine/search/mcts/search.hpp"
#include "engine/util/hash.hpp"

namespace tiaoqi::search::dragons {
namespace {

// Keeps the single world's draw apart from the search's own numbers.
constexpr std::uint64_t kSingleWorldSalt = 0x736e676c65ULL;

}  // namespace

SearchResult dragons_search(const SearchRequest& request) {
  const Position& root = request.root();
  const SearchParams& params = request.params;
  const InfoSink& info = request.info;
  const Belief belief = infer_belief(request.game, params.dragon_belief);
  if (!root.is_over()) report_text(info, belief.describe(root, root.side_to_move()));

  const mcts::Config config;
  const Playout playout(root.rules());
  mcts::Worlds worlds;
  worlds.simulate = [&playout, &config](Position& world, util::Random& random, mcts::Trace& trace) {
    return playout.play_out(world, config.playout_plies, config.epsilon, random, trace);
  };
  if (params.dragon_belief == DragonBelief::kSingle) {
    Position world = root;
    util::Random random(util::mix64(static_cast<std::uint64_t>(params.seed) ^ kSingleWorldSalt) ^
                        root.hash());
    belief.draw(world, [&random] { return random.unit(); });
    const Bitboard dragons = world.dragons();
    worlds.draw = [dragons](Position& w, util::Random&) {
      for (int h : dragons) w.set_dragon(static_cast<Hole>(h), true);
    };
  } else {
    worlds.draw = [&belief](Position& w, util::Random& random) {
      belief.draw(w, [&random] { return random.unit(); });
    };
  }
  return mcts::mcts_search(request, config, worlds);
}

}  // namespace tiaoqi::search::dragons
