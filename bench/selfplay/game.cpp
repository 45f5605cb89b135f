#include "bench/selfplay/game.hpp"

#include <cmath>
#include <cstdio>

#include "engine/facade/engine.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/search/registry.hpp"
#include "engine/util/random.hpp"
#include "tools/common/command_line.hpp"
#include "tools/common/json.hpp"

namespace tiaoqi::selfplay {
namespace {

using tools::Json;

// Shares are written to four decimals: finer than any trainer reads them,
// and half the bytes.
double rounded(double share) { return std::round(share * 10000) / 10000; }

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// The model the searches read, or "none" when they read none.
std::string model_name(const facade::Options& options, int players) {
  const search::SearchConfig config = search::resolve_config(players, options.engine.tunables);
  if (config.mcts.prior_weight <= 0 && !config.mcts.net_value) return "none";
  return options.engine.eval_file + " " + hex(options.engine.model->fingerprint());
}

// One searched position: the root's visits and values over its moves.
Json position_line(const Position& root, int ply, const search::SearchResult& result) {
  const Geometry& geometry = root.geometry();
  const int players = root.rules().player_count();
  Json line;
  line["ply"] = ply;
  line["position"] = position_string(root);
  Json moves = Json::array(), visits = Json::array(), values = Json::array();
  if (result.root_moves.empty()) {
    // Chosen without a tree (an immediate win, the race solver): the move
    // alone, with no values.
    moves.push_back(move_ends_text(geometry, result.best));
    visits.push_back(1);
  }
  for (const search::RootMove& root_move : result.root_moves) {
    moves.push_back(move_ends_text(geometry, root_move.move));
    visits.push_back(root_move.visits);
    Json shares = Json::array();
    for (int p = 0; p < players; ++p) shares.push_back(rounded(root_move.shares[p]));
    values.push_back(shares);
  }
  line["moves"] = moves;
  line["visits"] = visits;
  line["values"] = values;
  return line;
}

}  // namespace

std::uint64_t game_seed(const PlaySettings& settings, std::uint64_t index) {
  return util::mix64(util::mix64(settings.seed) ^ index);
}

std::string play_game(const PlaySettings& settings, std::uint64_t index) {
  const std::uint64_t seed = game_seed(settings, index);
  util::Random random(seed);
  auto setup = start_setup(settings.options.rules);
  Game game(std::move(*setup));
  const int players = game.rules().player_count();

  // The opening: random moves, none that ends the game.
  MoveList moves;
  for (int ply = 0; ply < settings.opening_plies && !game.position().is_over(); ++ply) {
    generate_moves(game.position(), moves);
    if (moves.empty()) break;
    game.play(moves[random.below(moves.size())]);
  }

  search::SearchParams params = facade::search_params(settings.options.engine);
  params.threads = 1;
  params.multipv = 1;
  params.want_ponder = false;
  params.want_root_moves = true;
  params.seed = static_cast<std::int64_t>(seed & 0x7fffffff);
  search::SearchState state(static_cast<std::size_t>(params.hash_mib));
  search::SearchLimits limits;
  limits.nodes = settings.nodes;
  std::vector<Json> lines;
  while (!game.position().is_over() && static_cast<int>(game.moves().size()) < settings.max_plies) {
    const Position root = game.position();
    search::SearchControl control;
    control.start(search::TimeBudget{}, limits.nodes, false);
    const search::SearchPlan plan = search::plan_search(root, params, limits, 0);
    const search::SearchResult result =
        search::run_search({game, params, limits, plan, control, {}, state});
    if (result.best.is_none()) break;
    lines.push_back(position_line(root, static_cast<int>(game.moves().size()), result));
    game.play(result.best);
  }

  const Position& end = game.position();
  Json header;
  header["game"] = index;
  header["seed"] = seed;
  header["players"] = players;
  header["rules"] = facade::format_rule_options(settings.options.rules);
  header["options"] = settings.option_words;
  header["nodes"] = settings.nodes;
  header["version"] = std::string(tools::tools_version());
  header["model"] = model_name(settings.options, players);
  header["plies"] = game.moves().size();
  header["positions"] = lines.size();
  if (end.is_over()) {
    Json places = Json::array();
    for (int p = 0; p < players; ++p) places.push_back(end.place_of(p));
    header["places"] = places;
  } else {
    header["places"] = nullptr;
  }
  std::string text = header.dump() + "\n";
  for (const Json& line : lines) text += line.dump() + "\n";
  return text;
}

}  // namespace tiaoqi::selfplay
