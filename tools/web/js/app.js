// The page: a referee engine keeps the game (legal moves, the position
// after each move, the end), one engine process per engine seat plays it,
// and the page is the GUI of docs/protocol.md between them.

import { BoardView, COLOURS } from "./board.js";
import { isHomeHole, newDragons, ownerOf, playDragonMove, seatPositionCommand, viewPieces, viewPositionString } from "./dragons.js";
import { EngineConnection } from "./engine.js";
import { formatPositionString, parsePositionString, splitMove } from "./geometry.js";
import { errorOf, formatPlaces, formatScore, parseDisplay, parseLegal, parseSettings, parseStatus, setoptionLine } from "./protocol.js";
import { formatRecord, parseOptionsTag, parseRecords } from "./record.js";

const $ = (selector, root = document) => root.querySelector(selector);
const ENGINE_URL = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/engine`;
// How far a clock may overrun before its player loses on time (as the
// match runner's --margin).
const CLOCK_MARGIN_MS = 200;
const TIME_CONTROLS = {
  engine: [
    ["movetime", "ms a move", 1000],
    ["depth", "plies", 6],
    ["nodes", "nodes a move", 100000],
    ["clock", "clock", 0],
  ],
  human: [
    ["none", "no clock", 0],
    ["clock", "clock", 0],
  ],
};

function make(name, attributes = {}, text = "") {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

// An input for one engine option (docs/protocol.md, section 6).
function optionInput(option, value, onChange) {
  let input;
  if (option.type === "check") {
    input = make("input", { type: "checkbox" });
    input.checked = value === "true";
    input.addEventListener("change", () => onChange(input.checked ? "true" : "false"));
  } else if (option.type === "combo") {
    input = make("select");
    for (const v of option.vars) input.append(make("option", { value: v }, v));
    input.value = value;
    input.addEventListener("change", () => onChange(input.value));
  } else if (option.type === "spin") {
    input = make("input", { type: "number", min: option.min, max: option.max, step: 1 });
    input.value = value;
    input.addEventListener("change", () => {
      const number = Math.round(Number(input.value));
      if (!Number.isFinite(number) || number < option.min || number > option.max) {
        input.value = value;
        return;
      }
      input.value = String(number);
      onChange(String(number));
    });
  } else {
    input = make("input", { type: "text" });
    input.value = value ?? "";
    input.addEventListener("change", () => onChange(input.value));
  }
  input.dataset.option = option.name;
  const label = make("label", { class: option.type === "check" ? "check" : "" });
  label.append(option.type === "check" ? input : option.name + " ", option.type === "check" ? " " + option.name : input);
  return label;
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 100));
  const minutes = Math.floor(total / 600);
  const seconds = ((total % 600) / 10).toFixed(1).padStart(4, "0");
  return `${minutes}:${seconds}`;
}

class App {
  constructor() {
    this.options = [];
    this.ruleNames = [];
    this.engineOptionNames = [];
    this.rules = {};
    this.allowedPlayers = [];
    this.refusedValues = new Map(); // "Variant=dragons" -> the engine's error
    this.seats = [];
    this.game = null;
    this.turnToken = 0;
    this.logLines = [];
    this.validation = Promise.resolve();
    this.board = new BoardView($("#board"), (hole) => this.onHoleClick(hole));
    this.humanChoice = null;
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

  option(name) {
    return this.options.find((o) => o.name.toLowerCase() === name.toLowerCase());
  }

  async connect(label) {
    const engine = new EngineConnection(ENGINE_URL, label, this.log);
    await engine.open();
    const options = await engine.uci();
    return { engine, options };
  }

  // The handshake: the options, which of them are rules (the `Rules:` line
  // of `d`), the player counts and variants the engine accepts.
  async start() {
    const { engine, options } = await this.connect("setup");
    this.setupEngine = engine;
    engine.onClose = () => this.setConnection("the engine connection closed; reload the page", true);
    this.options = options;
    const display = parseDisplay(await engine.query("d"));
    const names = options.map((o) => o.name);
    this.ruleNames = [...parseSettings(display.rules, names).keys()];
    this.engineOptionNames = [...parseSettings(display.engine, names).keys()];
    for (const name of this.ruleNames) this.rules[name] = this.option(name).default;
    const players = this.option("Players");
    for (let n = players.min; n <= players.max; ++n) {
      const error = errorOf(await engine.query(setoptionLine("Players", n)));
      if (error) this.refusedValues.set(`Players=${n}`, error);
      else this.allowedPlayers.push(n);
    }
    await engine.query(setoptionLine("Players", this.rules.Players));
    await this.probeVariants();
    this.setConnection(`${engine.name} · ${plural(options.length, "option", "options")}`);
    this.buildSetup();
    this.bindControls();
    await this.validateSetup();
  }

  // A variant the engine refuses under the default rules and with three
  // players (the dragons seating) is shown disabled, with its answer.
  async probeVariants() {
    const variant = this.option("Variant");
    if (!variant) return;
    const engine = this.setupEngine;
    for (const value of variant.vars.filter((v) => v !== variant.default)) {
      let error = null;
      for (const players of [this.rules.Players, 3]) {
        error = errorOf(await engine.query(setoptionLine("Variant", value), setoptionLine("Players", players), "position startpos"));
        if (!error) break;
      }
      if (error) this.refusedValues.set(`Variant=${value}`, error);
    }
    await engine.query(setoptionLine("Variant", variant.default), setoptionLine("Players", this.rules.Players), "position startpos");
  }

  setConnection(text, failed = false) {
    const node = $("#connection");
    node.textContent = text;
    node.classList.toggle("failed", failed);
  }

  // ---- the setup form -------------------------------------------------

  buildSetup() {
    const players = $("#players");
    players.replaceChildren(...this.allowedPlayers.map((n) => make("option", { value: n }, String(n))));
    players.value = this.rules.Players;
    const armies = this.option("ArmiesPerPlayer");
    const armySelect = $("#armies");
    for (let n = armies.min; n <= armies.max; ++n) armySelect.append(make("option", { value: n }, String(n)));
    armySelect.value = this.rules.ArmiesPerPlayer;
    players.addEventListener("change", () => this.setRule("Players", players.value));
    armySelect.addEventListener("change", () => this.setRule("ArmiesPerPlayer", armySelect.value));

    const grid = $("#rules");
    for (const name of this.ruleNames) {
      if (name === "Players" || name === "ArmiesPerPlayer") continue;
      const option = this.option(name);
      const label = optionInput(option, this.rules[name], (value) => this.setRule(name, value));
      if (option.type === "combo") {
        for (const node of label.querySelectorAll("option")) {
          const refusal = this.refusedValues.get(`${name}=${node.value}`);
          if (refusal) {
            node.disabled = true;
            node.textContent += " (refused by the engine)";
            node.title = refusal;
            const note = $("#variant-note");
            note.hidden = false;
            note.textContent = `${name} ${node.value}: the engine refuses it: ${refusal}`;
          }
        }
      }
      grid.append(label);
    }
    this.buildSeats();
    for (const radio of document.querySelectorAll("input[name=start]")) radio.addEventListener("change", () => this.validateSetup());
    $("#start-fen").addEventListener("change", () => {
      document.querySelector("input[name=start][value=fen]").checked = true;
      this.validateSetup();
    });
  }

  setRule(name, value) {
    const previous = this.rules[name];
    this.rules[name] = String(value);
    if (name === "Players") this.buildSeats();
    this.validateSetup({ name, previous });
  }

  seatDefaults() {
    const options = {};
    for (const name of this.engineOptionNames) options[name] = this.option(name).default;
    return { kind: "human", options, tc: { kind: "movetime", value: 1000, base: 300, inc: 2 }, humanTc: { kind: "none", base: 300, inc: 2 } };
  }

  buildSeats() {
    const count = Number(this.rules.Players);
    while (this.seats.length < count) {
      const seat = this.seatDefaults();
      // Player 1 plays, the others are engines, unless told otherwise.
      if (this.seats.length > 0) seat.kind = "engine";
      this.seats.push(seat);
    }
    this.seats.length = count;
    const box = $("#seats");
    box.replaceChildren();
    this.seats.forEach((seat, i) => box.append(this.seatRow(seat, i + 1)));
  }

  seatRow(seat, player) {
    const row = $("#seat-template").content.firstElementChild.cloneNode(true);
    row.dataset.player = player;
    $(".seat-name", row).textContent = `Player ${player}`;
    const kind = $(".kind", row);
    kind.value = seat.kind;
    const tcKind = $(".tc-kind", row);
    const value = $(".tc-value", row);
    const base = $(".tc-base", row);
    const inc = $(".tc-inc", row);
    const refresh = () => {
      const tc = seat.kind === "engine" ? seat.tc : seat.humanTc;
      tcKind.replaceChildren(...TIME_CONTROLS[seat.kind].map(([v, label]) => make("option", { value: v }, label)));
      tcKind.value = tc.kind;
      const unit = TIME_CONTROLS[seat.kind].find(([v]) => v === tc.kind);
      value.hidden = !(seat.kind === "engine" && tc.kind !== "clock");
      value.value = tc.value ?? "";
      value.title = unit ? unit[1] : "";
      $(".tc-clock", row).hidden = tc.kind !== "clock";
      base.value = tc.base;
      inc.value = tc.inc;
      $(".engine-options", row).hidden = seat.kind !== "engine";
    };
    kind.addEventListener("change", () => {
      seat.kind = kind.value;
      refresh();
    });
    tcKind.addEventListener("change", () => {
      const tc = seat.kind === "engine" ? seat.tc : seat.humanTc;
      tc.kind = tcKind.value;
      const preset = TIME_CONTROLS[seat.kind].find(([v]) => v === tc.kind);
      if (tc.kind !== "clock" && preset) tc.value = preset[2];
      refresh();
    });
    value.addEventListener("change", () => (seat.tc.value = Math.max(1, Math.round(Number(value.value) || 1))));
    base.addEventListener("change", () => ((seat.kind === "engine" ? seat.tc : seat.humanTc).base = Math.max(0, Number(base.value) || 0)));
    inc.addEventListener("change", () => ((seat.kind === "engine" ? seat.tc : seat.humanTc).inc = Math.max(0, Number(inc.value) || 0)));
    const grid = $(".engine-options .option-grid", row);
    for (const name of this.engineOptionNames)
      grid.append(optionInput(this.option(name), seat.options[name], (v) => (seat.options[name] = v)));
    refresh();
    return row;
  }

  startCommand() {
    const fen = document.querySelector("input[name=start]:checked").value === "fen";
    return fen ? `position fen ${$("#start-fen").value.trim()}` : "position startpos";
  }

  ruleCommands() {
    return this.ruleNames.map((name) => setoptionLine(name, this.rules[name]));
  }

  // Sets the rules on the setup engine and asks it for the start: its
  // answer (an error, or the board) is what the form shows.
  validateSetup(change = null) {
    this.validation = this.validation.then(() => this.checkSetup(change)).catch((e) => this.fail(e));
    return this.validation;
  }

  async checkSetup(change) {
    const lines = await this.setupEngine.query(...this.ruleCommands(), this.startCommand(), "d");
    const error = errorOf(lines);
    const box = $("#setup-error");
    box.hidden = !error;
    box.textContent = error ?? "";
    $("#new-game").disabled = Boolean(error);
    if (error && change?.name === "Variant") {
      // The engine refuses this variant: say so and take the choice away.
      const select = document.querySelector('[data-option="Variant"]');
      const node = select?.querySelector(`option[value="${this.rules.Variant}"]`);
      if (node) {
        node.disabled = true;
        node.title = error;
      }
      const note = $("#variant-note");
      note.hidden = false;
      note.textContent = `Variant ${this.rules.Variant}: the engine refuses it: ${error}`;
      this.rules.Variant = change.previous;
      if (select) select.value = change.previous;
      return this.checkSetup(null);
    }
    const display = parseDisplay(lines);
    $("#engine-rules").textContent = display ? `engine: ${display.rules}` : "";
    if (!error && display) {
      const position = parsePositionString(display.position);
      this.seatLabels(position.seating.map((s) => s.armies));
      if (!this.game) this.showPosition(position.pieces, position.geometry);
    }
  }

  seatLabels(armies) {
    document.querySelectorAll("#seats .seat").forEach((row, i) => {
      const letters = armies[i] ?? "";
      $(".seat-name", row).textContent = `Player ${i + 1}${letters ? ` (${letters})` : ""}`;
      $(".swatch", row).style.background = letters ? COLOURS[letters[0]] : "#ccc";
    });
  }

  bindControls() {
    $("#new-game").addEventListener("click", () => this.newGame().catch((e) => this.fail(e)));
    $("#takeback").addEventListener("click", () => this.takeBack().catch((e) => this.fail(e)));
    $("#pause").addEventListener("click", () => this.togglePause());
    $("#save").addEventListener("click", () => this.save());
    $("#load-record").addEventListener("click", () => this.loadRecord().catch((e) => this.fail(e)));
    $("#record-file").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (file) $("#record-text").value = await file.text();
      this.listRecordGames();
    });
    $("#record-text").addEventListener("change", () => this.listRecordGames());
    $("#show-pv").addEventListener("change", () => this.drawThinkingLine());
    $("#show-names").addEventListener("change", (e) => $("#board").classList.toggle("names", e.target.checked));
    $("#curtain-continue").addEventListener("click", () => this.lift());
    $("#log-box").addEventListener("toggle", () => ($("#log").textContent = this.logLines.slice(-400).join("\n")));
  }

  fail(error) {
    console.error(error);
    this.setStatus(`Error: ${error.message ?? error}`);
  }

  // ---- games -------------------------------------------------------------

  async closeGame() {
    this.turnToken += 1;
    clearInterval(this.clockTimer);
    if (!this.game) return;
    for (const engine of this.game.engines) engine?.close();
    this.game.referee?.close();
    this.game = null;
  }

  // A new game under the form's settings; `events` replays a record.
  async newGame({ events = [], paused = false } = {}) {
    await this.validation;
    await this.closeGame();
    const token = this.turnToken;
    const rules = { ...this.rules };
    const seats = this.seats.map((s) => structuredClone(s));
    const dragonsVariant = rules.Variant === "dragons";
    this.setStatus("Starting the engines…");
    const { engine: referee } = await this.connect("referee");
    const game = {
      rules,
      seats,
      referee,
      engines: [],
      frames: [],
      dragonsVariant,
      startCommand: this.startCommand(),
      startedFromStartpos: this.startCommand() === "position startpos",
      paused,
      thinking: [],
      names: [],
    };
    this.game = game;
    referee.onClose = () => this.game === game && this.fail(new Error("the referee engine closed"));
    const lines = await referee.query(...this.ruleCommands(), "ucinewgame", game.startCommand, "d", "legal", "status");
    if (errorOf(lines)) throw new Error(errorOf(lines));
    const start = this.frameOf(lines);
    start.kind = "start";
    start.base = game.startCommand;
    start.moves = [];
    start.clocks = seats.map((s) => {
      const tc = s.kind === "engine" ? s.tc : s.humanTc;
      return tc.kind === "clock" ? tc.base * 1000 : null;
    });
    game.frames.push(start);
    game.opening = start.display.position;
    for (const [i, seat] of seats.entries()) {
      game.names[i] = "human";
      if (seat.kind !== "engine") continue;
      const player = i + 1;
      const { engine } = await this.connect(`player ${player}`);
      game.engines[i] = engine;
      engine.onClose = () => this.game === game && this.eliminate(player, "engine disconnected").catch((e) => this.fail(e));
      const changed = this.engineOptionNames.filter((n) => seat.options[n] !== this.option(n).default);
      const options = changed.map((n) => setoptionLine(n, seat.options[n]));
      const answer = await engine.query(...this.ruleCommands(), ...options, "ucinewgame");
      if (errorOf(answer)) throw new Error(`player ${player}: ${errorOf(answer)}`);
      game.names[i] = [engine.name || "engine", ...changed.map((n) => `${n.replace(/ /g, "")}=${seat.options[n]}`)].join(" ");
    }
    if (token !== this.turnToken) return;
    this.renderThinkingPanels();
    $("#new-game").textContent = "New game";
    for (const id of ["#takeback", "#pause", "#save"]) $(id).disabled = false;
    if (dragonsVariant) await this.setDragons(token);
    for (const event of events) {
      if (token !== this.turnToken) return;
      const answer =
        event.kind === "elimination"
          ? await this.eliminate(event.player, event.text, { quiet: true })
          : await this.playMove(event.player, splitMove(event.text).holes.join(""), event.ms, { animate: false });
      if (answer?.error) throw new Error(`record, ply ${this.game.frames.length}: ${answer.error}`);
    }
    this.render();
    this.turn();
  }

  frameOf(lines) {
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

  get last() {
    return this.game.frames[this.game.frames.length - 1];
  }

  command(base, moves) {
    return moves.length ? `${base} moves ${moves.join(" ")}` : base;
  }

  // The `position` command an engine seat is given.
  seatCommand(frame, player) {
    const game = this.game;
    if (!game.dragonsVariant) return this.command(frame.base, frame.moves);
    const fromStart = game.startedFromStartpos && frame.base === game.frames[0].base;
    return seatPositionCommand(fromStart ? null : frame.baseView(player), frame.baseDragons, player, frame.moves);
  }

  // Plays a move through the referee; the engine's `d` gives its full path.
  async playMove(player, moveText, ms, { animate = true } = {}) {
    const game = this.game;
    const previous = this.last;
    if (player !== previous.display.toMove) return { error: `player ${player} moved, but player ${previous.display.toMove} is to move` };
    const { holes } = splitMove(moveText);
    let marks = "";
    let dragons = previous.dragons;
    if (game.dragonsVariant && dragons) {
      ({ dragons, marks } = playDragonMove(dragons, previous.position.pieces, previous.position.seating, previous.position.geometry, holes));
    }
    const moves = [...previous.moves, holes.join("") + marks];
    const lines = await game.referee.query(this.command(previous.base, moves), "d", "legal", "status");
    if (this.game !== game) return { error: "the game was closed" };
    const error = errorOf(lines);
    if (error) return { error };
    const frame = this.frameOf(lines);
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
    this.game.frames.push(frame);
    if (animate) {
      this.board.setPrincipalLine([]);
      this.board.setMarks();
      await this.board.animate(path);
    }
    return { frame };
  }

  // The referee takes a player out (a fault, a loss on time): the position
  // string marks it eliminated and the next player still in is to move.
  async eliminate(player, reason, { quiet = false } = {}) {
    const game = this.game;
    if (!game || !game.frames.length) return { error: "no game" };
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
    if (game.dragonsVariant && previous.dragons) position.pieces = viewPieces(position.pieces, previous.dragons, position.seating, 0);
    const text = formatPositionString(position);
    const lines = await game.referee.query(`position fen ${text}`, "d", "legal", "status");
    if (this.game !== game) return { error: "the game was closed" };
    if (errorOf(lines)) return { error: errorOf(lines) };
    const frame = this.frameOf(lines);
    const dragons = previous.dragons;
    Object.assign(frame, {
      kind: "elimination",
      player,
      text: reason,
      base: `position fen ${text}`,
      baseView: (viewer) => formatPositionString({ ...position, pieces: viewPieces(position.pieces, dragons, position.seating, viewer) }),
      baseDragons: dragons,
      moves: [],
      dragons,
      clocks: [...previous.clocks],
    });
    game.frames.push(frame);
    if (!quiet) {
      this.turnToken += 1;
      game.engines[player - 1]?.stop();
      this.render();
      this.turn();
    }
    return { frame };
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
    if (tc.kind === "clock") return `go p${player}time ${Math.max(0, Math.round(clock))} p${player}inc ${Math.round(tc.inc * 1000)}`;
    return `go ${tc.kind} ${tc.value}`;
  }

  async engineTurn(player, token) {
    const game = this.game;
    const frame = this.last;
    const engine = game.engines[player - 1];
    const seat = game.seats[player - 1];
    const fault = (reason) => token === this.turnToken && this.eliminate(player, reason);
    const answer = await engine.query(this.seatCommand(frame, player));
    if (token !== this.turnToken) return;
    if (errorOf(answer)) return fault(`position refused: ${errorOf(answer)}`);
    const thinking = (game.thinking[player - 1] = { lines: new Map(), player, frameIndex: game.frames.length });
    this.renderThinking(player);
    let result;
    try {
      result = await engine.go(this.goCommand(seat, player, frame.clocks[player - 1]), (info) => {
        if (info.depth === undefined) return;
        thinking.lines.set(info.multipv ?? 1, info);
        if (token === this.turnToken) {
          this.renderThinking(player);
          this.drawThinkingLine();
        }
      });
    } catch (error) {
      return fault(`engine error: ${error.message}`);
    }
    if (token !== this.turnToken || this.game !== game) return;
    thinking.played = result;
    this.renderThinking(player);
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
    while (game.frames.length > 1 && humans && game.seats[this.last.display.toMove - 1].kind !== "human");
    if (!humans) game.paused = true;
    game.thinking = [];
    this.renderThinkingPanels();
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
    await this.startDragons(chosen);
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
        if (humans > 1) await this.curtain(`Player ${player} chooses a dragon: the others look away.`);
        this.board.setPieces(viewPieces(start.position.pieces, newDragons({}), seating, player));
        this.board.setMarks({ movable: [...start.position.pieces.keys()].filter((h) => isHomeHole(start.position.geometry, seating, player, h)) });
        this.setStatus(`Player ${player}: click the piece that will be your dragon.`);
        chosen[player] = await new Promise((resolve) => {
          this.humanChoice = (hole) => {
            if (!isHomeHole(start.position.geometry, seating, player, hole) || !start.position.pieces.has(hole)) return;
            this.humanChoice = null;
            resolve(hole);
          };
        });
      }
      if (token !== this.turnToken) return;
    }
    game.choosing = false;
  }

  async startDragons(chosen) {
    const game = this.game;
    const start = this.last;
    const seating = start.position.seating;
    const dragons = newDragons(chosen);
    const referee = formatPositionString({ ...start.position, pieces: viewPieces(start.position.pieces, dragons, seating, 0) });
    const lines = await game.referee.query(`position fen ${referee}`, "d", "legal", "status");
    if (errorOf(lines)) throw new Error(errorOf(lines));
    const frame = this.frameOf(lines);
    const basePosition = frame.position;
    Object.assign(frame, {
      kind: "start",
      base: `position fen ${referee}`,
      baseView: (viewer) => formatPositionString({ ...basePosition, pieces: viewPieces(basePosition.pieces, dragons, seating, viewer) }),
      baseDragons: dragons,
      moves: [],
      dragons,
      clocks: start.clocks,
    });
    game.frames = [frame];
    game.opening = referee;
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
    const hidden = game.dragonsVariant && frame.dragons && game.seats.some((s) => s.kind === "human");
    $("#log-box").hidden = Boolean(hidden);
    if (game.dragonsVariant && frame.dragons) {
      const viewer = this.viewer();
      if (viewer && viewer !== game.shownViewer && game.seats.filter((s) => s.kind === "human").length > 1) {
        game.shownViewer = viewer;
        this.curtain(`Player ${viewer}'s turn: the others look away.`);
      }
      pieces = viewPieces(pieces, frame.dragons, frame.position.seating, viewer);
      positionString = viewPositionString(frame.position, frame.dragons, viewer);
    }
    this.showPosition(pieces, frame.position.geometry);
    this.board.setLastMove(frame.path);
    $("#position-string").value = positionString;
    this.renderMoves();
    this.renderClocks();
    this.setStatus(this.statusText());
    $("#pause").textContent = game.paused ? "Resume" : "Pause";
    $("#takeback").disabled = game.frames.length <= 1;
    this.drawThinkingLine();
    this.rendered = game.frames.length;
  }

  statusText() {
    const game = this.game;
    const frame = this.last;
    const name = (p) => `player ${p} (${frame.position.seating[p - 1]?.armies ?? "?"})`;
    if (frame.status.over) {
      const places = frame.status.places;
      const winners = places[0] ?? [];
      const headline = winners.length > 1 ? `Shared first place: ${winners.map(name).join(", ")}` : `${name(winners[0])} wins`;
      return `Game over: ${headline}. Places: ${formatPlaces(places)}.`;
    }
    const player = frame.display.toMove;
    const seat = game.seats[player - 1];
    const who = seat.kind === "engine" ? "engine" : "human";
    const paused = game.paused && seat.kind === "engine" ? " (paused)" : "";
    return `Move ${frame.display.moveCount + 1}: ${name(player)} to move, ${who}${paused}.`;
  }

  setStatus(text) {
    const node = $("#status");
    node.textContent = text;
    node.classList.toggle("over", Boolean(this.game && this.game.frames.length && this.last.status.over));
  }

  renderMoves() {
    const list = $("#moves");
    list.replaceChildren();
    for (const frame of this.game.frames.slice(1)) {
      const armies = frame.position.seating[frame.player - 1]?.armies ?? "";
      const item = make("li", { class: frame.kind });
      const dot = make("span", { class: "dot" });
      dot.style.background = COLOURS[armies[0]] ?? "#999";
      item.append(dot, make("span", { class: "who" }, `p${frame.player}`), " ");
      item.append(make("span", { class: "path mono" }, frame.kind === "move" ? frame.text : `out: ${frame.text}`));
      if (frame.kind === "move") item.append(make("span", { class: "ms" }, `${(frame.ms / 1000).toFixed(1)} s`));
      list.append(item);
    }
    list.scrollTop = list.scrollHeight;
  }

  renderClocks(running = 0, left = 0) {
    const frame = this.last;
    document.querySelectorAll("#seats .seat").forEach((row, i) => {
      const clock = frame?.clocks?.[i];
      $(".clock", row).textContent = clock === null || clock === undefined ? "" : formatClock(running === i + 1 ? left : clock);
      row.classList.toggle("to-move", frame?.display.toMove === i + 1 && !frame.status.over);
    });
  }

  renderThinkingPanels() {
    const box = $("#thinking");
    box.replaceChildren();
    const game = this.game;
    game.seats.forEach((seat, i) => {
      if (seat.kind !== "engine") return;
      const armies = this.last.position.seating[i]?.armies ?? "";
      const card = make("div", { class: "engine-card", "data-player": i + 1 });
      const title = make("h3");
      const dot = make("span", { class: "dot" });
      dot.style.background = COLOURS[armies[0]] ?? "#999";
      const tc = seat.tc.kind === "clock" ? `${seat.tc.base}+${seat.tc.inc} s` : `${seat.tc.kind} ${seat.tc.value}`;
      title.append(dot, `Player ${i + 1} (${armies}) · ${game.names[i]} · ${tc}`);
      card.append(title, make("div", { class: "figures" }), make("div", { class: "values" }), make("div", { class: "pv mono" }), make("div", { class: "played" }));
      box.append(card);
    });
    if (!box.children.length) box.append(make("p", { class: "note" }, "No engine seat in this game."));
  }

  renderThinking(player) {
    const card = document.querySelector(`.engine-card[data-player="${player}"]`);
    const thinking = this.game.thinking[player - 1];
    if (!card || !thinking) return;
    const best = thinking.lines.get(1);
    const figures = $(".figures", card);
    const values = $(".values", card);
    const pv = $(".pv", card);
    $(".played", card).textContent = thinking.played ? `played ${thinking.played.move} after ${(thinking.played.ms / 1000).toFixed(2)} s` : "";
    if (!best) {
      figures.textContent = "thinking…";
      values.replaceChildren();
      pv.textContent = "";
      return;
    }
    const fields = [
      ["depth", `${best.depth}/${best.seldepth ?? best.depth}`],
      ["score", formatScore(best.score)],
      ["nodes", (best.nodes ?? 0).toLocaleString("en")],
      ["nps", (best.nps ?? 0).toLocaleString("en")],
      ["time", `${((best.time ?? 0) / 1000).toFixed(2)} s`],
    ];
    figures.replaceChildren(...fields.map(([k, v]) => make("span", { class: `figure ${k}` }, `${k} ${v}`)));
    // The shares of the players still in the game, in seat order.
    values.replaceChildren();
    if (best.values) {
      const frame = this.game.frames[thinking.frameIndex - 1] ?? this.last;
      const inGame = frame.position.seating.map((s, i) => (s.eliminated ? 0 : i + 1)).filter(Boolean);
      best.values.forEach((share, k) => {
        const p = inGame[k] ?? k + 1;
        const armies = frame.position.seating[p - 1]?.armies ?? "";
        const bar = make("div", { class: "value", "data-player": p });
        const fill = make("span", { class: "fill" });
        fill.style.width = `${Math.round(share * 100)}%`;
        fill.style.background = COLOURS[armies[0]] ?? "#999";
        bar.append(make("span", { class: "label" }, `p${p}`), make("span", { class: "track" }), make("span", { class: "share" }, share.toFixed(3)));
        bar.querySelector(".track").append(fill);
        values.append(bar);
      });
    }
    const multi = [...thinking.lines.entries()].sort((a, b) => a[0] - b[0]);
    pv.replaceChildren(
      ...multi.map(([k, info]) => make("div", {}, `${multi.length > 1 ? `${k}. ` : ""}${formatScore(info.score)}  ${(info.pv ?? []).join(" ")}`)),
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
      if (pv.length > 1 && splitMove(pv[0]).holes.join("") === this.last.path?.join("")) line = pv.slice(1);
    }
    this.board.setPrincipalLine(showing ? line : []);
    // How many arrows of its line were drawn while an engine thought.
    if (current) current.pvDrawn = Math.max(current.pvDrawn ?? 0, this.board.pvLayer.childElementCount);
  }

  // ---- records -------------------------------------------------------------

  recordOf() {
    const game = this.game;
    const frames = game.frames;
    const last = this.last;
    const events = frames.slice(1).map((f) => (f.kind === "move" ? { kind: "move", player: f.player, text: f.text, ms: f.ms } : { kind: "elimination", player: f.player, text: f.text }));
    const faults = frames.filter((f) => f.kind === "elimination");
    const maxPlies = Number(game.rules.MaxPlies ?? 0);
    let termination = "unfinished";
    if (last.status.over) {
      if (faults.length) termination = faults[faults.length - 1].text;
      else if (maxPlies > 0 && last.display.moveCount >= maxPlies) termination = `move limit: adjudicated at ${plural(maxPlies, "ply", "plies")}`;
      else termination = "finished";
    }
    return formatRecord({
      event: "tiaoqi-web",
      engines: [...new Set(game.names)],
      seating: game.names,
      options: this.ruleNames.map((n) => `${n}=${game.rules[n]}`).join(" "),
      opening: game.opening,
      result: last.status.over ? formatPlaces(last.status.places) : "*",
      termination,
      events,
    });
  }

  save() {
    if (!this.game) return;
    const text = this.recordOf();
    $("#record-text").value = text;
    $("#record-box").open = true;
    const link = make("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: "tiaoqi-game.txt" });
    link.click();
    URL.revokeObjectURL(link.href);
  }

  listRecordGames() {
    const select = $("#record-game");
    select.replaceChildren();
    try {
      const records = parseRecords($("#record-text").value);
      records.forEach((r, i) => select.append(make("option", { value: i }, `game ${r.game ?? i + 1}: ${r.seating.join(" v ")} ${r.result}`)));
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
    for (const [name, value] of parseOptionsTag(record.options)) {
      const known = this.ruleNames.find((n) => n.toLowerCase() === name.toLowerCase());
      if (!known) throw new Error(`Options tag: '${name}' is no rule option of this engine`);
      this.rules[known] = value;
      const input = document.querySelector(`#rules [data-option="${known}"]`);
      if (input?.type === "checkbox") input.checked = value === "true";
      else if (input) input.value = value;
    }
    $("#players").value = this.rules.Players;
    $("#armies").value = this.rules.ArmiesPerPlayer;
    const players = Number(this.rules.Players);
    if (this.seats.length !== players) {
      this.seats = [];
      for (let i = 0; i < players; ++i) this.seats.push(this.seatDefaults());
    }
    this.buildSeats();
    $("#start-fen").value = record.opening;
    document.querySelector("input[name=start][value=fen]").checked = true;
    await this.validateSetup();
    if (!$("#setup-error").hidden) throw new Error($("#setup-error").textContent);
    const last = record.events[record.events.length - 1];
    await this.newGame({ events: record.events, paused: Boolean(last) && this.seats.some((s) => s.kind === "engine") });
  }
}

const app = new App();
window.tiaoqi = { app, parseRecords, formatRecord };
app.start().catch((error) => {
  app.setConnection(`cannot reach the engine: ${error.message}`, true);
  console.error(error);
});
