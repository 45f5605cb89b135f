// The panels beside the board: the status line, the move list, the
// engines' thinking and the clocks.

import { COLOUR_NAMES, COLOURS } from "./board.js";
import { $, make } from "./dom.js";
import { timeControlText } from "./form.js";
import { formatScore } from "./protocol.js";

export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 100));
  const minutes = Math.floor(total / 600);
  const seconds = ((total % 600) / 10).toFixed(1).padStart(4, "0");
  return `${minutes}:${seconds}`;
}

// A seat by the colours of its armies as the board draws them ("Red",
// "Red and Blue"); "Player N" while its armies are unknown.
export function seatName(seating, player) {
  const names = [...(seating?.[player - 1]?.armies ?? "")]
    .map((army) => COLOUR_NAMES[army])
    .filter(Boolean);
  return names.length ? listNames(names) : `Player ${player}`;
}

// "1st", "2nd", "3rd", "4th" ...
function ordinal(n) {
  return `${n}${["th", "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? "th"}`;
}

// Names joined as a person lists them: "Red", "Red and Blue",
// "Red, Blue and Green".
export function listNames(names) {
  return names.length < 2
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// The final order in words: "1st Green, 2nd Red", a shared place naming
// every seat in it ("1st Red and Blue, 3rd Green").
export function placesText(seating, places) {
  let place = 1;
  return places
    .map((group) => {
      const text = `${ordinal(place)} ${listNames(group.map((p) => seatName(seating, p)))}`;
      place += group.length;
      return text;
    })
    .join(", ");
}

// One line on the game: whose turn, or the result.
export function statusText(game, frame) {
  const name = (p) => seatName(frame.position.seating, p);
  if (frame.status.over) {
    const places = frame.status.places;
    const winners = places[0] ?? [];
    const headline =
      winners.length > 1
        ? `first place shared by ${listNames(winners.map(name))}`
        : `${name(winners[0])} wins`;
    return `Game over: ${headline}. Final order: ${placesText(frame.position.seating, places)}.`;
  }
  const player = frame.display.toMove;
  const seat = game.seats[player - 1];
  const who = seat.kind === "engine" ? "engine" : "human";
  const paused = game.paused && seat.kind === "engine" ? " (paused)" : "";
  return `Move ${frame.display.moveCount + 1}: ${name(player)} to move, ${who}${paused}.`;
}

// The move list: every move and elimination after the start.
export function renderMoves(list, frames) {
  list.replaceChildren();
  for (const frame of frames.slice(1)) {
    const armies = frame.position.seating[frame.player - 1]?.armies ?? "";
    const item = make("li", { class: frame.kind });
    const dot = make("span", { class: "dot" });
    dot.style.background = COLOURS[armies[0]] ?? "#999";
    item.append(
      dot,
      make(
        "span",
        { class: "who", title: `player ${frame.player}` },
        seatName(frame.position.seating, frame.player),
      ),
      " ",
    );
    item.append(
      make(
        "span",
        { class: "path mono" },
        frame.kind === "move" ? frame.text : `out: ${frame.text}`,
      ),
    );
    if (frame.kind === "move")
      item.append(make("span", { class: "ms" }, `${(frame.ms / 1000).toFixed(1)} s`));
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

// What an engine seat plays, under its card's title (which names its
// level): at full strength its time control; at a level the level's own
// node budget, which the time control only caps.
export function seatPlays(seat) {
  const tc = timeControlText(seat.tc);
  return seat.level ? `the level limits its own nodes; ${tc} at most` : `full strength, ${tc}`;
}

// A card per engine seat, for its thinking.
export function renderThinkingPanels(box, game, frame) {
  box.replaceChildren();
  game.seats.forEach((seat, i) => {
    if (seat.kind !== "engine") return;
    const armies = frame.position.seating[i]?.armies ?? "";
    const card = make("div", { class: "engine-card", "data-player": i + 1 });
    const title = make("h3");
    const dot = make("span", { class: "dot" });
    dot.style.background = COLOURS[armies[0]] ?? "#999";
    title.append(dot, `${seatName(frame.position.seating, i + 1)} · ${game.names[i]}`);
    card.append(
      title,
      make("div", { class: "plays" }, seatPlays(seat)),
      make("div", { class: "figures" }),
      make("div", { class: "values" }),
      make("div", { class: "pv mono" }),
      make("div", { class: "played" }),
    );
    box.append(card);
  });
  if (!box.children.length)
    box.append(make("p", { class: "note" }, "No engine seat in this game."));
}

// The card of an engine: its last info line of each principal
// variation, the values of the players still in the game (seating of the
// position searched), and what it played.
export function renderThinking(card, thinking, frame) {
  if (!card || !thinking) return;
  const best = thinking.lines.get(1);
  const figures = $(".figures", card);
  const values = $(".values", card);
  const pv = $(".pv", card);
  $(".played", card).textContent = thinking.played
    ? `played ${thinking.played.move} after ${(thinking.played.ms / 1000).toFixed(2)} s`
    : "";
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
  figures.replaceChildren(
    ...fields.map(([k, v]) => make("span", { class: `figure ${k}` }, `${k} ${v}`)),
  );
  // The shares of the players still in the game, in seat order: one a
  // seat (0 for a seat that is out), or from older engines one a player
  // still in.
  values.replaceChildren();
  if (best.values) {
    const seating = frame.position.seating;
    const everySeat = best.values.length === seating.length;
    const inGame = seating.map((s, i) => (s.eliminated ? 0 : i + 1)).filter(Boolean);
    best.values.forEach((share, k) => {
      const p = everySeat ? k + 1 : (inGame[k] ?? k + 1);
      if (seating[p - 1]?.eliminated) return;
      const armies = frame.position.seating[p - 1]?.armies ?? "";
      const bar = make("div", { class: "value", "data-player": p });
      const fill = make("span", { class: "fill" });
      fill.style.width = `${Math.round(share * 100)}%`;
      fill.style.background = COLOURS[armies[0]] ?? "#999";
      const label = make(
        "span",
        { class: "label", title: `player ${p}` },
        seatName(frame.position.seating, p),
      );
      bar.append(
        label,
        make("span", { class: "track" }),
        make("span", { class: "share" }, share.toFixed(3)),
      );
      bar.querySelector(".track").append(fill);
      values.append(bar);
    });
  }
  const multi = [...thinking.lines.entries()].sort((a, b) => a[0] - b[0]);
  pv.replaceChildren(
    ...multi.map(([k, info]) =>
      make(
        "div",
        {},
        `${multi.length > 1 ? `${k}. ` : ""}${formatScore(info.score)}  ${(info.pv ?? []).join(" ")}`,
      ),
    ),
  );
}
