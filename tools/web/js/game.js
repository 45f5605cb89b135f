// A game as the referee engine keeps it: one frame per position (the
// start, then every move or elimination), each with the referee's view of
// it and the `position` command that reaches it. The page (app.js) plays
// the seats' turns and draws; this class only talks to the referee.

import { newDragons, playDragonMove, seatPositionCommand, viewPieces } from "./dragons.js";
import { plural } from "./dom.js";
import { formatPositionString, parsePositionString, splitMove } from "./geometry.js";
import { listNames, seatName } from "./panels.js";
import { errorOf, formatPlaces, parseDisplay, parseLegal, parseStatus } from "./protocol.js";
import { formatDate, formatRecord } from "./record.js";

// How a game that the rules ended ended, naming each seat by its colours
// and its player number, as the record's moves do: "Green (p2) reached
// its target", "Red (p1) is the last player left", or a first place that
// every player still in shares (a draw by repetition, equal turns).
function endingText(frame) {
  const seating = frame.position.seating;
  const name = (p) => `${seatName(seating, p)} (p${p})`;
  const winners = frame.status.places[0] ?? [];
  const inGame = seating.map((s, i) => (s.eliminated ? 0 : i + 1)).filter(Boolean);
  if (inGame.length === 1) return `${name(inGame[0])} is the last player left`;
  if (winners.length === inGame.length)
    return `first place shared by ${listNames(winners.map(name))}`;
  if (winners.length === 1) return `${name(winners[0])} reached its target`;
  return `${listNames(winners.map(name))} reached their targets`;
}

// A frame: the referee's answer to `d`, `legal` and `status` after a
// position; the game adds how it was reached.
function frameOf(lines) {
  const display = parseDisplay(lines);
  const legalLine = lines.find((l) => l.startsWith("legal"));
  const statusLine = lines.find((l) => l.startsWith("status"));
  const position = parsePositionString(display.position);
  return {
    display,
    position,
    legal: parseLegal(legalLine ?? "legal") ?? [],
    status: parseStatus(statusLine ?? "status running"),
  };
}

export class Game {
  // settings: rules, seats, referee (an EngineConnection), startCommand.
  constructor(settings) {
    Object.assign(this, settings);
    this.dragonsVariant = settings.rules.Variant === "dragons";
    this.startedFromStartpos = settings.startCommand === "position startpos";
    this.engines = [];
    this.frames = [];
    this.thinking = [];
    this.names = [];
    this.paused = Boolean(settings.paused);
    this.closed = false;
    // The record's date: when the game began, however often it is written.
    this.date = new Date();
  }

  // Sets up the start with the referee; clocks[i] is player i+1's time in
  // milliseconds, or null.
  async start(ruleCommands, clocks) {
    const lines = await this.referee.query(
      ...ruleCommands,
      "ucinewgame",
      this.startCommand,
      "d",
      "legal",
      "status",
    );
    if (errorOf(lines)) throw new Error(errorOf(lines));
    const start = frameOf(lines);
    Object.assign(start, { kind: "start", base: this.startCommand, moves: [], clocks });
    this.frames.push(start);
    this.opening = start.display.position;
  }

  get last() {
    return this.frames[this.frames.length - 1];
  }

  command(base, moves) {
    return moves.length ? `${base} moves ${moves.join(" ")}` : base;
  }

  // The `position` command an engine seat is given.
  seatCommand(frame, player) {
    if (!this.dragonsVariant) return this.command(frame.base, frame.moves);
    const fromStart = this.startedFromStartpos && frame.base === this.frames[0].base;
    return seatPositionCommand(
      fromStart ? null : frame.baseView(player),
      frame.baseDragons,
      player,
      frame.moves,
    );
  }

  // Plays a move through the referee; the engine's `d` gives its full path.
  async playMove(player, moveText, ms) {
    const previous = this.last;
    if (player !== previous.display.toMove)
      return { error: `player ${player} moved, but player ${previous.display.toMove} is to move` };
    const { holes } = splitMove(moveText);
    let marks = "";
    let dragons = previous.dragons;
    if (this.dragonsVariant && dragons) {
      ({ dragons, marks } = playDragonMove(
        dragons,
        previous.position.pieces,
        previous.position.seating,
        previous.position.geometry,
        holes,
      ));
    }
    const moves = [...previous.moves, holes.join("") + marks];
    const lines = await this.referee.query(
      this.command(previous.base, moves),
      "d",
      "legal",
      "status",
    );
    if (this.closed) return { error: "the game was closed" };
    const error = errorOf(lines);
    if (error) return { error };
    const frame = frameOf(lines);
    const path = splitMove(frame.display.lastMove ?? moveText).holes;
    moves[moves.length - 1] = path.join("") + marks;
    Object.assign(frame, {
      kind: "move",
      player,
      text: path.join("") + marks,
      path,
      ms,
      base: previous.base,
      baseView: previous.baseView,
      baseDragons: previous.baseDragons,
      moves,
      dragons,
      clocks: [...previous.clocks],
    });
    this.frames.push(frame);
    return { frame };
  }

  // The referee takes a player out (a fault, a loss on time): the position
  // string marks it eliminated and the next player still in is to move.
  async eliminate(player, reason) {
    const previous = this.last;
    if (previous.status.over) return { error: "the game is over" };
    const position = parsePositionString(previous.display.position);
    position.seating[player - 1].eliminated = true;
    const seats = position.seating.length;
    let next = 0;
    for (let k = 1; k <= seats && !next; ++k) {
      const p = ((player - 1 + k) % seats) + 1;
      if (!position.seating[p - 1].eliminated) next = p;
    }
    if (!next) return { error: "no player would be left" };
    position.toMove = next;
    if (this.dragonsVariant && previous.dragons)
      position.pieces = viewPieces(position.pieces, previous.dragons, position.seating, 0);
    const text = formatPositionString(position);
    const lines = await this.referee.query(`position fen ${text}`, "d", "legal", "status");
    if (this.closed) return { error: "the game was closed" };
    if (errorOf(lines)) return { error: errorOf(lines) };
    const frame = frameOf(lines);
    const dragons = previous.dragons;
    Object.assign(frame, {
      kind: "elimination",
      player,
      text: reason,
      base: `position fen ${text}`,
      baseView: (viewer) =>
        formatPositionString({
          ...position,
          pieces: viewPieces(position.pieces, dragons, position.seating, viewer),
        }),
      baseDragons: dragons,
      moves: [],
      dragons,
      clocks: [...previous.clocks],
    });
    this.frames.push(frame);
    return { frame };
  }

  // The dragons chosen: the referee is told all of them, and the game
  // starts again from there.
  async startDragons(chosen) {
    const start = this.last;
    const seating = start.position.seating;
    const dragons = newDragons(chosen);
    const referee = formatPositionString({
      ...start.position,
      pieces: viewPieces(start.position.pieces, dragons, seating, 0),
    });
    const lines = await this.referee.query(`position fen ${referee}`, "d", "legal", "status");
    if (errorOf(lines)) throw new Error(errorOf(lines));
    const frame = frameOf(lines);
    const basePosition = frame.position;
    Object.assign(frame, {
      kind: "start",
      base: `position fen ${referee}`,
      baseView: (viewer) =>
        formatPositionString({
          ...basePosition,
          pieces: viewPieces(basePosition.pieces, dragons, seating, viewer),
        }),
      baseDragons: dragons,
      moves: [],
      dragons,
      clocks: start.clocks,
    });
    this.frames = [frame];
    this.opening = referee;
  }

  // The game as a record of the match runner's format.
  recordText(ruleNames) {
    const frames = this.frames;
    const last = this.last;
    const events = frames
      .slice(1)
      .map((f) =>
        f.kind === "move"
          ? { kind: "move", player: f.player, text: f.text, ms: f.ms }
          : { kind: "elimination", player: f.player, text: f.text },
      );
    const faults = frames.filter((f) => f.kind === "elimination");
    const maxPlies = Number(this.rules.MaxPlies ?? 0);
    let termination = "unfinished";
    if (last.status.over) {
      if (faults.length) termination = faults[faults.length - 1].text;
      else if (maxPlies > 0 && last.display.moveCount >= maxPlies)
        termination = `move limit: adjudicated at ${plural(maxPlies, "ply", "plies")}`;
      else termination = endingText(last);
    }
    return formatRecord({
      event: "tiaoqi-web",
      date: formatDate(this.date),
      engines: [...new Set(this.names)],
      seating: this.names,
      options: ruleNames.map((n) => `${n}=${this.rules[n]}`).join(" "),
      opening: this.opening,
      result: last.status.over ? formatPlaces(last.status.places) : "*",
      termination,
      events,
    });
  }

  close() {
    this.closed = true;
    for (const engine of this.engines) engine?.close();
    this.referee?.close();
  }
}
