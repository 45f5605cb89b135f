// Reading the engine's lines (docs/protocol.md, sections 4 to 6). Pure
// functions: they take text and return plain values.

const words = (line) => String(line).trim().split(/\s+/).filter(Boolean);

// "option name Move Overhead type spin default 30 min 0 max 5000"
export function parseOptionLine(line) {
  const w = words(line);
  if (w[0] !== "option" || w[1] !== "name") return null;
  const typeAt = w.indexOf("type", 2);
  if (typeAt < 0) return null;
  const option = { name: w.slice(2, typeAt).join(" "), type: w[typeAt + 1], vars: [] };
  const keys = new Set(["default", "min", "max", "var"]);
  for (let i = typeAt + 2; i < w.length;) {
    const key = w[i];
    let j = i + 1;
    while (j < w.length && !keys.has(w[j])) ++j;
    const value = w.slice(i + 1, j).join(" ");
    if (key === "var") option.vars.push(value);
    else if (key === "min" || key === "max") option[key] = Number(value);
    else if (key === "default") option.default = value;
    i = j;
  }
  return option;
}

// "help name Move Overhead label Move overhead (ms) text Milliseconds ...":
// an option's label and one-line help, the answer to `help`.
export function parseHelpLine(line) {
  const match = /^help name (.+?) label (.+?) text (.+)$/.exec(String(line).trim());
  return match ? { name: match[1], label: match[2], help: match[3] } : null;
}

// "info depth 3 ... score cp 39 values 0.4 0.3 0.3 ... pv k3i5 e15e13"
export function parseInfoLine(line) {
  const w = words(line);
  if (w[0] !== "info") return null;
  const info = {};
  const numeric = new Set(["depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull"]);
  const known = new Set([...numeric, "score", "values", "pv", "currmove", "string"]);
  for (let i = 1; i < w.length;) {
    const key = w[i];
    if (key === "string") {
      info.string = w.slice(i + 1).join(" ");
      break;
    }
    if (numeric.has(key)) {
      info[key] = Number(w[i + 1]);
      i += 2;
    } else if (key === "score") {
      info.score = { kind: w[i + 1], value: Number(w[i + 2]) };
      i += 3;
    } else if (key === "currmove") {
      info.currmove = w[i + 1];
      i += 2;
    } else if (key === "values" || key === "pv") {
      let j = i + 1;
      while (j < w.length && !known.has(w[j])) ++j;
      const list = w.slice(i + 1, j);
      info[key] = key === "values" ? list.map(Number) : list;
      i = j;
    } else {
      i += 1;
    }
  }
  return info;
}

// "cp 39" as "+0.39" steps; "win 5" as "wins in 5".
export function formatScore(score) {
  if (!score) return "";
  if (score.kind === "cp") return `${score.value >= 0 ? "+" : ""}${(score.value / 100).toFixed(2)}`;
  if (score.kind === "win") return `wins in ${score.value}`;
  if (score.kind === "loss") return `loses in ${score.value}`;
  return `${score.kind} ${score.value}`;
}

export function parseBestmove(line) {
  const w = words(line);
  if (w[0] !== "bestmove") return null;
  const ponderAt = w.indexOf("ponder");
  return { move: w[1] ?? "none", ponder: ponderAt > 0 ? w[ponderAt + 1] : undefined };
}

// "legal k3i5 k3k5 ..." into {from, to} pairs.
export function parseLegal(line) {
  const w = words(line);
  if (w[0] !== "legal") return null;
  return w.slice(1).map((move) => {
    const [from, to] = move.match(/[a-z]\d+/g);
    return { from, to, text: move };
  });
}

// "status over 1 2=3" into places (arrays of player numbers).
export function parseStatus(line) {
  const w = words(line);
  if (w[0] !== "status") return null;
  if (w[1] !== "over") return { over: false, places: [] };
  return { over: true, places: w.slice(2).map((group) => group.split("=").map(Number)) };
}

export function formatPlaces(places) {
  return places.map((group) => group.join("=")).join(" ");
}

// "Variant standard, Players 2, Move Overhead 30, Search auto (plays
// alphabeta)": the values by option name, reading each entry with the
// longest option name it starts with.
export function parseSettings(text, optionNames) {
  const names = [...optionNames].sort((a, b) => b.length - a.length);
  const settings = new Map();
  for (const entry of String(text).split(", ")) {
    const name = names.find((n) => entry.toLowerCase().startsWith(n.toLowerCase() + " "));
    if (name) settings.set(name, entry.slice(name.length + 1));
  }
  return settings;
}

// The answer to `d` (docs/protocol.md, section 4): its labelled lines.
export function parseDisplay(lines) {
  const labelled = new Map();
  for (const line of lines) {
    const match = /^([A-Z][a-z ]*): (.*)$/.exec(line);
    if (match) labelled.set(match[1], match[2]);
  }
  if (!labelled.has("Position")) return null;
  const toMove = /^player (\d+)/.exec(labelled.get("To move") ?? "");
  const moves = /^(\d+) played(?:, last (\S+))?/.exec(labelled.get("Moves") ?? "");
  const seating = [];
  for (const seat of (labelled.get("Seating") ?? "").split(", ")) {
    const m = /^player (\d+) (\S+)/.exec(seat);
    if (m) seating[Number(m[1]) - 1] = m[2];
  }
  return {
    position: labelled.get("Position"),
    toMove: toMove ? Number(toMove[1]) : 0,
    seating,
    state: labelled.get("State") ?? "",
    moveCount: moves ? Number(moves[1]) : 0,
    lastMove: moves?.[2],
    rules: labelled.get("Rules") ?? "",
    engine: labelled.get("Engine") ?? "",
    pending: labelled.has("Pending"),
  };
}

// The answer to `levels`: "level club elo 500" lines, weakest first.
export function parseLevels(lines) {
  const levels = [];
  for (const line of lines) {
    const match = /^level (.+) elo (\d+)$/.exec(line.trim());
    if (match) levels.push({ name: match[1], elo: Number(match[2]) });
  }
  return levels;
}

// The first "info string error: ..." of an answer, without its prefix.
export function errorOf(lines) {
  const line = lines.find((l) => l.startsWith("info string error: "));
  return line ? line.slice("info string error: ".length) : null;
}

// "setoption name <name> value <value>"
export function setoptionLine(name, value) {
  return `setoption name ${name} value ${value}`;
}
