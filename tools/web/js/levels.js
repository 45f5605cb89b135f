// An engine seat's level: full strength, or one of the levels the engine lists
// in its answer to `levels`, played through the options UCI_LimitStrength
// and UCI_Elo. The names and Elo values come from the engine only: its
// table is fitted from a pool of matches and may change.

import { make } from "./dom.js";
import { setoptionLine } from "./protocol.js";

// The options a level sets: the seat's level choice owns them, so they
// get no input of their own among the seat's options.
export const LEVEL_OPTIONS = ["UCI_LimitStrength", "UCI_Elo"];

// "club (Elo 980)"; a seat without a level plays at full strength.
export function levelLabel(level) {
  return level ? `${level.name} (Elo ${level.elo})` : "full strength";
}

// What the seat's engine is told before its game. Full strength is said
// too, so that the engine's own default never decides.
export function levelCommands(level) {
  if (!level) return [setoptionLine("UCI_LimitStrength", false)];
  return [setoptionLine("UCI_LimitStrength", true), setoptionLine("UCI_Elo", level.elo)];
}

// Fills a seat's choice of strength: full strength, then every level.
// With no level to offer it keeps full strength and says why (`reason`).
// It edits `seat.level` in place.
export function fillLevelChoice(select, seat, levels, reason) {
  select.replaceChildren(make("option", { value: "" }, levelLabel(null)));
  for (const level of levels)
    select.append(make("option", { value: level.name }, levelLabel(level)));
  select.disabled = levels.length === 0;
  select.title = levels.length ? "the engine's playing strength" : reason;
  select.value = seat.level?.name ?? "";
  select.addEventListener(
    "change",
    () => (seat.level = levels.find((l) => l.name === select.value) ?? null),
  );
}
