// tiaoqi-dragons-match: the dragons search against other players, three
// seats, refereed here. Every game seats the candidate (Search auto,
// DragonBelief behaviour) once and an opponent twice; the candidate's
// seat rotates from game to game. The players are Engine facades that see
// only their own view (`position startpos dragon <own> moves ...` with the
// referee's marks); each chooses its own dragon (go choose).
//
// Prints, per opponent, the candidate's score (a win 1, a first place
// shared by k players 1/k; an equal share is 1/3) with a 95% interval,
// and the accuracy of the belief: how often the true dragon of a hidden
// opponent is the candidate's top guess, by move number, next to the
// same for the uniform belief and for a blind guess (one over the pieces
// that may be the dragon). --fit adds the accuracy of other BeliefWeights
// on the same positions (the engines still play with the defaults).
//
//   tiaoqi-dragons-match --games 120 --nodes 1000 --opponents uniform,single,greedy
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/dragons.hpp"
#include "engine/facade/engine.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/search/dragons/belief.hpp"
#include "engine/util/text.hpp"

namespace po = boost::program_options;

namespace tiaoqi::bench {
namespace {

constexpr int kSeats = 3;

// One player: an engine and the options it plays with.
struct Player {
  explicit Player(const facade::Options& options) : engine(callbacks()) {
    if (!engine.set_options(options)) std::abort();
  }

  facade::EngineCallbacks callbacks() {
    facade::EngineCallbacks calls;
    calls.bestmove = [this](const facade::BestMove& best) { move = best.best; };
    return calls;
  }

  facade::Engine engine;
  Move move;
};

facade::Options options_for(const std::string& kind, int seed, int max_plies) {
  facade::Options options;
  auto set = [&](const char* name, const std::string& value) {
    if (!facade::set_option(options, name, value)) std::abort();
  };
  set("Players", "3");
  set("Variant", "dragons");
  set("MaxPlies", std::to_string(max_plies));
  set("Seed", std::to_string(seed));
  set("Hash", "32");
  if (kind == "greedy") {
    set("Search", "greedy");
  } else {
    set("Search", "auto");
    set("DragonBelief", kind == "candidate" ? "behaviour" : kind);
  }
  return options;
}

// Top-guess hits of hidden dragons, by move-number bucket.
struct Accuracy {
  static constexpr int kBuckets = 4;
  static const char* bucket_name(int bucket) {
    static const char* kNames[kBuckets] = {"moves 1-10", "moves 11-20", "moves 21-40", "moves 41+"};
    return kNames[bucket];
  }
  static int bucket_of(int move_number) {
    return move_number <= 10 ? 0 : move_number <= 20 ? 1 : move_number <= 40 ? 2 : 3;
  }
  std::array<double, kBuckets> behaviour{}, uniform{}, blind{};
  std::array<int, kBuckets> count{};
  // --fit: other belief weights tried on the same positions, and their hits.
  std::vector<search::dragons::BeliefWeights> trials;
  std::vector<double> trial_hits;
};

struct Tally {
  double score = 0;
  double score_squares = 0;
  int games = 0;
  int wins = 0;
  int draws = 0;
  int plies = 0;
};

struct GameResult {
  double candidate_score = 0;
  bool decided = false;
  int plies = 0;
};

GameResult play_game(const std::string& opponent, int candidate_seat, int game_index, int nodes,
                     int max_plies, Accuracy& accuracy) {
  std::vector<std::unique_ptr<Player>> players;
  for (int seat = 0; seat < kSeats; ++seat) {
    const std::string kind = seat == candidate_seat ? "candidate" : opponent;
    players.push_back(
        std::make_unique<Player>(options_for(kind, game_index * kSeats + seat + 1, max_plies)));
  }
  // Each player chooses its dragon; the referee knows them all.
  std::array<std::string, kSeats> dragons;
  for (int seat = 0; seat < kSeats; ++seat) {
    facade::Engine& engine = players[static_cast<std::size_t>(seat)]->engine;
    engine.new_game();
    if (!engine.set_position({})) std::abort();
    const auto choice = engine.choose_dragon(seat);
    if (!choice) std::abort();
    dragons[static_cast<std::size_t>(seat)] =
        engine.game().position().geometry().name(choice->hole);
  }
  auto start = [&](const std::vector<int>& known) {
    facade::Options options = options_for("greedy", 0, max_plies);
    GameSetup setup = *start_setup(options.rules);
    for (int seat : known)
      setup.position.set_dragon(
          *setup.position.geometry().parse_hole(dragons[static_cast<std::size_t>(seat)]), true);
    return Game(std::move(setup));
  };
  Game truth = start({0, 1, 2});
  Game candidate_view = start({candidate_seat});
  std::vector<std::string> moves;

  while (!truth.position().is_over()) {
    const int seat = truth.position().side_to_move();
    Player& player = *players[static_cast<std::size_t>(seat)];
    if (seat == candidate_seat) {
      // The belief the candidate searches with, against the truth.
      const int move_number = truth.position().move_count() / kSeats + 1;
      const int bucket = Accuracy::bucket_of(move_number);
      const auto behaviour =
          search::dragons::infer_belief(candidate_view, search::DragonBelief::kBehaviour);
      const auto uniform =
          search::dragons::infer_belief(candidate_view, search::DragonBelief::kUniform);
      const Position& real = truth.position();
      for (int p = 0; p < kSeats; ++p) {
        if (p == seat || behaviour.out(p) || behaviour.known(p)) continue;
        const Hole dragon = static_cast<Hole>((real.pieces_of(p) & real.dragons()).lowest());
        int candidates = 0;
        for (int h : real.pieces_of(p))
          candidates += uniform.probability(p, static_cast<Hole>(h)) > 0;
        accuracy.behaviour[bucket] += behaviour.top(p) == dragon;
        accuracy.uniform[bucket] += uniform.top(p) == dragon;
        accuracy.blind[bucket] += candidates ? 1.0 / candidates : 0;
        ++accuracy.count[bucket];
      }
      for (std::size_t t = 0; t < accuracy.trials.size(); ++t) {
        const auto trial = search::dragons::infer_belief(
            candidate_view, search::DragonBelief::kBehaviour, accuracy.trials[t]);
        for (int p = 0; p < kSeats; ++p) {
          if (p == seat || trial.out(p) || trial.known(p)) continue;
          accuracy.trial_hits[t] += trial.top(p) == (real.pieces_of(p) & real.dragons()).lowest();
        }
      }
    }
    facade::PositionRequest request;
    request.dragon = dragons[static_cast<std::size_t>(seat)];
    request.moves = moves;
    if (auto status = player.engine.set_position(request); !status) {
      std::cerr << "position refused: " << status.error() << "\n";
      std::abort();
    }
    search::SearchLimits limits;
    limits.nodes = static_cast<std::uint64_t>(nodes);
    player.move = Move{};
    if (!player.engine.go(limits)) std::abort();
    player.engine.wait();
    const Move move = player.move;
    if (move.is_none()) {
      std::cerr << "no move from seat " << seat + 1 << "\n";
      std::abort();
    }
    const DragonMarks marks = referee_marks(truth.position(), move);
    moves.push_back(marked_move(move_text(truth.position(), move), marks));
    truth.play(move);
    candidate_view.play(move, marks);
  }
  const Position& end = truth.position();
  GameResult result;
  result.plies = end.move_count();
  int sharing = 0;
  for (int p = 0; p < kSeats; ++p) sharing += end.place_of(p) == 0;
  result.decided = sharing == 1;
  result.candidate_score = end.place_of(candidate_seat) == 0 ? 1.0 / sharing : 0;
  return result;
}

int run(int games, int nodes, int max_plies, const std::vector<std::string>& opponents, bool fit) {
  Accuracy accuracy;
  if (fit)
    for (const double escape : {1.0, 1.5, 2.5})
      for (const double exposed : {0.1, 0.2, 0.4, 1.0}) {
        accuracy.trials.push_back({escape, exposed});
        accuracy.trial_hits.push_back(0);
      }
  std::map<std::string, Tally> tallies;
  for (const std::string& opponent : opponents) {
    Tally& tally = tallies[opponent];
    for (int game = 0; game < games; ++game) {
      const GameResult result =
          play_game(opponent, game % kSeats, game, nodes, max_plies, accuracy);
      tally.score += result.candidate_score;
      tally.score_squares += result.candidate_score * result.candidate_score;
      ++tally.games;
      tally.wins += result.decided && result.candidate_score == 1;
      tally.draws += !result.decided;
      tally.plies += result.plies;
      std::fprintf(stderr, "%s game %d seat %d: %.3f (%d plies)\n", opponent.c_str(), game + 1,
                   game % kSeats + 1, result.candidate_score, result.plies);
    }
  }
  std::printf("dragons search (DragonBelief behaviour) in one seat, the opponent in two;\n");
  std::printf("go nodes %d, MaxPlies %d; score = candidate's share of the win (equal: 0.333)\n\n",
              nodes, max_plies);
  std::printf("%-10s %6s %6s %6s %8s %16s %10s\n", "opponent", "games", "wins", "draws", "score",
              "95% interval", "mean plies");
  for (const std::string& opponent : opponents) {
    const Tally& tally = tallies[opponent];
    const double n = tally.games;
    const double mean = tally.score / n;
    const double variance = std::max(0.0, tally.score_squares / n - mean * mean);
    const double half = 1.96 * std::sqrt(variance / std::max(1.0, n - 1));
    std::printf("%-10s %6d %6d %6d %8.3f   [%5.3f, %5.3f] %10.1f\n", opponent.c_str(), tally.games,
                tally.wins, tally.draws, mean, std::max(0.0, mean - half),
                std::min(1.0, mean + half), tally.plies / n);
  }
  std::printf("\nbelief: the true dragon of a hidden opponent is the top guess\n");
  std::printf("%-12s %8s %10s %10s %10s\n", "", "samples", "behaviour", "uniform", "blind");
  for (int bucket = 0; bucket < Accuracy::kBuckets; ++bucket) {
    const double n = std::max(1, accuracy.count[bucket]);
    std::printf("%-12s %8d %10.3f %10.3f %10.3f\n", Accuracy::bucket_name(bucket),
                accuracy.count[bucket], accuracy.behaviour[bucket] / n,
                accuracy.uniform[bucket] / n, accuracy.blind[bucket] / n);
  }
  int samples = 0;
  for (const int count : accuracy.count) samples += count;
  for (std::size_t t = 0; t < accuracy.trials.size(); ++t) {
    const auto& trial = accuracy.trials[t];
    std::printf("fit escape %.2f exposed %.2f: %.3f\n", trial.escape, trial.exposed,
                accuracy.trial_hits[t] / std::max(1, samples));
  }
  return 0;
}

}  // namespace
}  // namespace tiaoqi::bench

int main(int argc, char** argv) {
  po::options_description description("tiaoqi-dragons-match options");
  int games = 30, nodes = 1000, max_plies = 300;
  std::string opponents = "uniform,single,greedy";
  bool fit = false;
  description.add_options()("help", "this text")(
      "games", po::value<int>(&games)->default_value(games), "games per opponent (seats rotate)")(
      "nodes", po::value<int>(&nodes)->default_value(nodes), "go nodes for every search")(
      "max-plies", po::value<int>(&max_plies)->default_value(max_plies),
      "MaxPlies: a game this long is drawn")(
      "opponents", po::value<std::string>(&opponents)->default_value(opponents),
      "comma-separated: uniform, single (DragonBelief of the same search) or greedy")(
      "fit", po::bool_switch(&fit), "also the belief's accuracy under other weights");
  po::variables_map values;
  try {
    po::store(po::parse_command_line(argc, argv, description), values);
    po::notify(values);
  } catch (const std::exception& error) {
    std::cerr << "tiaoqi-dragons-match: " << error.what() << "\n" << description;
    return 2;
  }
  if (values.count("help")) {
    std::cout << description;
    return 0;
  }
  std::vector<std::string> list;
  for (const auto& word : tiaoqi::util::split(opponents, ',')) list.emplace_back(word);
  for (const std::string& opponent : list)
    if (opponent != "uniform" && opponent != "single" && opponent != "greedy") {
      std::cerr << "tiaoqi-dragons-match: --opponents expects uniform, single or greedy, got '"
                << opponent << "'\n";
      return 2;
    }
  if (games < 1 || nodes < 1 || max_plies < 1) {
    std::cerr << "tiaoqi-dragons-match: --games, --nodes and --max-plies expect positive numbers\n";
    return 2;
  }
  return tiaoqi::bench::run(games, nodes, max_plies, list, fit);
}
