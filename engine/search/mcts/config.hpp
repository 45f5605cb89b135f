#pragma once

#include <cstdint>

#include "engine/search/win_shares.hpp"

namespace tiaoqi::search::nnue {
struct Network;
}

namespace tiaoqi::search::mcts {

// The parameters of the Monte Carlo tree search, as plain values: the
// defaults are the engine's, and each is also an option of the same name
// with the prefix Mcts (search/config.hpp), so that a trial of another
// value runs on the released binary. docs/search.md names the record
// that chose each default.
struct Config {
  // UCT's exploration constant, on rewards in [0, 1].
  double exploration = 0.2;
  // Progressive history's weight W: a move's bonus is W times the amount
  // by which its mean reward in the history table beats the mean of the
  // visited siblings, fading as 1 / ((1 - mean) visits + 1). The bonus is
  // relative, not the history mean itself: with unvisited children valued
  // at their siblings' mean instead of being tried first, a uniform bonus
  // makes the tree broad and shallow.
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
  // move lies two plies down instead of `players`. `Search mctsbrs` plays
  // it (search.hpp).
  bool best_reply = false;
  // At a node where a player other than the searching one moves, only its
  // this many moves of most progress are searched (the children are kept
  // in that order); 0 searches them all. A model of the others as racers:
  // the tree spends its iterations on the searching player's own moves
  // against the others' likely ones, and its second move comes within
  // reach sooner at a table of six.
  int opponent_moves = 0;
  // Above 0, each other player's width is read from its moves in the game
  // so far (racers.hpp, opponent_widths()): the fewest moves of most
  // progress among which it played this share of its last moves; 0 for
  // all when it strays further. Opponent modelling by recognition: a
  // racer's replies are read narrowly, one that blocks or waits widely.
  // opponent_moves is then the width while a player has moved too little
  // to tell.
  double racer_share = 0;
  // The learned cost that scores a cut-off in place of the hand-made one
  // (SearchParams::network), where it applies to the rules; null: the
  // hand-made cost. Not a parameter of the table: it is set per search.
  const nnue::Network* network = nullptr;
};

// The settings MCTS plays with at a table of `players` (what the options'
// `auto` means). From three players on:
// - a sharper share scale than the two-player fit: early in a game the
//   shares at the cut-off all lie near 1 / players and differ by less
//   than the exploration term, so the tree spread its visits nearly
//   evenly;
// - half of each reward: the share of the win alone leaves a player well
//   behind the leader blind (its share is near 0 whatever it plays), the
//   share of the others it finishes ahead of alone values beating the
//   last as much as beating the leader, and only the first place wins;
// - the fastest finish at the root: near the end the evaluation's
//   distance sums cannot tell two arrangements apart that need different
//   numbers of moves to fill the target.
// At six players, the others as racers (opponent_moves): five of them
// move between two moves of the searching player, and with all their
// moves in the tree its second move is out of reach of the iterations a
// move has; their 8 moves of most progress bring it within reach.
// At two players the fastest finish is the race solver's job, and the
// two rewards are the same.
inline Config config_for(int players) {
  Config config;
  if (players >= 3) {
    config.share_scale = 250;
    config.win_weight = 0.5;
    config.finish_moves = 6;
  }
  if (players >= 6) config.opponent_moves = 8;
  return config;
}

// playout_plies that plays to the end of the game; a game that has not
// ended after this many plies is scored by the evaluation after all.
inline constexpr int kFullPlayout = 2000;

}  // namespace tiaoqi::search::mcts
