#pragma once

#include <cstdint>
#include <vector>

#include "engine/search/mcts/config.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/search/mcts/state.hpp"
#include "engine/search/request.hpp"

namespace tiaoqi::search::mcts {

// Monte Carlo tree search for two to six players (UCT with progressive
// history; each player maximises its own share of the win).
//
// An iteration walks down the tree from the root, at each node taking the
// child with the best
//     q + C sqrt(ln N / (n + 1)) + W (h - m) / ((1 - q) n + 1)
// (q the child's mean reward for the player to move, n its visits, N the
// node's; m the mean of the visited children, which an unvisited child
// takes as its q; h the move's mean in the progressive history, m when it
// has none). A leaf simulated from `expand_visits` times gets its
// children, one pool block sorted by progress. From the leaf, the guided
// playout plays a few plies and the evaluation's shares score where it
// stops (or a finished game's), and every node on the way adds its
// mover's share.
//
// Limits: `nodes` counts iterations, exactly (threads draw numbered
// tickets); time as for alpha-beta (SearchControl: stop at the soft limit
// unless the most visited root move is not also the best valued one, then
// at the hard limit). `depth N` starts from a fresh tree (the same
// position, options and Seed give the same search) and stops after the
// first iteration at which the principal line (the most visited root
// move, then the most visited children) is N moves long, or can grow no
// longer (it ends the game, or the tree is full); its info lines report
// depth N and lines of at most N moves. An immediate win is played at
// once; near the end of a game (config.finish_moves) the root keeps only
// the first moves of the mover's fastest finish (finish.hpp). Under
// `Repetitions`, a move in the tree that repeats a position of the game
// or of the path is a draw, as the rules make it.
//
// Threads share the tree (tree parallelism): a simulation under way
// counts as a lost visit on its path (virtual loss), so that the others
// spread out; one thread expands a node while the others simulate from it
// as a leaf. With one thread and a fixed Seed the search replays exactly.
//
// Info: depth is the length of the principal line, on every line of a
// MultiPV report,
// seldepth the deepest node an iteration reached, nodes the iterations,
// hashfull the permille of the node pool in use, score and values the
// chosen move's mean rewards; each multipv 1 line is followed by
// `info string visits <chosen move's> of <root's>`.
//
// With `worlds` (imperfect information), every iteration plays in a world
// it draws from the root: one tree over the root player's moves and what
// follows, its statistics gathered over the worlds (single-observer
// information-set MCTS).
//
// The tree lives in the request's state (SearchState::kept<State>); when
// its memory cannot be had, greedy plays.
SearchResult mcts_search(const SearchRequest& request, const Config& config, const Worlds& worlds);

// The search of `Search mcts` and `Search mctsbrs`: the Config of the
// request's plan (for mctsbrs with a best-reply tree from three players
// on, Config::best_reply), one world.
SearchResult search(const SearchRequest& request);

}  // namespace tiaoqi::search::mcts
