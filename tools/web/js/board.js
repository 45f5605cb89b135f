// The board as SVG, drawn like tiaoqi-render draws it: a star of two
// triangles through the arm tips, each arm tinted in the colour of the army
// that starts there, every hole, marbles for pieces, a dashed ring and "D"
// for a dragon, the last move as an arrow through its landings.

import { ARMIES, applyPath, splitMove } from "./geometry.js";

export const COLOURS = {
  a: "#d7263d",
  b: "#f08a24",
  c: "#e8c21a",
  d: "#2e9e44",
  e: "#1f5fbf",
  f: "#8e44ad",
};
// The colours' names, as a person calls the marbles drawn in them.
export const COLOUR_NAMES = {
  a: "Red",
  b: "Orange",
  c: "Yellow",
  d: "Green",
  e: "Blue",
  f: "Purple",
};
const DARK = { a: "#7a1020", b: "#8a4a0c", c: "#86700a", d: "#175526", e: "#0f3270", f: "#4e2360" };
const SVG = "http://www.w3.org/2000/svg";
const SPACING = 40;

function element(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The corners of a polygon pushed out from its centroid by pad.
function padded(corners, pad) {
  const c = corners.reduce(
    (s, p) => ({ x: s.x + p.x / corners.length, y: s.y + p.y / corners.length }),
    { x: 0, y: 0 },
  );
  const mid = { x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2 };
  const inradius = Math.hypot(mid.x - c.x, mid.y - c.y);
  const scale = (inradius + pad) / Math.max(inradius, 1e-9);
  return corners.map((p) => ({ x: c.x + (p.x - c.x) * scale, y: c.y + (p.y - c.y) * scale }));
}

const points = (list) => list.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");

export class BoardView {
  // onClick(holeName) is called for a click on a hole or a piece.
  constructor(svg, onClick) {
    this.svg = svg;
    this.onClick = onClick;
    this.geometry = null;
    this.animationMs = 160;
    svg.addEventListener("click", (event) => {
      const target = event.target.closest("[data-hole]");
      if (target) this.onClick(target.dataset.hole);
    });
  }

  at(hole) {
    const p = this.geometry.point(this.geometry.hole(hole));
    return { x: p.x * SPACING, y: p.y * SPACING };
  }

  setGeometry(geometry) {
    if (this.geometry === geometry) return;
    this.geometry = geometry;
    const svg = this.svg;
    svg.replaceChildren();
    // The outermost holes are 1.5n spacings from the centre line and n
    // rows of sqrt(3) from the middle; the star's corners reach beyond.
    const margin = SPACING * 1.45;
    const half = 1.5 * geometry.armSize * SPACING + margin;
    const halfHeight = geometry.armSize * Math.sqrt(3) * SPACING + margin;
    svg.setAttribute("viewBox", `${-half} ${-halfHeight} ${2 * half} ${2 * halfHeight}`);
    svg.dataset.holes = String(geometry.holes.length);
    const defs = element("defs", {}, svg);
    const marker = (id, colour) => {
      const m = element(
        "marker",
        {
          id,
          viewBox: "0 0 10 10",
          refX: 7,
          refY: 5,
          markerWidth: 4,
          markerHeight: 4,
          orient: "auto-start-reverse",
        },
        defs,
      );
      element("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour }, m);
    };
    marker("arrow", "#202020");
    for (const army of ARMIES) marker(`arrow-${army}`, DARK[army]);

    const board = element("g", { class: "board" }, svg);
    for (const tips of ["dbf", "ace"]) {
      const corners = [...tips].map((army) => this.at(geometry.tip(army).name));
      element("polygon", { points: points(padded(corners, SPACING * 0.62)), class: "star" }, board);
    }
    for (const army of ARMIES) {
      const holes = geometry.armHoles(army).map((h) => this.at(h.name));
      const c = holes.reduce(
        (s, p) => ({ x: s.x + p.x / holes.length, y: s.y + p.y / holes.length }),
        { x: 0, y: 0 },
      );
      holes.sort((p, q) => Math.hypot(q.x - c.x, q.y - c.y) - Math.hypot(p.x - c.x, p.y - c.y));
      element(
        "polygon",
        {
          points: points(padded(holes.slice(0, 3), SPACING * 0.45)),
          class: "arm",
          fill: COLOURS[army],
          stroke: COLOURS[army],
        },
        board,
      );
    }
    this.holeLayer = element("g", { class: "holes" }, svg);
    for (const hole of geometry.holes) {
      const p = this.at(hole.name);
      element(
        "circle",
        { class: "hole", cx: p.x, cy: p.y, r: SPACING * 0.16, "data-hole": hole.name },
        this.holeLayer,
      );
    }
    this.lastLayer = element("g", { class: "last-move-layer" }, svg);
    this.pvLayer = element("g", { class: "pv-layer" }, svg);
    this.pieceLayer = element("g", { class: "pieces" }, svg);
    this.markLayer = element("g", { class: "marks" }, svg);
    // The hole names above everything, on the lower rim of their hole, so
    // that no piece hides one.
    this.nameLayer = element("g", { class: "names" }, svg);
    for (const hole of geometry.holes) {
      const p = this.at(hole.name);
      const name = element(
        "text",
        { class: "name", x: p.x, y: p.y + SPACING * 0.5 },
        this.nameLayer,
      );
      name.textContent = hole.name;
    }
  }

  // pieces: hole name -> {army, dragon}
  setPieces(pieces) {
    this.pieces = pieces;
    this.pieceLayer.replaceChildren();
    for (const [hole, piece] of pieces) this.drawPiece(hole, piece);
  }

  drawPiece(hole, piece) {
    const p = this.at(hole);
    const g = element(
      "g",
      {
        class: `piece army-${piece.army}${piece.dragon ? " dragon" : ""}`,
        "data-hole": hole,
        "data-army": piece.army,
        transform: `translate(${p.x} ${p.y})`,
      },
      this.pieceLayer,
    );
    element(
      "circle",
      { r: SPACING * 0.38, fill: COLOURS[piece.army], stroke: DARK[piece.army], "stroke-width": 2 },
      g,
    );
    element(
      "circle",
      {
        cx: -SPACING * 0.11,
        cy: -SPACING * 0.12,
        r: SPACING * 0.11,
        fill: "#fff",
        "fill-opacity": 0.45,
      },
      g,
    );
    if (piece.dragon) {
      element("circle", { class: "dragon-ring", r: SPACING * 0.46 }, g);
      const text = element("text", { class: "dragon-label", y: SPACING * 0.13 }, g);
      text.textContent = "D";
    }
    return g;
  }

  // Marks: movable pieces, the selected piece and the legal targets.
  setMarks({ movable = [], selected = null, targets = [] } = {}) {
    this.markLayer.replaceChildren();
    for (const node of this.svg.querySelectorAll(".movable, .selected, .target"))
      node.classList.remove("movable", "selected", "target");
    for (const hole of movable)
      this.pieceLayer.querySelector(`[data-hole="${hole}"]`)?.classList.add("movable");
    if (selected)
      this.pieceLayer.querySelector(`[data-hole="${selected}"]`)?.classList.add("selected");
    for (const hole of targets) {
      const p = this.at(hole);
      this.holeLayer.querySelector(`[data-hole="${hole}"]`)?.classList.add("target");
      element(
        "circle",
        { class: "target-ring", cx: p.x, cy: p.y, r: SPACING * 0.3, "data-hole": hole },
        this.markLayer,
      );
    }
  }

  // The last move: a ring on its start, dots on its landings, an arrow.
  setLastMove(path) {
    this.lastLayer.replaceChildren();
    if (!path || path.length < 2) return;
    const at = path.map((h) => this.at(h));
    element(
      "circle",
      { class: "from", cx: at[0].x, cy: at[0].y, r: SPACING * 0.3 },
      this.lastLayer,
    );
    for (const p of at.slice(1, -1))
      element("circle", { class: "landing", cx: p.x, cy: p.y, r: SPACING * 0.09 }, this.lastLayer);
    element(
      "polyline",
      { class: "last-move", points: points(at), "marker-end": "url(#arrow)" },
      this.lastLayer,
    );
  }

  // A principal line: each move an arrow in the colour of the piece that
  // makes it, numbered, fading with depth.
  setPrincipalLine(moves) {
    this.pvLayer.replaceChildren();
    if (!moves?.length || !this.pieces) return;
    let pieces = this.pieces;
    moves.slice(0, 8).forEach((move, i) => {
      const { holes } = splitMove(move);
      if (holes.length < 2 || holes.some((h) => !this.geometry.hole(h))) return;
      const army = pieces.get(holes[0])?.army ?? "a";
      const at = holes.map((h) => this.at(h));
      const g = element(
        "g",
        { class: "pv", "data-ply": i + 1, opacity: Math.max(0.25, 0.9 - i * 0.12) },
        this.pvLayer,
      );
      element(
        "polyline",
        { points: points(at), stroke: DARK[army], "marker-end": `url(#arrow-${army})` },
        g,
      );
      const label = element("text", { x: at[0].x, y: at[0].y - SPACING * 0.42 }, g);
      label.textContent = String(i + 1);
      pieces = applyPath(pieces, holes);
    });
  }

  // Moves the piece on path[0] hop by hop to the end of the path.
  async animate(path) {
    const piece = this.pieceLayer.querySelector(`[data-hole="${path[0]}"]`);
    if (!piece || this.animationMs <= 0) return;
    this.pieceLayer.appendChild(piece);
    piece.classList.add("moving");
    for (let i = 1; i < path.length; ++i) {
      const from = this.at(path[i - 1]);
      const to = this.at(path[i]);
      const start = performance.now();
      for (;;) {
        const t = Math.min(1, (performance.now() - start) / this.animationMs);
        const e = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
        const lift = Math.sin(Math.PI * t) * SPACING * 0.25;
        piece.setAttribute(
          "transform",
          `translate(${from.x + (to.x - from.x) * e} ${from.y + (to.y - from.y) * e - lift})`,
        );
        if (t >= 1) break;
        await sleep(16);
      }
      await sleep(20);
    }
  }
}
