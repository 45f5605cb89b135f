// What the form calls each engine option and its one-line help, keyed by
// the option's name. The names, types, defaults and ranges come from the
// engine's `uci` answer; this table only puts them in words
// (docs/rules.md says what each rule means, docs/protocol.md section 6
// the engine options). An option without a row shows its name.

export const OPTION_HELP = {
  Variant: { label: "Variant", help: "The game: standard Chinese checkers, or dragons, where each player hides one dragon piece among its own." },
  Players: { label: "Players", help: "How many players sit at the board; 5 cannot be seated on six arms." },
  ArmiesPerPlayer: { label: "Armies each", help: "How many armies (triangles of marbles) each player moves; a player finishes when all of them have arrived." },
  PiecesPerArmy: { label: "Pieces per army", help: "10, or 15 on the standard board with larger homes and targets (armies not side by side only)." },
  BoardSize: { label: "Board size", help: "The length of an arm of the star: 4 is the standard board, 2 and 3 are smaller ones." },
  LongJumps: { label: "Long jumps", help: "A jump may go over a piece further along the line, over empty holes, landing as far beyond it." },
  ForeignStop: { label: "Stop in any arm", help: "A move may end in any arm, not only in the middle, the army's home or its target." },
  GoalLock: { label: "Lock pieces in the target", help: "A piece that has reached its target may not leave it again." },
  GoalLockInChain: { label: "Lock in a chain of jumps", help: "With the target lock: a chain of jumps that has landed in the target must stay in it for the rest of the chain." },
  SwapRule: { label: "Swap out blockers", help: "A move may end on another player's piece in the mover's target; that piece goes to the hole the move started from." },
  EqualTurns: { label: "Equal turns", help: "Finishing is judged at the end of a round, so every player gets as many moves; all who have finished share first place." },
  EqualTurnsAtOnce: { label: "Equal turns at once (2 players)", help: "The rating list's reading for two players: the completing move ends the game; a draw only if player 2 could fill its target at once." },
  GoalRule: { label: "Arrival", help: "filled: the target is full of any pieces, one of them the army's own; own: the target is full of the army's own pieces." },
  HomeDeadline: { label: "Leave home within (moves)", help: "0 is off; else a player still with a piece at home after this many moves each is eliminated." },
  MaxPlies: { label: "Move limit (plies)", help: "0 is none; else at this move count the game is decided by how far each player's pieces are from their target." },
  MoveLimitDraw: { label: "Move limit draws", help: "The move limit ends the game in a draw instead of ranking the players by distance." },
  Repetitions: { label: "Repetition draw", help: "0 is off; else the game is drawn when the same position occurs this many times (2 or more)." },
  Hash: { label: "Hash (MiB)", help: "The size of the search's transposition table in MiB." },
  Threads: { label: "Threads", help: "How many threads search; more than one searches in parallel." },
  Search: { label: "Search", help: "The search algorithm; auto plays the engine's choice for the player count." },
  MultiPV: { label: "Lines shown", help: "How many best moves the engine reports at every depth (the card lists them all)." },
  "Move Overhead": { label: "Move overhead (ms)", help: "Milliseconds the engine keeps back per move for the page and the connection." },
  Ponder: { label: "Ponder", help: "The engine names the reply it expects after its move." },
  Seed: { label: "Seed", help: "The seed of the random and greedy searches and of a level's choices: the same seed replays the same moves." },
  DragonBelief: { label: "Dragon belief", help: "In the dragons variant: how the engine guesses where the others' hidden dragons are." },
  Evaluation: { label: "Evaluation", help: "What scores the search's simulations: the hand-made cost or the learned network (standard game only)." },
};

// The label a form shows for an option.
export function optionLabel(name) {
  return OPTION_HELP[name]?.label ?? name;
}

// The option's one-line help, or "" when the table has none.
export function optionHelp(name) {
  return OPTION_HELP[name]?.help ?? "";
}
