#pragma once

#include <cstdint>

#include "engine/search/win_shares.hpp"

namespace tiaoqi::search::mcts {

// The parameters of the Monte Carlo tree search, as plain values: the
// defaults are the engine's, and each is also an option of the same name
// with the prefix Mcts (search/config.hpp), so that a trial of another
// value runs on the released binary. docs/search.md describes the search
// and names the records that chose each default; the comments here say
// only what each field holds.
struct Config {
  // UCT's exploration constant, on rewards in [0, 1].
  double exploration = 0.2;
  // Progressive history's weight W: a move's bonus is W times the amount
  // by which its mean reward in the history table beats the mean of the
  // visited siblings, fading as 1 / ((1 - mean) visits + 1).
  double history_weight = 1;
  // A leaf is expanded once it has been simulated from this often.
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
  // A best-reply tree (three players or more): below each of the searching
  // player's moves one node holds the moves of every opponent still in the
  // game. `Search mctsbrs` plays it (search.hpp).
  bool best_reply = false;
  // At a node where a player other than the searching one moves, only its
  // this many moves of most progress are searched (the children are kept
  // in that order); 0 searches them all: the others as racers.
  int opponent_moves = 0;
  // Above 0, each other player's width is read from its moves in the game
  // so far (racers.hpp, opponent_widths()): the fewest moves of most
  // progress among which it played this share of its last moves; 0 for
  // all when it strays further. opponent_moves is then the width while a
  // player has moved too little to tell.
  double racer_share = 0;
  // The learned model (net/model.hpp), where the search has one that reads
  // the game: the weight c of its policy's prior P in the selection's
  // added term c P sqrt(N) / (n + 1) (AlphaZero's PUCT beside UCT and the
  // history; 0 is off), and whether its value scores a playout that is
  // cut off instead of the evaluation.
  double prior_weight = 0;
  // The prior of a node's children is computed once the node has been
  // visited this often (0: when it is expanded). Knowledge that costs is
  // spent where the search has earned it (Chaslot et al.'s progressive
  // strategies): most nodes are seen a few times, and there the history's
  // guesses serve as well as the prior (gen2-visits8-6p-short).
  int prior_visits = 0;
  // Above 0, the prior's term stops growing with the parent's visits at
  // this many: c P sqrt(min(N, cap)) / (n + 1). PUCT's sqrt(N) makes the
  // prior weigh five times more at a long move's 22,000 visits than at
  // 1,000, where its weight was chosen; the cap keeps the balance between
  // the prior and the values the search has found.
  int prior_cap = 0;
  // Whether the other players' nodes get the prior too; when not, only
  // the searching player's own choices are steered by it. The policy
  // predicts every seat's move as the engine's own search would play it,
  // which guesses wrong where the others are different players.
  bool prior_others = true;
  bool net_value = false;
};

// The settings MCTS plays with at a table of `players` (what the options'
// `auto` means): from three players on a sharper share scale, half of
// each reward and the fastest finish at the root; at six players the
// others as racers, each searched over its eight moves of most progress.
// The learned prior is off at every size: at six players it won its
// first trials and was the default, but given at every node it lost a
// second long trial (and the standing list rated it below the release
// without it), and given at the searching player's own nodes its long
// trial did not show a gain; at four and three players its long trials
// have not decided.
// (At four players neither the racers' width nor reading it from their
// own moves passed the long control, and the values a mixed table tuned
// at six players won at 1,000 nodes a move and showed no gain at the work
// of a 200 ms move: none of them is played.) Why each: docs/search.md,
// "Monte Carlo tree search".
inline Config config_for(int players) {
  Config config;
  if (players >= 3) {
    config.share_scale = 250;
    config.win_weight = 0.5;
    config.finish_moves = 6;
  }
  if (players >= 6) {
    config.opponent_moves = 8;
  }
  return config;
}

// playout_plies that plays to the end of the game; a game that has not
// ended after this many plies is scored by the evaluation after all.
inline constexpr int kFullPlayout = 2000;

}  // namespace tiaoqi::search::mcts
