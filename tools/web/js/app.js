// The page: a referee engine keeps the game (legal moves, the position
// after each move, the end; game.js), one engine process per engine seat
// plays it, and the page is the GUI of docs/protocol.md between them. This
// file plays the turns, takes the clicks and draws; setup.js holds the form.

import { BoardView } from "./board.js";
import { $, make } from "./dom.js";
import { isHomeHole, newDragons, ownerOf, viewPieces, viewPositionString } from "./dragons.js";
import { EngineConnection } from "./engine.js";
import { Game } from "./game.js";
import { splitMove } from "./geometry.js";
import {
  formatClock,
  renderMoves,
  renderThinking,
  renderThinkingPanels,
  seatName,
  statusText,
} from "./panels.js";
import { errorOf, setoptionLine } from "./protocol.js";
import { formatRecord, parseOptionsTag, parseRecords } from "./record.js";
import { Setup } from "./setup.js";
import { levelLabel } from "./levels.js";

const ENGINE_URL = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/engine`;
// How far a clock may overrun before its player loses on time (as the
// match runner's --margin).
const CLOCK_MARGIN_MS = 200;

class App {
  constructor() {
    this.setup = new Setup({
      connect: (label) => this.connect(label),
      preview: (position) => this.game || this.showPosition(position.pieces, position.geometry),
      setConnection: (text, failed) => this.setConnection(text, failed),
      fail: (error) => this.fail(error),
    });
    this.game = null;
    this.turnToken = 0;
    this.logLines = [];
    this.board = new BoardView($("#board"), (hole) => this.onHoleClick(hole));
    this.humanChoice = null;
    this.recordOwn = false;
    this.log = this.log.bind(this);
  }

  log(label, direction, line) {
    this.logLines.push(`${label} ${direction} ${line}`);
    const pre = $("#log");
    if ($("#log-box").open || this.logLines.length % 50 === 0) {
      pre.textContent = this.logLines.slice(-400).join("\n");
      pre.scrollTop = pre.scrollHeight;
    }
  }

  async connect(label) {
    const engine = new EngineConnection(ENGINE_URL, label, this.log);
    await engine.open();
    const options = await engine.uci();
    return { engine, options };
  }

  async start() {
    await this.setup.start();
    this.bindControls();
    await this.setup.validate();
  }

  setConnection(text, failed = false) {
    const node = $("#connection");
    node.textContent = text;
    node.classList.toggle("failed", failed);
  }

  bindControls() {
    $("#new-game").addEventListener("click", () => {
      this.recordOwn = false;
      this.newGame().catch((e) => this.fail(e));
    });
    $("#takeback").addEventListener("click", () => this.takeBack().catch((e) => this.fail(e)));
    $("#pause").addEventListener("click", () => this.togglePause());
    $("#save").addEventListener("click", () => this.save());
    $("#load-record").addEventListener("click", () => this.loadRecord().catch((e) => this.fail(e)));
    $("#record-file").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (file) $("#record-text").value = await file.text();
      this.recordOwn = Boolean(file);
      this.listRecordGames();
    });
    $("#record-text").addEventListener("input", () => (this.recordOwn = true));
    $("#record-text").addEventListener("change", () => this.listRecordGames());
    $("#show-pv").addEventListener("change", () => this.drawThinkingLine());
    $("#show-names").addEventListener("change", (e) =>
      $("#board").classList.toggle("names", e.target.checked),
    );
    $("#curtain-continue").addEventListener("click", () => this.lift());
    $("#log-box").addEventListener(
      "toggle",
      () => ($("#log").textContent = this.logLines.slice(-400).join("\n")),
    );
  }

  fail(error) {
    console.error(error);
    this.setStatus(`Error: ${error.message ?? error}`);
  }

  // ---- games -------------------------------------------------------------

  get last() {
    return this.game.last;
  }

  // A move through the referee, then its path animated on the board.
  async playMove(player, moveText, ms, { animate = true } = {}) {
    const played = await this.game.playMove(player, moveText, ms);
    if (played.frame && animate) {
      this.board.setPrincipalLine([]);
      this.board.setMarks();
      await this.board.animate(played.frame.path);
    }
    return played;
  }

  // The referee takes a player out, and play goes on.
  async eliminate(player, reason, { quiet = false } = {}) {
    const game = this.game;
    if (!game || !game.frames.length) return { error: "no game" };
    const out = await game.eliminate(player, reason);
    if (out.frame && !quiet) {
      this.turnToken += 1;
      game.engines[player - 1]?.stop();
      this.render();
      this.turn();
    }
    return out;
  }

  async closeGame() {
    this.turnToken += 1;
    clearInterval(this.clockTimer);
    this.game?.close();
    this.game = null;
  }

  // A new game under the form's settings; `events` replays a record.
  async newGame({ events = [], paused = false } = {}) {
    await this.setup.validation;
    await this.closeGame();
    const token = this.turnToken;
    const seats = this.setup.seats.map((s) => structuredClone(s));
    this.setStatus("Starting the engines…");
    const { engine: referee } = await this.connect("referee");
    const game = new Game({
      rules: { ...this.setup.rules },
      seats,
      referee,
      startCommand: this.setup.startCommand(),
      paused,
    });
    this.game = game;
    referee.onClose = () => this.game === game && this.fail(new Error("the referee engine closed"));
    const clocks = seats.map((s) => {
      const tc = s.kind === "engine" ? s.tc : s.humanTc;
      return tc.kind === "clock" ? tc.base * 1000 : null;
    });
    await game.start(this.setup.ruleCommands(), clocks);
    for (const [i, seat] of seats.entries()) {
      game.names[i] = "human";
      if (seat.kind !== "engine") continue;
      const player = i + 1;
      const { engine } = await this.connect(`player ${player}`);
      game.engines[i] = engine;
      engine.onClose = () =>
        this.game === game &&
        this.eliminate(player, "engine disconnected").catch((e) => this.fail(e));
      const changed = this.setup.engineOptionNames.filter(
        (n) => seat.options[n] !== this.setup.option(n).default,
      );
      const options = changed.map((n) => setoptionLine(n, seat.options[n]));
      const levelLines = this.setup.levelCommands(seat.level);
      const answer = await engine.query(
        ...this.setup.ruleCommands(),
        ...options,
        ...levelLines,
        "ucinewgame",
      );
      if (errorOf(answer)) throw new Error(`player ${player}: ${errorOf(answer)}`);
      const level = seat.level ? [levelLabel(seat.level)] : [];
      game.names[i] = [
        engine.name || "engine",
        ...changed.map((n) => `${n.replace(/ /g, "")}=${seat.options[n]}`),
        ...level,
      ].join(" ");
    }
    if (token !== this.turnToken) return;
    renderThinkingPanels($("#thinking"), this.game, this.last);
    $("#new-game").textContent = "New game";
    for (const id of ["#takeback", "#pause", "#save"]) $(id).disabled = false;
    if (game.dragonsVariant) await this.setDragons(token);
    for (const event of events) {
      if (token !== this.turnToken) return;
      const answer =
        event.kind === "elimination"
          ? await this.eliminate(event.player, event.text, { quiet: true })
          : await this.playMove(event.player, splitMove(event.text).holes.join(""), event.ms, {
              animate: false,
            });
      if (answer?.error) throw new Error(`record, ply ${this.game.frames.length}: ${answer.error}`);
    }
    this.render();
    this.turn();
  }

  // Whose turn it is decides what happens next.
  turn() {
    const game = this.game;
    this.awaiting = 0;
    if (!game || game.choosing) return;
    clearInterval(this.clockTimer);
    const frame = this.last;
    this.render();
    if (frame.status.over) return;
    const player = frame.display.toMove;
    const seat = game.seats[player - 1];
    frame.turnStarted = performance.now();
    const token = this.turnToken;
    if (seat.kind === "engine") {
      if (game.paused) return;
      this.engineTurn(player, token).catch((e) => this.fail(e));
    } else {
      this.humanTurn(player, token);
    }
  }

  humanTurn(player, token) {
    const frame = this.last;
    this.selected = null;
    // The page takes this player's clicks from now on (tests wait for it).
    this.awaiting = this.game.frames.length;
    this.board.setMarks({ movable: [...new Set(frame.legal.map((m) => m.from))] });
    if (frame.clocks[player - 1] !== null) {
      this.clockTimer = setInterval(() => {
        if (token !== this.turnToken) return clearInterval(this.clockTimer);
        const left = frame.clocks[player - 1] - (performance.now() - frame.turnStarted);
        this.renderClocks(player, left);
        if (left < -CLOCK_MARGIN_MS) {
          clearInterval(this.clockTimer);
          this.eliminate(player, "lost on time").catch((e) => this.fail(e));
        }
      }, 100);
    }
  }

  goCommand(seat, player, clock) {
    const tc = seat.tc;
    if (tc.kind === "clock")
      return `go p${player}time ${Math.max(0, Math.round(clock))} p${player}inc ${Math.round(tc.inc * 1000)}`;
    return `go ${tc.kind} ${tc.value}`;
  }

  async engineTurn(player, token) {
    const game = this.game;
    const frame = this.last;
    const engine = game.engines[player - 1];
    const seat = game.seats[player - 1];
    const fault = (reason) => token === this.turnToken && this.eliminate(player, reason);
    const answer = await engine.query(game.seatCommand(frame, player));
    if (token !== this.turnToken) return;
    if (errorOf(answer)) return fault(`position refused: ${errorOf(answer)}`);
    const thinking = (game.thinking[player - 1] = {
      lines: new Map(),
      player,
      frameIndex: game.frames.length,
    });
    this.showThinking(player);
    let result;
    try {
      result = await engine.go(this.goCommand(seat, player, frame.clocks[player - 1]), (info) => {
        if (info.depth === undefined) return;
        thinking.lines.set(info.multipv ?? 1, info);
        if (token === this.turnToken) {
          this.showThinking(player);
          this.drawThinkingLine();
        }
      });
    } catch (error) {
      return fault(`engine error: ${error.message}`);
    }
    if (token !== this.turnToken || this.game !== game) return;
    thinking.played = result;
    this.showThinking(player);
    const clocks = [...frame.clocks];
    if (clocks[player - 1] !== null) {
      clocks[player - 1] -= result.ms;
      if (clocks[player - 1] < -CLOCK_MARGIN_MS) return fault("lost on time");
      clocks[player - 1] += seat.tc.inc * 1000;
    }
    if (result.move === "none") return fault("bestmove none in a running game");
    const played = await this.playMove(player, result.move, result.ms);
    if (token !== this.turnToken) return;
    if (played.error) return fault(`illegal move '${result.move}': ${played.error}`);
    played.frame.clocks = clocks;
    this.turn();
  }

  onHoleClick(hole) {
    const game = this.game;
    if (!game || !game.frames.length) return;
    if (this.humanChoice) return this.humanChoice(hole);
    const frame = this.last;
    if (frame.status.over || $("#curtain").hidden === false) return;
    const player = frame.display.toMove;
    if (game.seats[player - 1].kind !== "human") return;
    const targets = frame.legal.filter((m) => m.from === this.selected).map((m) => m.to);
    if (this.selected && targets.includes(hole)) {
      const ms = Math.round(performance.now() - frame.turnStarted);
      const from = this.selected;
      this.selected = null;
      this.awaiting = 0;
      this.humanMove(player, from, hole, ms, frame).catch((e) => this.fail(e));
      return;
    }
    const movable = [...new Set(frame.legal.map((m) => m.from))];
    this.selected = movable.includes(hole) && this.selected !== hole ? hole : null;
    this.board.setMarks({
      movable,
      selected: this.selected,
      targets: frame.legal.filter((m) => m.from === this.selected).map((m) => m.to),
    });
  }

  async humanMove(player, from, to, ms, frame) {
    const token = this.turnToken;
    clearInterval(this.clockTimer);
    const clocks = [...frame.clocks];
    const tc = this.game.seats[player - 1].humanTc;
    if (clocks[player - 1] !== null) clocks[player - 1] += tc.inc * 1000 - ms;
    const played = await this.playMove(player, from + to, ms);
    if (token !== this.turnToken) return;
    if (played.error) {
      this.setStatus(`Refused: ${played.error}`);
      this.humanTurn(player, token);
      return;
    }
    played.frame.clocks = clocks;
    this.turn();
  }

  // Back to the last position where a human is to move (one move when
  // only engines play, and then paused).
  async takeBack() {
    const game = this.game;
    if (!game || game.frames.length <= 1) return;
    this.turnToken += 1;
    for (const engine of game.engines) engine?.stop();
    const humans = game.seats.some((s) => s.kind === "human");
    do game.frames.pop();
    while (
      game.frames.length > 1 &&
      humans &&
      game.seats[this.last.display.toMove - 1].kind !== "human"
    );
    if (!humans) game.paused = true;
    game.thinking = [];
    renderThinkingPanels($("#thinking"), this.game, this.last);
    this.turn();
  }

  togglePause() {
    const game = this.game;
    if (!game) return;
    game.paused = !game.paused;
    if (game.paused) {
      this.turnToken += 1;
      for (const engine of game.engines) engine?.stop();
    }
    this.turn();
  }

  // ---- the dragons variant ---------------------------------------------

  // Each player picks a dragon in secret: engines by `go choose`, humans by
  // a click on one of their home pieces behind the curtain.
  // A start position that shows the dragons (a loaded record) keeps them.
  async setDragons(token) {
    const start = this.last;
    const chosen = {};
    for (const [hole, piece] of start.position.pieces)
      if (piece.dragon) chosen[ownerOf(start.position.seating, piece.army)] = hole;
    if (!Object.keys(chosen).length) await this.chooseDragons(token, chosen);
    if (token !== this.turnToken) return;
    await this.game.startDragons(chosen);
    this.game.choosing = false;
  }

  async chooseDragons(token, chosen) {
    const game = this.game;
    const start = this.last;
    const seating = start.position.seating;
    game.choosing = true;
    const humans = game.seats.filter((s) => s.kind === "human").length;
    for (const [i, seat] of game.seats.entries()) {
      const player = i + 1;
      if (seat.kind === "engine") {
        const engine = game.engines[i];
        await engine.query("position startpos");
        const answer = await engine.go(`go choose ${player}`);
        chosen[player] = answer.move;
      } else {
        const name = seatName(seating, player);
        if (humans > 1) await this.curtain(`${name} chooses a dragon: the others look away.`);
        this.board.setPieces(viewPieces(start.position.pieces, newDragons({}), seating, player));
        this.board.setMarks({
          movable: [...start.position.pieces.keys()].filter((h) =>
            isHomeHole(start.position.geometry, seating, player, h),
          ),
        });
        this.setStatus(`${name}: click the piece that will be your dragon.`);
        chosen[player] = await new Promise((resolve) => {
          this.humanChoice = (hole) => {
            if (
              !isHomeHole(start.position.geometry, seating, player, hole) ||
              !start.position.pieces.has(hole)
            )
              return;
            this.humanChoice = null;
            resolve(hole);
          };
        });
      }
      if (token !== this.turnToken) return;
    }
    game.choosing = false;
  }

  // Whose eyes the board is drawn for in the dragons variant: the only
  // human, the human to move, or (engines only) the referee's.
  viewer() {
    const game = this.game;
    const humans = game.seats.map((s, i) => (s.kind === "human" ? i + 1 : 0)).filter(Boolean);
    if (humans.length === 0) return 0;
    if (humans.length === 1) return humans[0];
    const toMove = this.last.display.toMove;
    if (humans.includes(toMove)) game.lastViewer = toMove;
    return game.lastViewer ?? humans[0];
  }

  curtain(text) {
    $("#curtain-text").textContent = text;
    $("#curtain").hidden = false;
    return new Promise((resolve) => (this.lifted = resolve));
  }

  lift() {
    $("#curtain").hidden = true;
    this.lifted?.();
    this.lifted = null;
  }

  // ---- drawing -----------------------------------------------------------

  showPosition(pieces, geometry) {
    this.board.setGeometry(geometry);
    this.board.setPieces(pieces);
    this.board.setMarks();
    this.board.setLastMove(null);
    this.board.setPrincipalLine([]);
  }

  render() {
    const game = this.game;
    const frame = this.last;
    let pieces = frame.position.pieces;
    let positionString = frame.display.position;
    // In the dragons variant a human sees its own dragon and the revealed
    // ones: the board, the position string and no protocol log.
    const hidden =
      game.dragonsVariant && frame.dragons && game.seats.some((s) => s.kind === "human");
    $("#log-box").hidden = Boolean(hidden);
    if (game.dragonsVariant && frame.dragons) {
      const viewer = this.viewer();
      if (
        viewer &&
        viewer !== game.shownViewer &&
        game.seats.filter((s) => s.kind === "human").length > 1
      ) {
        game.shownViewer = viewer;
        this.curtain(`${seatName(frame.position.seating, viewer)}'s turn: the others look away.`);
      }
      pieces = viewPieces(pieces, frame.dragons, frame.position.seating, viewer);
      positionString = viewPositionString(frame.position, frame.dragons, viewer);
    }
    this.showPosition(pieces, frame.position.geometry);
    this.board.setLastMove(frame.path);
    $("#position-string").value = positionString;
    renderMoves($("#moves"), game.frames);
    this.showRecord();
    this.renderClocks();
    this.setStatus(statusText(game, frame));
    $("#pause").textContent = game.paused ? "Resume" : "Pause";
    $("#pause").disabled = frame.status.over || !game.seats.some((s) => s.kind === "engine");
    $("#takeback").disabled = game.frames.length <= 1;
    this.drawThinkingLine();
    this.rendered = game.frames.length;
  }

  setStatus(text) {
    const node = $("#status");
    node.textContent = text;
    node.classList.toggle(
      "over",
      Boolean(this.game && this.game.frames.length && this.last.status.over),
    );
  }

  renderClocks(running = 0, left = 0) {
    const frame = this.last;
    document.querySelectorAll("#seats .seat").forEach((row, i) => {
      const clock = frame?.clocks?.[i];
      $(".clock", row).textContent =
        clock === null || clock === undefined ? "" : formatClock(running === i + 1 ? left : clock);
      row.classList.toggle("to-move", frame?.display.toMove === i + 1 && !frame.status.over);
    });
  }

  showThinking(player) {
    const thinking = this.game.thinking[player - 1];
    const frame = this.game.frames[(thinking?.frameIndex ?? 1) - 1] ?? this.last;
    renderThinking(
      document.querySelector(`.engine-card[data-player="${player}"]`),
      thinking,
      frame,
    );
  }

  // The principal line of the engine thinking now on the board; while
  // nobody thinks, the rest of the line the last engine expected after the
  // move it played.
  drawThinkingLine() {
    const game = this.game;
    if (!game) return;
    const frames = game.frames.length;
    const showing = $("#show-pv").checked;
    let line = [];
    const current = game.thinking.find((t) => t && t.frameIndex === frames);
    if (current?.lines.get(1)) {
      line = current.lines.get(1).pv ?? [];
    } else {
      const previous = game.thinking.find((t) => t && t.frameIndex === frames - 1);
      const pv = previous?.lines.get(1)?.pv ?? [];
      if (pv.length > 1 && splitMove(pv[0]).holes.join("") === this.last.path?.join(""))
        line = pv.slice(1);
    }
    this.board.setPrincipalLine(showing ? line : []);
    // How many arrows of its line were drawn while an engine thought.
    if (current)
      current.pvDrawn = Math.max(current.pvDrawn ?? 0, this.board.pvLayer.childElementCount);
  }

  // ---- records -------------------------------------------------------------

  // The record box follows the game move by move, unless it holds a
  // record of the person's own (typed, pasted or read from a file, to be
  // loaded); "New game" and "Save game" show the game's again.
  showRecord() {
    if (this.recordOwn || !this.game) return;
    const box = $("#record-text");
    box.value = this.game.recordText(this.setup.ruleNames);
    // The newest move in sight.
    box.scrollTop = box.scrollHeight;
    this.listRecordGames();
  }

  save() {
    if (!this.game) return;
    this.recordOwn = false;
    this.showRecord();
    const text = $("#record-text").value;
    $("#record-box").open = true;
    const link = make("a", {
      href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
      download: "tiaoqi-game.txt",
    });
    link.click();
    URL.revokeObjectURL(link.href);
  }

  listRecordGames() {
    const select = $("#record-game");
    select.replaceChildren();
    try {
      const records = parseRecords($("#record-text").value);
      records.forEach((r, i) =>
        select.append(
          make(
            "option",
            { value: i },
            `game ${r.game ?? i + 1}: ${r.seating.join(" v ")} ${r.result}`,
          ),
        ),
      );
      select.hidden = records.length < 2;
    } catch {
      select.hidden = true;
    }
  }

  // Loads a game of the record text: its rules into the form, its opening
  // as the start, its moves and eliminations through the referee.
  async loadRecord() {
    const records = parseRecords($("#record-text").value);
    if (!records.length) throw new Error("the record holds no game");
    const record = records[Number($("#record-game").value) || 0];
    const error = await this.setup.takeRecord(parseOptionsTag(record.options), record.opening);
    if (error) throw new Error(error);
    const last = record.events[record.events.length - 1];
    await this.newGame({
      events: record.events,
      paused: Boolean(last) && this.setup.seats.some((s) => s.kind === "engine"),
    });
  }
}

const app = new App();
window.tiaoqi = { app, parseRecords, formatRecord };
app.start().catch((error) => {
  app.setConnection(`cannot reach the engine: ${error.message}`, true);
  console.error(error);
});
