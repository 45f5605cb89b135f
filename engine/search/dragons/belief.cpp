#include "engine/search/dragons/belief.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/movegen.hpp"
#include "engine/search/dragons/choice.hpp"

namespace tiaoqi::search::dragons {
namespace {

using Weights = std::array<std::array<double, kMaxHoles>, kMaxPlayers>;

// The homes of every seated army that is not `player`'s.
Bitboard other_homes(const Rules& rules, int player) {
  Bitboard homes;
  for (int army = 0; army < kArmies; ++army)
    if ((rules.seated_armies() >> army & 1) && rules.player_of(army) != player)
      homes |= rules.geometry().arm(army);
  return homes;
}

// The pieces of `player` that a player still in could capture with its
// next move (in any turn order: every other player is asked).
Bitboard capturable(const Position& position, int player) {
  Bitboard reached;
  if (position.is_over()) return reached;
  const Bitboard pieces = position.pieces_of(player);
  MoveList moves;
  for (int other = 0; other < position.rules().player_count(); ++other) {
    if (other == player || position.is_eliminated(other)) continue;
    Position turn = position;
    turn.set_side_to_move(other);
    generate_moves(turn, moves);
    for (const Move& move : moves)
      if (pieces.test(move.to)) reached |= Bitboard::bit(move.to);
  }
  return reached;
}

// Pieces that cannot be the dragon: one that would stand in another
// player's home with every other piece joined to it, which would have won
// the game when the last move ended.
void rule_out_won_groups(const Position& position, int player, std::array<double, kMaxHoles>& w) {
  if (position.is_over()) return;
  const Bitboard suspects = position.pieces_of(player) & other_homes(position.rules(), player);
  for (int h : suspects) {
    if (w[h] == 0) continue;
    Position world = position;
    world.set_dragon(static_cast<Hole>(h), true);
    if (world.dragon_winner(player) == player) w[h] = 0;
  }
}

}  // namespace

Hole Belief::top(int player) const {
  if (out_[player]) return kNoHole;
  if (known_[player] != kNoHole) return known_[player];
  Hole best = kNoHole;
  for (int i = 0; i < hole_count_[player]; ++i) {
    const Hole h = holes_[player][i];
    if (best == kNoHole || probability_[player][h] > probability_[player][best]) best = h;
  }
  return best;
}

Hole Belief::sample(int player, double unit) const {
  const int count = hole_count_[player];
  const auto& cumulative = cumulative_[player];
  const auto end = cumulative.begin() + count;
  const auto found = std::upper_bound(cumulative.begin(), end, unit * cumulative[count - 1]);
  return holes_[player][std::min<int>(static_cast<int>(found - cumulative.begin()), count - 1)];
}

std::string Belief::describe(const Position& position, int viewer) const {
  std::string text = "belief";
  for (int p = 0; p < player_count_; ++p) {
    if (p == viewer || out_[p]) continue;
    text += " p" + std::to_string(p + 1);
    std::vector<Hole> ranked(holes_[p].begin(), holes_[p].begin() + hole_count_[p]);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](Hole a, Hole b) { return probability_[p][a] > probability_[p][b]; });
    if (ranked.size() > 3) ranked.resize(3);
    for (const Hole h : ranked) {
      char share[16];
      std::snprintf(share, sizeof share, "%.2f", probability_[p][h]);
      text += " " + position.geometry().name(h) + " " + share;
    }
  }
  return text;
}

Belief infer_belief(const Game& game, DragonBelief model, const BeliefWeights& weights) {
  const std::vector<Position>& positions = game.history();
  const Position& last = game.position();
  const Rules& rules = game.rules();
  const int players = rules.player_count();
  const int viewer = last.side_to_move();
  const bool behaviour = model != DragonBelief::kUniform;

  // Every piece starts alike, or (behaviour) as likely as this engine would
  // choose it; its weight travels with it.
  Weights w{};
  for (int p = 0; p < players; ++p)
    for (int h : positions.front().pieces_of(p))
      w[p][h] = behaviour ? choice_weight(rules, positions.front().army_at(static_cast<Hole>(h)),
                                          static_cast<Hole>(h))
                          : 1;
  std::array<Bitboard, kMaxPlayers> homes{};
  for (int p = 0; p < players; ++p) {
    homes[p] = other_homes(rules, p);
    rule_out_won_groups(positions.front(), p, w[p]);
  }

  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Position& before = positions[i];
    const Position& after = positions[i + 1];
    const Move move = game.moves()[i];
    const DragonMarks marks = game.marks()[i];
    const int mover = rules.player_of(before.army_at(move.from));
    const bool mover_known = (before.pieces_of(mover) & before.dragons()).any();
    // A captured piece was the dragon only when the move says so ('#'),
    // and then its owner is out: either way no piece left keeps its weight.
    if (const int victim_army = before.army_at(move.to); victim_army >= 0)
      w[rules.player_of(victim_army)][move.to] = 0;
    w[mover][move.to] = w[mover][move.from];
    w[mover][move.from] = 0;
    // A dragon that ends its move in another player's home is revealed.
    if (!marks.revealed && !before.dragons().test(move.from) && homes[mover].test(move.to))
      w[mover][move.to] = 0;
    if (behaviour && mover != viewer && !mover_known) {
      const Bitboard threatened_before = capturable(before, mover);
      const Bitboard threatened_after = capturable(after, mover);
      if (threatened_before.test(move.from) && !threatened_after.test(move.to))
        w[mover][move.to] *= weights.escape;
      for (int h : threatened_after) w[mover][h] *= weights.exposed;
    }
    for (int p = 0; p < players; ++p) rule_out_won_groups(after, p, w[p]);
  }

  Belief belief;
  belief.player_count_ = players;
  belief.known_.fill(kNoHole);
  for (int p = 0; p < players; ++p) {
    const Bitboard pieces = last.pieces_of(p);
    belief.out_[p] = last.is_eliminated(p) || pieces.none();
    if (belief.out_[p]) continue;
    if (const Bitboard known = pieces & last.dragons(); known.any())
      belief.known_[p] = static_cast<Hole>(known.lowest());
    double total = 0;
    for (int h : pieces) total += w[p][h];
    // Marks that contradict the weights (a referee that does not annotate
    // moves) leave nothing: then every piece is alike.
    const bool lost_track = total <= 0 || !std::isfinite(total);
    int count = 0;
    double running = 0;
    for (int h : pieces) {
      double share = lost_track ? 1.0 / pieces.count() : w[p][h] / total;
      if (belief.known_[p] != kNoHole) share = h == belief.known_[p] ? 1 : 0;
      belief.probability_[p][h] = share;
      if (share <= 0) continue;
      running += share;
      belief.holes_[p][count] = static_cast<Hole>(h);
      belief.cumulative_[p][count++] = running;
    }
    belief.hole_count_[p] = count;
    if (count == 1) belief.known_[p] = belief.holes_[p][0];
  }
  return belief;
}

}  // namespace tiaoqi::search::dragons
