#pragma once

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
};

// playout_plies that plays to the end of the game; a game that has not
// ended after this many plies is scored by the evaluation after all.
inline constexpr int kFullPlayout = 2000;

}  // namespace tiaoqi::search::mcts
