// The setup form and the engine behind it: the options from the engine's
// `uci` answer, their labels and help from its `help` answer, which of them are rules (the `Rules:` line of `d`),
// the player counts and variants it accepts, its strength levels, and its
// answer to every change (the start position, or what is wrong).

import { COLOURS } from "./board.js";
import { $, make, plural } from "./dom.js";
import { optionInput, seatDefaults, seatRow } from "./form.js";
import { parsePositionString } from "./geometry.js";
import { seatName } from "./panels.js";
import {
  errorOf,
  parseDisplay,
  parseHelpLine,
  parseLevels,
  parseSettings,
  setoptionLine,
} from "./protocol.js";
import { LEVEL_OPTIONS, levelCommands } from "./levels.js";

export class Setup {
  // connect(label) opens an engine; preview(position) shows the start;
  // setConnection(text, failed) and fail(error) report.
  constructor({ connect, preview, setConnection, fail }) {
    Object.assign(this, { connect, preview, setConnection, fail });
    this.options = [];
    this.ruleNames = [];
    this.engineOptionNames = [];
    this.rules = {};
    this.allowedPlayers = [];
    this.refusedValues = new Map(); // "Variant=dragons" -> the engine's error
    this.variantPlayers = new Map(); // "dragons" -> 3: a variant played only by so many
    this.levelChoice = { levels: [], reason: "" }; // the levels an engine seat may choose
    this.seats = [];
    this.validation = Promise.resolve();
  }

  option(name) {
    return this.options.find((o) => o.name.toLowerCase() === name.toLowerCase());
  }

  // The handshake: the options, which of them are rules (the `Rules:` line
  // of `d`), the player counts and variants the engine accepts, its levels.
  async start() {
    const { engine, options } = await this.connect("setup");
    this.engine = engine;
    engine.onClose = () =>
      this.setConnection("the engine connection closed; reload the page", true);
    this.options = options;
    await this.readWords();
    const display = parseDisplay(await engine.query("d"));
    const names = options.map((o) => o.name);
    this.ruleNames = [...parseSettings(display.rules, names).keys()];
    // The seat's level choice sets the strength options.
    this.engineOptionNames = [...parseSettings(display.engine, names).keys()].filter(
      (n) => !LEVEL_OPTIONS.includes(n),
    );
    for (const name of this.ruleNames) this.rules[name] = this.option(name).default;
    const players = this.option("Players");
    for (let n = players.min; n <= players.max; ++n) {
      const error = errorOf(await engine.query(setoptionLine("Players", n)));
      if (error) this.refusedValues.set(`Players=${n}`, error);
      else this.allowedPlayers.push(n);
    }
    await engine.query(setoptionLine("Players", this.rules.Players));
    await this.probeVariants();
    await this.readLevels();
    this.setConnection(`${engine.name} · ${plural(options.length, "option", "options")}`);
    this.build();
  }

  // Each option's label and one-line help, as the engine's `help` states
  // them; an engine without the command leaves the names and no help.
  async readWords() {
    const answer = await this.engine.query("help");
    for (const line of errorOf(answer) ? [] : answer) {
      const words = parseHelpLine(line);
      const option = words && this.option(words.name);
      if (option) Object.assign(option, { label: words.label, help: words.help });
    }
    for (const option of this.options) {
      option.label ??= option.name;
      option.help ??= "";
    }
  }

  // A variant the engine refuses under the default rules and with three
  // players (the dragons seating) is shown disabled, with its answer; one
  // it takes with three players only is played by three.
  async probeVariants() {
    const variant = this.option("Variant");
    if (!variant) return;
    const engine = this.engine;
    for (const value of variant.vars.filter((v) => v !== variant.default)) {
      let error = null;
      for (const players of [this.rules.Players, 3]) {
        error = errorOf(
          await engine.query(
            setoptionLine("Variant", value),
            setoptionLine("Players", players),
            "position startpos",
          ),
        );
        if (!error) {
          if (String(players) !== this.rules.Players) this.variantPlayers.set(value, players);
          break;
        }
      }
      if (error) this.refusedValues.set(`Variant=${value}`, error);
    }
    await engine.query(
      setoptionLine("Variant", variant.default),
      setoptionLine("Players", this.rules.Players),
      "position startpos",
    );
  }

  // The levels of `levels`, weakest first; none, with the reason, when
  // the engine answers with an error (it predates the command) or has no
  // UCI_LimitStrength to play them with.
  async readLevels() {
    if (!this.option("UCI_LimitStrength")) {
      this.levelChoice.reason = "the engine has no option UCI_LimitStrength";
      return;
    }
    const answer = await this.engine.query("levels");
    const error = errorOf(answer);
    this.levelChoice.levels = error ? [] : parseLevels(answer);
    this.levelChoice.reason = error
      ? `the engine lists no levels: ${error}`
      : "the engine lists no levels";
  }

  // What a seat's engine is told of its level; nothing for an engine
  // that cannot limit it.
  levelCommands(level) {
    return this.option("UCI_LimitStrength") ? levelCommands(level) : [];
  }

  build() {
    const players = $("#players");
    players.replaceChildren(
      ...this.allowedPlayers.map((n) => make("option", { value: n }, String(n))),
    );
    players.value = this.rules.Players;
    const armies = this.option("ArmiesPerPlayer");
    const armySelect = $("#armies");
    for (let n = armies.min; n <= armies.max; ++n)
      armySelect.append(make("option", { value: n }, String(n)));
    armySelect.value = this.rules.ArmiesPerPlayer;
    for (const [name, select] of [
      ["Players", players],
      ["ArmiesPerPlayer", armySelect],
    ]) {
      $(`[data-label-of="${name}"]`).textContent = this.option(name).label;
      select.closest("label").title = select.title = this.option(name).help;
    }
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
    for (const radio of document.querySelectorAll("input[name=start]"))
      radio.addEventListener("change", () => this.validate());
    $("#start-fen").addEventListener("change", () => {
      document.querySelector("input[name=start][value=fen]").checked = true;
      this.validate();
    });
  }

  engineOptions() {
    return this.engineOptionNames.map((name) => this.option(name));
  }

  seatDefaults() {
    return seatDefaults(this.engineOptions());
  }

  setRule(name, value) {
    const previous = this.rules[name];
    this.rules[name] = String(value);
    // A choice of the seating or the variant makes the last switch old news.
    if (["Players", "ArmiesPerPlayer", "Variant"].includes(name)) $("#seating-note").hidden = true;
    if (name === "Players") this.buildSeats();
    this.validate({ name, previous });
  }

  // A variant played by a seating of its own (dragons: three players, one
  // army each, as the probe found with the default armies) takes it when
  // chosen under another, and says so; false when the variant has none or
  // the form has it already.
  takeVariantSeating(variant) {
    const players = this.variantPlayers.get(variant);
    if (!players) return false;
    const wanted = { Players: String(players), ArmiesPerPlayer: "1" };
    const changes = [];
    for (const [name, value] of Object.entries(wanted)) {
      if (this.rules[name] === value) continue;
      changes.push(`${this.option(name).label} ${value} (was ${this.rules[name]})`);
      this.rules[name] = value;
    }
    if (!changes.length) return false;
    $("#players").value = this.rules.Players;
    $("#armies").value = this.rules.ArmiesPerPlayer;
    this.buildSeats();
    const note = $("#seating-note");
    note.hidden = false;
    note.textContent = `Variant ${variant} is played by ${players} players with one army each, so the form now has ${changes.join(" and ")}.`;
    return true;
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
    this.seats.forEach((seat, i) =>
      box.append(seatRow(seat, i + 1, this.engineOptions(), this.levelChoice)),
    );
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
  validate(change = null) {
    this.validation = this.validation.then(() => this.check(change)).catch((e) => this.fail(e));
    return this.validation;
  }

  async check(change) {
    const lines = await this.engine.query(...this.ruleCommands(), this.startCommand(), "d");
    const error = errorOf(lines);
    const box = $("#setup-error");
    box.hidden = !error;
    box.textContent = error ?? "";
    $("#new-game").disabled = Boolean(error);
    if (error && change?.name === "Variant" && this.takeVariantSeating(this.rules.Variant))
      return this.check(null);
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
      return this.check(null);
    }
    const display = parseDisplay(lines);
    $("#engine-rules").textContent = display ? display.rules : "";
    if (!error && display) {
      const position = parsePositionString(display.position);
      this.seatLabels(position.seating);
      this.preview(position);
    }
  }

  // A record's rules and opening into the form; the engine's objection,
  // if it has one.
  async takeRecord(options, opening) {
    for (const [name, value] of options) {
      const known = this.ruleNames.find((n) => n.toLowerCase() === name.toLowerCase());
      if (!known) return `Options tag: '${name}' is no rule option of this engine`;
      this.rules[known] = value;
      const input = document.querySelector(`#rules [data-option="${known}"]`);
      if (input?.type === "checkbox") input.checked = value === "true";
      else if (input) input.value = value;
    }
    $("#players").value = this.rules.Players;
    $("#armies").value = this.rules.ArmiesPerPlayer;
    // Seats are kept when the record has as many players, else all human.
    const players = Number(this.rules.Players);
    if (this.seats.length !== players)
      this.seats = Array.from({ length: players }, () => this.seatDefaults());
    this.buildSeats();
    $("#start-fen").value = opening;
    document.querySelector("input[name=start][value=fen]").checked = true;
    await this.validate();
    return $("#setup-error").hidden ? null : $("#setup-error").textContent;
  }

  // Each seat named by its armies' colours (the seating of the start).
  seatLabels(seating) {
    document.querySelectorAll("#seats .seat").forEach((row, i) => {
      const letters = seating[i]?.armies ?? "";
      $(".seat-name", row).textContent = seatName(seating, i + 1);
      $(".seat-name", row).title =
        `player ${i + 1}${letters ? `, armies ${[...letters].join(", ")}` : ""}`;
      // One band of the swatch per army.
      const bands = [...letters].map(
        (army, k, all) =>
          `${COLOURS[army]} ${(100 * k) / all.length}% ${(100 * (k + 1)) / all.length}%`,
      );
      $(".swatch", row).style.background =
        bands.length > 1
          ? `linear-gradient(90deg, ${bands.join(", ")})`
          : (COLOURS[letters] ?? "#ccc");
    });
  }
}
