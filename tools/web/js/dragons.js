// The referee's side of the dragons variant (docs/rules.md, section 7;
// docs/protocol.md, section 10): the page knows every dragon, tells each
// engine only its own, marks moves with "*" (a dragon ended in another
// player's home and is revealed) and "#" (the captured piece was a dragon),
// and shows each human only its own dragon and the revealed ones.
// Pure functions over plain values, so they can be tested without an
// engine that plays the variant.

import { formatBoardField } from "./geometry.js";

// The player (1-based) whose armies include this army letter, or 0.
export function ownerOf(seating, army) {
  const index = seating.findIndex((seat) => seat.armies.includes(army));
  return index + 1;
}

const distance = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z));

// A new game's dragons: start[player] is the hole its owner chose.
export function newDragons(start) {
  return { start: { ...start }, current: { ...start }, revealed: [], lost: [] };
}

// The marks of a move and the dragons after it. pieces: the board before
// the move (hole name -> {army}); holes: the move's path.
export function playDragonMove(dragons, pieces, seating, geometry, holes) {
  const from = holes[0];
  const to = holes[holes.length - 1];
  const mover = pieces.get(from);
  const owner = mover ? ownerOf(seating, mover.army) : 0;
  const next = {
    start: dragons.start,
    current: { ...dragons.current },
    revealed: [...dragons.revealed],
    lost: [...dragons.lost],
  };
  let marks = "";
  // A step never captures; the last landing of a chain may.
  const isChain = distance(geometry.hole(from), geometry.hole(holes[1])) > 1;
  const standing = pieces.get(to);
  if (isChain && standing && ownerOf(seating, standing.army) !== owner) {
    const victim = ownerOf(seating, standing.army);
    if (next.current[victim] === to) {
      marks += "#";
      next.current[victim] = null;
      if (!next.lost.includes(victim)) next.lost.push(victim);
      if (!next.revealed.includes(victim)) next.revealed.push(victim);
    }
  }
  if (owner && next.current[owner] === from) {
    next.current[owner] = to;
    const arm = geometry.hole(to).arm;
    const other = arm ? ownerOf(seating, arm) : 0;
    if (other && other !== owner) {
      marks = "*" + marks;
      if (!next.revealed.includes(owner)) next.revealed.push(owner);
    }
  }
  return { dragons: next, marks };
}

// The pieces as a player sees them (viewer 0: the referee, every dragon).
export function viewPieces(pieces, dragons, seating, viewer) {
  const view = new Map();
  for (const [hole, piece] of pieces) view.set(hole, { army: piece.army, dragon: false });
  for (const [player, hole] of Object.entries(dragons.current)) {
    const p = Number(player);
    if (!hole || !view.has(hole)) continue;
    if (viewer === 0 || viewer === p || dragons.revealed.includes(p)) view.get(hole).dragon = true;
  }
  return view;
}

// The position string a player (or the referee, viewer 0) may be told.
export function viewPositionString(position, dragons, viewer) {
  const pieces = viewPieces(position.pieces, dragons, position.seating, viewer);
  const seating = position.seating.map((s) => s.armies + (s.eliminated ? "-" : "")).join("/");
  return `${formatBoardField(position.geometry, pieces)} ${position.toMove} ${seating} ${position.moveCount}`;
}

// The `position` command for an engine seat: its own dragon only.
export function seatPositionCommand(startString, dragons, player, moves) {
  const base = startString
    ? `position fen ${startString}`
    : `position startpos dragon ${dragons.start[player]}`;
  return moves.length ? `${base} moves ${moves.join(" ")}` : base;
}

// A home hole of the player, where its dragon may start.
export function isHomeHole(geometry, seating, player, hole) {
  const h = geometry.hole(hole);
  return Boolean(h && h.arm && seating[player - 1]?.armies.includes(h.arm));
}
