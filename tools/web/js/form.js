// The setup form's pieces: an input per engine option (docs/protocol.md,
// section 6) and the row of a seat.

import { $, make, plural } from "./dom.js";
import { fillLevelChoice } from "./levels.js";

// Time controls by seat kind: [value, label, preset, most]. The most
// plies are the engine's `go depth` limit, the most milliseconds its
// clock limit (docs/protocol.md, "go"); nodes stop where a JavaScript
// number stops counting whole numbers exactly.
export const TIME_CONTROLS = {
  engine: [
    ["movetime", "ms a move", 1000, 1e12],
    ["depth", "plies", 6, 255],
    ["nodes", "nodes a move", 100000, 1e15],
    ["clock", "clock", 0],
  ],
  human: [
    ["none", "no clock", 0],
    ["clock", "clock", 0],
  ],
};

// A seat's time control in words: "1000 ms a move", "6 plies",
// "clock 300+2 s".
export function timeControlText(tc) {
  if (tc.kind === "clock") return `clock ${tc.base}+${tc.inc} s`;
  if (tc.kind === "depth") return plural(Number(tc.value), "ply", "plies");
  const unit = TIME_CONTROLS.engine.find(([kind]) => kind === tc.kind)?.[1] ?? tc.kind;
  return `${Number(tc.value).toLocaleString("en")} ${unit}`;
}

// An input for one engine option (docs/protocol.md, section 6), under
// its label and with its help as the tooltip (both from the engine's
// `help`, read into the option by the setup).
export function optionInput(option, value, onChange) {
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
    let taken = String(value);
    guardNumber(
      input,
      () => ({
        words: option.label ?? option.name,
        what: "a whole number",
        min: option.min,
        max: option.max,
        whole: true,
        taken,
      }),
      (number) => {
        taken = String(number);
        onChange(taken);
      },
      (text) => complain(text),
    );
  } else {
    input = make("input", { type: "text" });
    input.value = value ?? "";
    input.addEventListener("change", () => onChange(input.value));
  }
  input.dataset.option = option.name;
  const help = option.help;
  const label = make("label", { class: option.type === "check" ? "check" : "" });
  if (help) label.title = input.title = help;
  const words = option.label ?? option.name;
  label.append(
    option.type === "check" ? input : words + " ",
    option.type === "check" ? " " + words : input,
  );
  // Where a refused value is explained, under the field.
  const message = make("span", { class: "field-error", role: "alert" });
  message.hidden = true;
  label.append(message);
  function complain(text) {
    message.textContent = text;
    message.hidden = !text;
    input.classList.toggle("refused", Boolean(text));
  }
  return label;
}

// Guards a number field: a number from `min` to `max` (above 0 when
// `above0`, whole when `whole`) goes to `take`; anything else puts the
// last value taken back and `complain`s what the field takes and what it
// got, as the engine's own errors do. `rule` is read at each change, for
// a field whose range changes with another (a seat's time control).
function guardNumber(input, rule, take, complain) {
  input.addEventListener("change", () => {
    const { words, what, min, max, whole, above0, taken } = rule();
    const text = input.value.trim();
    const number = Number(text);
    const fits =
      text !== "" &&
      Number.isFinite(number) &&
      (!whole || Number.isInteger(number)) &&
      (above0 ? number > 0 : number >= min) &&
      number <= max;
    if (!fits) {
      const got = text === "" || input.validity.badInput ? "no number" : `'${text}'`;
      const range = above0 ? `above 0, up to ${max}` : `from ${min} to ${max}`;
      input.value = taken;
      complain(`${words} takes ${what} ${range}, got ${got}; it stays ${taken}.`);
      return;
    }
    complain("");
    input.value = String(number);
    take(number);
  });
}

// A new seat: a human without a clock; as an engine, a second a move at
// full strength (level null).
export function seatDefaults(engineOptions) {
  const options = {};
  for (const option of engineOptions) options[option.name] = option.default;
  return {
    kind: "human",
    options,
    level: null,
    tc: { kind: "movetime", value: 1000, base: 300, inc: 2 },
    humanTc: { kind: "none", base: 300, inc: 2 },
  };
}

// A seat's row of the form: human or engine, time control, the engine's
// level (`levelChoice`: its levels, or the reason it has none) and
// options. It edits `seat` in place.
export function seatRow(seat, player, engineOptions, levelChoice) {
  const row = $("#seat-template").content.firstElementChild.cloneNode(true);
  row.dataset.player = player;
  $(".seat-name", row).textContent = `Player ${player}`;
  const kind = $(".kind", row);
  kind.value = seat.kind;
  const tcKind = $(".tc-kind", row);
  const value = $(".tc-value", row);
  const base = $(".tc-base", row);
  const inc = $(".tc-inc", row);
  // A refused time is explained under the row, as a refused option is.
  const message = make("span", { class: "field-error", role: "alert" });
  message.hidden = true;
  $(".level", row).before(message);
  const complainAt = (input) => (text) => {
    message.textContent = text;
    message.hidden = !text;
    for (const field of [value, base, inc]) field.classList.remove("refused");
    input.classList.toggle("refused", Boolean(text));
  };
  const refresh = () => {
    const tc = seat.kind === "engine" ? seat.tc : seat.humanTc;
    tcKind.replaceChildren(
      ...TIME_CONTROLS[seat.kind].map(([v, label]) => make("option", { value: v }, label)),
    );
    tcKind.value = tc.kind;
    const unit = TIME_CONTROLS[seat.kind].find(([v]) => v === tc.kind);
    value.hidden = !(seat.kind === "engine" && tc.kind !== "clock");
    value.value = tc.value ?? "";
    value.title = unit ? unit[1] : "";
    $(".tc-clock", row).hidden = tc.kind !== "clock";
    base.value = tc.base;
    inc.value = tc.inc;
    $(".level", row).hidden = seat.kind !== "engine";
    $(".engine-options", row).hidden = seat.kind !== "engine";
    complainAt(value)("");
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
  const clockOf = () => (seat.kind === "engine" ? seat.tc : seat.humanTc);
  guardNumber(
    value,
    () => {
      const [, unit, , most] = TIME_CONTROLS.engine.find(([v]) => v === seat.tc.kind);
      const words = `Player ${player}'s time`;
      const what = `a whole number of ${unit}`;
      return { words, what, min: 1, max: most, whole: true, taken: seat.tc.value };
    },
    (number) => (seat.tc.value = number),
    complainAt(value),
  );
  // The clock's seconds, up to the engine's clock limit (1e12 ms).
  const mostSeconds = 1e9;
  guardNumber(
    base,
    () => ({
      words: `Player ${player}'s clock`,
      what: "seconds",
      max: mostSeconds,
      above0: true,
      taken: clockOf().base,
    }),
    (number) => (clockOf().base = number),
    complainAt(base),
  );
  guardNumber(
    inc,
    () => ({
      words: `Player ${player}'s increment`,
      what: "seconds a move",
      min: 0,
      max: mostSeconds,
      taken: clockOf().inc,
    }),
    (number) => (clockOf().inc = number),
    complainAt(inc),
  );
  fillLevelChoice($(".level", row), seat, levelChoice.levels, levelChoice.reason);
  const grid = $(".engine-options .option-grid", row);
  for (const option of engineOptions)
    grid.append(
      optionInput(option, seat.options[option.name], (v) => (seat.options[option.name] = v)),
    );
  refresh();
  return row;
}
