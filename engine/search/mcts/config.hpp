#pragma once

#include <cstdint>

#include "engine/search/win_shares.hpp"

namespace tiaoqi::search::mcts {

// The parameters of the Monte Carlo tree search, as plain values (the
// defaults are the engine's; tests and measurements set others).
struct Config {
  // UCT's exploration constant, on rewards in [0, 1] (Nijssen and Winands
  // used 0.2 in Chinese checkers).
  double exploration = 0.2;
  // Progressive history's weight W: a move's bonus is W times the amount
  // by which its mean reward in the history table beats the mean of the
  // visited siblings, fading as 1 / ((1 - mean) visits + 1). Nijssen and
  // Winands add W times the history mean itself (W = 5); here, with
  // unvisited children valued at their siblings' mean instead of being
  // tried first, that uniform bonus made the tree broad and shallow (6 of
  // 24 games against 12 without history, 3000 iterations a move, three
  // players), while the relative bonus won 10 of 24 against 8 (W = 0.5)
  // and 6 (W = 2), and 11 of 24 against 2 without history.
  double history_weight = 1;
  // A leaf is expanded once it has been simulated from this often: fewer
  // nodes that are visited once and never again.
  int expand_visits = 2;
  // Plies of guided playout after the tree before the evaluation cuts the
  // simulation off; kFullPlayout plays every simulation out to the end.
  int playout_plies = 6;
  // In a playout, the share of moves drawn at random; the others make the
  // most progress towards the mover's target (ties drawn at random).
  double epsilon = 0.1;
  // Centi-steps of evaluation per unit of log-odds where a playout is cut
  // off (static_outcome()): kShareScale is fitted on two-player results.
  double share_scale = kShareScale;
  // What the tree learns from a simulation (win_shares.hpp, Outcome): this
  // weight times each player's share of the win, plus the rest times its
  // share of the other players it finishes ahead of. The reports
  // (`values`, `score`) read the shares of the win either way. With two
  // players the two are the same.
  double win_weight = 1;
  // Near the end of the game, the root's moves are only the first moves
  // of the side to move's fastest finish with the other pieces standing
  // still (finish.hpp), when one of at most this many moves is proven
  // within `finish_nodes` positions; 0 leaves the root alone.
  int finish_moves = 0;
  std::uint64_t finish_nodes = 100000;
  // A best-reply tree (three players or more; Schadd and Winands' idea in
  // the tree of MCTS): below each of the searching player's moves one node
  // holds the moves of every opponent still in the game; the reply chosen
  // is played by its owner, and the searching player moves again. A reply
  // is valued by the searching player's reward taken from 1, so the tree
  // expects the reply that hurts it most. The searching player's second
  // move lies two plies down instead of `players`.
  bool best_reply = false;
};

// The settings MCTS plays with at a table of `players`. From three
// players on, a sharper share scale than the two-player fit: early in a
// game the shares at the cut-off all lie near 1 / players and differ by
// less than the exploration term, so the tree spread its visits nearly
// evenly. First place against copies of paranoid at 50 ms a move
// (docs/search.md, "MCTS settings per table size"): six players, 48 games
// each, 13 at 461, 25 at 250, 21 at 150, 20 at 80; four players, 32
// games, 25 at 461, 27 at 250; three players, 24 games, 17 and 19.
//
// From three players on the tree also learns the ahead reward instead of
// the share of the win: a player well behind the leader has a share near
// 0 whatever it plays, while its chances against each other player still
// tell its moves apart. Against the same tables: six players, first in
// 87 of 144 (place 1.75) against 91 of 192 (2.39) with the share of the
// win; with today's playouts, four players 48 of 64 (1.31) against 38 of
// 64 (1.64), three players 53 of 72 each (place 1.29 against 1.41)
// (docs/search.md, "The ahead reward"). Half of each did better still at
// six players: the share of the win alone leaves a trailing player blind,
// the ahead share alone values beating the last as much as beating the
// leader, and only the first place wins. Same tables, four sets of
// openings: 128 of 192 (place 1.71) against 103 of 192 (1.90) for the
// ahead share alone, ahead on every set; level at three and four players
// (docs/search.md, "Half of each").
//
// And near the end the root keeps only the first moves of the fastest
// finish: in the 48 games of a six-player match the engine without it
// made 31 moves that did not start a fastest finish, with it none. First
// place: four players 56 of 64 against 48, three players 54 of 72
// against 53, six players 57 of 96 against 55 (docs/search.md, "The
// fastest finish").
//
// The best-reply tree is `Search mctsbrs`'s (search.hpp), not set here:
// at six players it was first more often against paranoid tables (69 of
// 96 against 57), but less often against brs tables (16 of 96 against
// 25, at place 3.24 against 2.62), and `Search mcts`, which `auto` plays,
// is the search with the better worst case (docs/search.md, "The
// best-reply tree").
inline Config config_for(int players) {
  Config config;
  if (players >= 3) {
    config.share_scale = 250;
    config.win_weight = 0.5;
    config.finish_moves = 6;
  }
  return config;
}

// playout_plies that plays to the end of the game; a game that has not
// ended after this many plies is scored by the evaluation after all.
inline constexpr int kFullPlayout = 2000;

}  // namespace tiaoqi::search::mcts
