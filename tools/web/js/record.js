// The game record of the match runner (docs/match.md, "Records and
// summaries"; tools/common/record.hpp): tag lines, a blank line, then one
// line per move ("12. p2 k3k5i7g7 140") or referee elimination
// ("x p2 lost on time"). Games are separated by a blank line.

const TAGS = [
  "Event",
  "Date",
  "Game",
  "Round",
  "Engines",
  "Seating",
  "Options",
  "Opening",
  "Result",
  "Termination",
];

const quote = (text) => `"${String(text).replace(/[\\"]/g, (c) => "\\" + c)}"`;

function unquote(text) {
  let out = "";
  for (let i = 0; i < text.length; ++i) {
    if (text[i] === "\\" && i + 1 < text.length) ++i;
    out += text[i];
  }
  return out;
}

export function formatDate(date) {
  const two = (n) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}

// record: {event, date, game, round, engines[], seating[], options,
// opening, result, termination, events: [{kind: "move"|"elimination",
// player, text, ms}]}
export function formatRecord(record) {
  const values = {
    Event: record.event ?? "tiaoqi-web",
    Date: record.date ?? formatDate(new Date()),
    Game: String(record.game ?? 1),
    Round: record.round ?? "0.0",
    Engines: (record.engines ?? []).join("; "),
    Seating: (record.seating ?? []).join("; "),
    Options: record.options ?? "",
    Opening: record.opening ?? "",
    Result: record.result ?? "*",
    Termination: record.termination ?? "",
  };
  let text = TAGS.map((tag) => `[${tag} ${quote(values[tag])}]\n`).join("") + "\n";
  let ply = 0;
  for (const event of record.events ?? []) {
    if (event.kind === "elimination") text += `x p${event.player} ${event.text}\n`;
    else
      text +=
        `${++ply}. p${event.player} ${event.text} ${Math.max(0, Math.round(event.ms ?? 0))}` +
        (event.comment ? ` {${event.comment}}` : "") +
        "\n";
  }
  return text;
}

// Every game of a record file; an error names the line.
export function parseRecords(text) {
  const records = [];
  let inTags = false;
  String(text)
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.replace(/\r$/, "");
      const fail = (what) => {
        throw new Error(`record line ${index + 1}: ${what}`);
      };
      if (!line.trim()) {
        inTags = false;
        return;
      }
      if (line.startsWith("[")) {
        if (!inTags) records.push({ tags: {}, events: [] });
        inTags = true;
        const match = /^\[(\w+) "(.*)"\]$/.exec(line);
        if (!match) fail(`expected [Tag "value"], got '${line}'`);
        records[records.length - 1].tags[match[1]] = unquote(match[2]);
        return;
      }
      if (!records.length) fail("a move before the first tag");
      const parts = line.trim().split(/\s+/);
      const player = (word) => {
        const m = /^p(\d+)$/.exec(word ?? "");
        if (!m || Number(m[1]) < 1) fail(`expected a player such as p1, got '${word}'`);
        return Number(m[1]);
      };
      const game = records[records.length - 1];
      if (parts[0] === "x" && parts.length >= 2) {
        game.events.push({
          kind: "elimination",
          player: player(parts[1]),
          text: parts.slice(2).join(" "),
        });
      } else {
        if (parts.length < 4 || !parts[0].endsWith("."))
          fail(`expected '<ply>. p<player> <path> <ms> [{comment}]', got '${line}'`);
        if (!/^\d+$/.test(parts[3]))
          fail(`expected the milliseconds of the move, got '${parts[3]}'`);
        const event = {
          kind: "move",
          player: player(parts[1]),
          text: parts[2],
          ms: Number(parts[3]),
        };
        // A comment (a book move, an engine's note) is the rest of the line, in braces.
        const rest = line.trim().split(/\s+/).slice(4).join(" ");
        if (rest) {
          if (!/^\{[^{}]*\}$/.test(rest))
            fail(`expected a comment in braces after the milliseconds, got '${rest}'`);
          event.comment = rest.slice(1, -1);
        }
        game.events.push(event);
      }
    });
  return records.map(({ tags, events }) => ({
    event: tags.Event,
    date: tags.Date,
    game: tags.Game,
    round: tags.Round,
    engines: (tags.Engines ?? "")
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean),
    seating: (tags.Seating ?? "")
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean),
    options: tags.Options ?? "",
    opening: tags.Opening ?? "",
    result: tags.Result ?? "*",
    termination: tags.Termination ?? "",
    events,
  }));
}

// "Variant=standard Players=3 ..." into [name, value] pairs.
export function parseOptionsTag(text) {
  return String(text)
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const at = word.indexOf("=");
      if (at <= 0) throw new Error(`Options tag: expected Name=Value, got '${word}'`);
      return [word.slice(0, at), word.slice(at + 1)];
    });
}
