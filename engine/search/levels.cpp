#include "engine/search/levels.hpp"

#include <algorithm>
#include <cmath>

#include "engine/game.hpp"
#include "engine/search/movepick.hpp"
#include "engine/search/root.hpp"
#include "engine/util/hash.hpp"
#include "engine/util/random.hpp"

namespace tiaoqi::search {
namespace {

// The Elo column is each level's UCI_Elo, fitted once on the public
// two-player rating list's scale (the levels-* records of
// bench/results/pool.jsonl); the standing list rates the levels now
// (docs/levels.md). The list's definition names each level by this number
// (a test holds it so): change a row and the list rates it as a new entry.
const std::vector<Level> kLevels = {
    // name, Elo, nodes, random share, temperature, search bonus, forward only
    {"beginner", 30, 1, 0.22, 150, 0, false},   {"novice", 70, 1, 0.15, 120, 0, false},
    {"learner", 100, 4, 0.11, 98, 15, false},   {"casual", 510, 16, 0.07, 80, 30, true},
    {"club", 980, 100, 0.03, 50, 60, true},     {"strong", 1440, 500, 0.01, 30, 100, true},
    {"expert", 1700, 2000, 0.0, 20, 200, true}, {"master", 1930, 8000, 0.0, 10, 400, true},
};

double lerp(double a, double b, double t) { return a + (b - a) * t; }
double log_lerp(double a, double b, double t) {
  return std::exp(lerp(std::log(a), std::log(b), t));
}

}  // namespace

const std::vector<Level>& levels() { return kLevels; }

SpinRange elo_range() {
  return {kLevels[kLevels.size() / 2].elo, kLevels.front().elo, kLevels.back().elo};
}

Level level_at_elo(int elo) {
  const SpinRange range = elo_range();
  elo = static_cast<int>(std::clamp<std::int64_t>(elo, range.min, range.max));
  std::size_t upper = 0;
  while (kLevels[upper].elo < elo) ++upper;
  if (kLevels[upper].elo == elo || upper == 0) return kLevels[upper];
  const Level& low = kLevels[upper - 1];
  const Level& high = kLevels[upper];
  const double t = static_cast<double>(elo - low.elo) / (high.elo - low.elo);
  Level level = low;
  level.elo = elo;
  level.nodes = static_cast<std::uint64_t>(
      std::llround(log_lerp(static_cast<double>(low.nodes), static_cast<double>(high.nodes), t)));
  level.random_share = lerp(low.random_share, high.random_share, t);
  level.temperature = log_lerp(low.temperature, high.temperature, t);
  level.search_bonus = lerp(low.search_bonus, high.search_bonus, t);
  return level;
}

Move choose_at_level(const Position& root, const SearchLimits& limits, const Level& level,
                     Move searched, std::int64_t seed) {
  MoveList legal;
  root_moves(root, limits, legal);
  if (legal.empty()) return searched;
  // The moves the level considers: from "casual" up none that goes back,
  // unless the search chose it or every move goes back.
  MoveList moves;
  for (const Move& move : legal)
    if (!level.forward_only || move == searched || progress_gain(root, move) >= 0) moves.add(move);
  if (moves.empty()) moves = legal;
  // As the random search draws: the move count enters, so that a position
  // met again later is not always answered alike.
  util::Random random(util::mix64(util::mix64(static_cast<std::uint64_t>(seed) ^ 0x1e7e1ULL) ^
                                  root.hash() ^
                                  (static_cast<std::uint64_t>(root.move_count()) << 24)));
  if (random.unit() < level.random_share) return moves[random.below(moves.size())];

  // Each move's one-ply score, the searched move's raised to the bonus
  // above the best of the others; then turned into its softmax weight.
  struct Candidate {
    Move move;
    double score;
  };
  std::vector<Candidate> candidates;
  candidates.reserve(static_cast<std::size_t>(moves.size()));
  const int mover = root.side_to_move();
  double best = -1e18;
  for (const Move& move : moves) {
    Position child = root;
    child.play(move);
    settle(child);
    candidates.push_back({move, static_cast<double>(score_after_move(child, mover))});
    best = std::max(best, candidates.back().score);
  }
  const double raised = best + level.search_bonus;
  for (Candidate& candidate : candidates)
    if (candidate.move == searched) {
      candidate.score = std::max(candidate.score, raised);
      best = raised;
    }
  double total = 0;
  for (Candidate& candidate : candidates) {
    candidate.score = std::exp((candidate.score - best) / level.temperature);
    total += candidate.score;
  }
  double draw = random.unit() * total;
  for (const Candidate& candidate : candidates) {
    draw -= candidate.score;
    if (draw < 0) return candidate.move;
  }
  return candidates.back().move;
}

}  // namespace tiaoqi::search
