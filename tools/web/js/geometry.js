// The star board of docs/rules.md, section 1: holes in cube coordinates
// (x + y + z = 0), named by file letter (x + 2n after 'a') and rank
// (y + 2n + 1), drawn at 2x + y half-spacings from the centre line.

export const ARMIES = "abcdef";

// Which arm (army letter) a hole of arm size n lies in, or "" for the hexagon.
function armOf(x, y, z, n) {
  if (y <= -(n + 1)) return "a";
  if (z >= n + 1) return "b";
  if (x <= -(n + 1)) return "c";
  if (y >= n + 1) return "d";
  if (z <= -(n + 1)) return "e";
  if (x >= n + 1) return "f";
  return "";
}

export class Geometry {
  constructor(armSize) {
    if (![2, 3, 4].includes(armSize))
      throw new Error(`board arm size: expected 2, 3 or 4, got ${armSize}`);
    const n = armSize;
    this.armSize = n;
    this.rankCount = 4 * n + 1;
    // Holes rank by rank from rank 1, files ascending: the engine's order.
    this.holes = [];
    this.byName = new Map();
    this.ranks = [];
    for (let y = -2 * n; y <= 2 * n; ++y) {
      const rank = [];
      for (let x = -2 * n; x <= 2 * n; ++x) {
        const z = -x - y;
        const onBoard = (x >= -n && y >= -n && z >= -n) || (x <= n && y <= n && z <= n);
        if (!onBoard) continue;
        const name = String.fromCharCode(97 + x + 2 * n) + String(y + 2 * n + 1);
        const hole = { index: this.holes.length, x, y, z, name, arm: armOf(x, y, z, n) };
        this.holes.push(hole);
        this.byName.set(name, hole);
        rank.push(hole);
      }
      this.ranks.push(rank);
    }
  }

  hole(name) {
    return this.byName.get(String(name).toLowerCase());
  }

  // The arm's hole farthest from the centre.
  tip(army) {
    const n = this.armSize;
    const tips = {
      a: [n, -2 * n],
      b: [-n, -n],
      c: [-2 * n, n],
      d: [-n, 2 * n],
      e: [n, n],
      f: [2 * n, -n],
    };
    const [x, y] = tips[army];
    return this.holes.find((h) => h.x === x && h.y === y);
  }

  armHoles(army) {
    return this.holes.filter((h) => h.arm === army);
  }

  // Drawing position in units of the hole spacing, north up.
  point(hole) {
    return { x: (2 * hole.x + hole.y) / 2, y: (-hole.y * Math.sqrt(3)) / 2 };
  }
}

const geometries = new Map();
export function geometryOf(armSize) {
  if (!geometries.has(armSize)) geometries.set(armSize, new Geometry(armSize));
  return geometries.get(armSize);
}

// The arm size of a board with this many ranks (9, 13 or 17).
export function armSizeOfRanks(ranks) {
  const n = (ranks - 1) / 4;
  if (![2, 3, 4].includes(n))
    throw new Error(`position string: expected 9, 13 or 17 ranks, got ${ranks}`);
  return n;
}

// A position string (docs/protocol.md, "Position strings") read into
// pieces by hole name; the engine has checked it, so only its shape is read.
export function parsePositionString(text) {
  const fields = String(text).trim().split(/\s+/);
  if (fields.length !== 4) throw new Error(`position string: expected four fields, got '${text}'`);
  const rankTexts = fields[0].split("/");
  const geometry = geometryOf(armSizeOfRanks(rankTexts.length));
  const pieces = new Map();
  rankTexts.forEach((rankText, i) => {
    const rank = geometry.ranks[geometry.rankCount - 1 - i];
    let file = 0;
    for (const token of rankText.match(/\d+|[a-fA-F]|./g) ?? []) {
      if (/^\d+$/.test(token)) {
        file += Number(token);
      } else if (/^[a-fA-F]$/.test(token) && file < rank.length) {
        pieces.set(rank[file].name, {
          army: token.toLowerCase(),
          dragon: token !== token.toLowerCase(),
        });
        file += 1;
      } else {
        throw new Error(`position string: unexpected '${token}' in rank '${rankText}'`);
      }
    }
    if (file !== rank.length)
      throw new Error(
        `position string: rank '${rankText}' describes ${file} holes, not ${rank.length}`,
      );
  });
  const seating = fields[2].split("/").map((seat) => ({
    armies: seat.replace(/-$/, ""),
    eliminated: seat.endsWith("-"),
  }));
  return {
    geometry,
    pieces,
    toMove: Number(fields[1]),
    seating,
    moveCount: Number(fields[3]),
    text: fields.join(" "),
  };
}

// The board field of pieces by hole name; a dragon is written upper case.
export function formatBoardField(geometry, pieces) {
  const ranks = [];
  for (let r = geometry.rankCount - 1; r >= 0; --r) {
    let text = "";
    let empty = 0;
    for (const hole of geometry.ranks[r]) {
      const piece = pieces.get(hole.name);
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      text += piece.dragon ? piece.army.toUpperCase() : piece.army;
    }
    if (empty) text += String(empty);
    ranks.push(text);
  }
  return ranks.join("/");
}

export function formatPositionString(position) {
  const seating = position.seating.map((s) => s.armies + (s.eliminated ? "-" : "")).join("/");
  return `${formatBoardField(position.geometry, position.pieces)} ${position.toMove} ${seating} ${position.moveCount}`;
}

// The holes of a move ("k3k5i7g7", "k3-k5-i7-g7") and the referee's marks
// of the dragons variant ("*" revealed, "#" a dragon captured).
export function splitMove(text) {
  const match = /^([a-zA-Z0-9-]+?)([*#]*)$/.exec(String(text));
  if (!match) return { holes: [], marks: "" };
  const holes = match[1].match(/[a-zA-Z]\d+/g) ?? [];
  return { holes: holes.map((h) => h.toLowerCase()), marks: match[2] };
}

// Plays a move's path on a copy of the pieces: the mover goes to the last
// hole; a piece standing there (a swap) goes to the start hole.
export function applyPath(pieces, holes, { capture = false } = {}) {
  const next = new Map(pieces);
  if (holes.length < 2) return next;
  const from = holes[0];
  const to = holes[holes.length - 1];
  const mover = next.get(from);
  const standing = next.get(to);
  next.delete(from);
  if (mover) next.set(to, mover);
  if (standing && !capture) next.set(from, standing);
  return next;
}
