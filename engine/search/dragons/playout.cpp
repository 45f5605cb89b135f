#include "engine/search/dragons/playout.hpp"

#include <algorithm>
#include <cmath>

#include "engine/movegen.hpp"

namespace tiaoqi::search::dragons {
namespace {

// Shares are a softmax of minus the moves still needed over this many.
constexpr double kMovesScale = 6;
// What a dragon the player to move can take costs its owner, in moves.
constexpr int kTakeableDragonCost = 30;

// Urges of a playout move, in steps of progress.
constexpr int kTakeDragon = 1000;
constexpr int kDragonStep = 3;
constexpr int kTakePiece = 1;

}  // namespace

Playout::Playout(const Rules& rules) {
  const Geometry& geometry = rules.geometry();
  for (int p = 0; p < rules.player_count(); ++p) {
    Bitboard homes;
    for (int army = 0; army < kArmies; ++army)
      if ((rules.seated_armies() >> army & 1) && rules.player_of(army) != p)
        homes |= geometry.arm(army);
    for (int h = 0; h < geometry.hole_count(); ++h) {
      int best = 1000;
      for (int home : homes)
        best = std::min(best, geometry.distance(static_cast<Hole>(h), static_cast<Hole>(home)));
      home_distance_[p][h] = best;
    }
  }
}

Move Playout::move(const Position& world, const MoveList& moves, double epsilon,
                   util::Random& random) const {
  if (random.unit() < epsilon) return moves[random.below(moves.size())];
  const Geometry& geometry = world.geometry();
  const int player = world.side_to_move();
  const Bitboard own_dragon = world.pieces_of(player) & world.dragons();
  const Hole dragon = own_dragon.any() ? static_cast<Hole>(own_dragon.lowest()) : kNoHole;
  int best_urge = -1000000;
  int ties = 0;
  Move best;
  for (const Move& move : moves) {
    int urge = 0;
    if (world.occupied().test(move.to))
      urge += world.dragons().test(move.to) ? kTakeDragon : kTakePiece;
    if (move.from == dragon)
      urge += kDragonStep * (home_distance_[player][move.from] - home_distance_[player][move.to]);
    else if (dragon != kNoHole)
      urge += geometry.distance(move.from, dragon) - geometry.distance(move.to, dragon);
    if (urge < best_urge) continue;
    if (urge > best_urge) {
      best_urge = urge;
      ties = 0;
    }
    // Reservoir sampling: each of the equal best moves has the same chance.
    if (random.below(++ties) == 0) best = move;
  }
  return best;
}

WinShares Playout::play_out(Position& world, int plies, double epsilon, util::Random& random,
                            mcts::Trace& trace) const {
  return mcts::play_out_with<MoveList>(
      world, plies, random, trace,
      [this, epsilon](const Position& at, const MoveList& moves, util::Random& draw) {
        return move(at, moves, epsilon, draw);
      },
      [this](const Position& at) { return at.is_over() ? final_shares(at) : shares(at); });
}

WinShares Playout::shares(const Position& world) const {
  const Geometry& geometry = world.geometry();
  const int players = world.rules().player_count();
  std::array<double, kMaxPlayers> cost{};
  // The dragons the player to move can take now.
  MoveList moves;
  generate_moves(world, moves);
  Bitboard takeable;
  for (const Move& move : moves)
    if (world.dragons().test(move.to)) takeable |= Bitboard::bit(move.to);
  for (int p = 0; p < players; ++p) {
    if (world.is_eliminated(p)) continue;
    const Bitboard pieces = world.pieces_of(p);
    const Bitboard own_dragon = pieces & world.dragons();
    if (own_dragon.none()) continue;
    const Hole dragon = static_cast<Hole>(own_dragon.lowest());
    int spread = 0;
    for (int h : pieces)
      if (h != dragon) spread += std::max(0, geometry.distance(static_cast<Hole>(h), dragon) - 1);
    cost[p] = home_distance_[p][dragon] + spread / 2.0;
    if (takeable.test(dragon)) cost[p] += kTakeableDragonCost;
  }
  WinShares result{};
  double lowest = 1e300;
  for (int p = 0; p < players; ++p)
    if (!world.is_eliminated(p)) lowest = std::min(lowest, cost[p]);
  double total = 0;
  for (int p = 0; p < players; ++p) {
    if (world.is_eliminated(p)) continue;
    result[p] = std::exp(-(cost[p] - lowest) / kMovesScale);
    total += result[p];
  }
  for (int p = 0; p < players; ++p) result[p] /= total;
  return result;
}

}  // namespace tiaoqi::search::dragons
