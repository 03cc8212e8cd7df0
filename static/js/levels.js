// Bot levels as players read them (Easy, Normal, Hard: `bot.level.<level>`), the lobby's choice of level
// (remembered in this browser) and the level a table gives to stand-ins when seats were given several.

import { h } from "./dom.js";
import { lookup, t } from "./i18n.js";

/** The levels every game offers, weakest first (engine/search.py LEVELS). */
export const LEVELS = ["easy", "normal", "hard"];
export const DEFAULT_LEVEL = "normal";
const LEVEL_KEY = "cardtable.botLevel";
/** Older bot names and the level they play as (engine/search.py ALIASES). */
const ALIASES = { heuristic: "normal" };

/** The bots a seat of a game may be given, from the game's list: the three levels first, then its others. */
export function seatBots(bots) {
  const own = bots.map((b) => ALIASES[b] ?? b);
  const levels = own.some((b) => LEVELS.includes(b)) ? LEVELS : [];
  return [...levels, ...own.filter((b) => !LEVELS.includes(b))];
}

/** The level last chosen in this browser's lobby (Normal at first). */
export function savedLevel() {
  const stored = globalThis.localStorage?.getItem(LEVEL_KEY);
  return LEVELS.includes(stored) ? stored : DEFAULT_LEVEL;
}

export function saveLevel(level) {
  if (LEVELS.includes(level)) localStorage.setItem(LEVEL_KEY, level);
}

/** A seat's bot in the reader's words: its level ("Hard"), another bot's name ("random"), else as it is. */
export function botLabel(bot) {
  if (LEVELS.includes(bot)) return t(`bot.level.${bot}`);
  return lookup(`bot.${bot}`) === undefined ? bot : t(`bot.${bot}`);
}

/** The three levels as options of a select, `value` chosen. */
export function levelOptions(value) {
  return LEVELS.map((level) => h("option", { value: level, selected: level === value }, t(`bot.level.${level}`)));
}

/** A select of the three levels with `value` chosen; `attrs` its attributes (class, dataset, onchange). */
export function levelSelect(value, attrs = {}) {
  return h("select", attrs, levelOptions(value));
}

/** The table's level when its bot seats were given `levels`: the one most seats have (the stronger on a tie). */
export function tableLevel(levels) {
  const count = (level) => levels.filter((l) => l === level).length;
  return [...LEVELS].reverse().reduce((best, level) => (count(level) > count(best) ? level : best), levels.length ? "hard" : DEFAULT_LEVEL);
}
