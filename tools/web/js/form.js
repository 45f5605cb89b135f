// The setup form's pieces: an input per engine option (docs/protocol.md,
// section 6) and the row of a seat.

import { $, make, plural } from "./dom.js";
import { fillLevelChoice } from "./strength.js";

// Time controls by seat kind: [value, label, preset].
export const TIME_CONTROLS = {
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
    // The last value taken: a value refused puts it back, and says so.
    let taken = String(value);
    input.addEventListener("change", () => {
      const text = input.value.trim();
      const number = Number(text);
      if (text === "" || !Number.isInteger(number) || number < option.min || number > option.max) {
        const got = text === "" || input.validity.badInput ? "no number" : `'${text}'`;
        input.value = taken;
        complain(
          `${option.label ?? option.name} takes a whole number from ${option.min} to ${option.max}, got ${got}; it stays ${taken}.`,
        );
        return;
      }
      complain("");
      taken = String(number);
      input.value = taken;
      onChange(taken);
    });
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
// strength (`strength`: its levels, or the reason it has none) and
// options. It edits `seat` in place.
export function seatRow(seat, player, engineOptions, strength) {
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
  value.addEventListener(
    "change",
    () => (seat.tc.value = Math.max(1, Math.round(Number(value.value) || 1))),
  );
  base.addEventListener(
    "change",
    () =>
      ((seat.kind === "engine" ? seat.tc : seat.humanTc).base = Math.max(
        0,
        Number(base.value) || 0,
      )),
  );
  inc.addEventListener(
    "change",
    () =>
      ((seat.kind === "engine" ? seat.tc : seat.humanTc).inc = Math.max(0, Number(inc.value) || 0)),
  );
  fillLevelChoice($(".level", row), seat, strength.levels, strength.reason);
  const grid = $(".engine-options .option-grid", row);
  for (const option of engineOptions)
    grid.append(
      optionInput(option, seat.options[option.name], (v) => (seat.options[option.name] = v)),
    );
  refresh();
  return row;
}
