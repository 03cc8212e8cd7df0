// Per-game plug-ins: what a game adds to the common table and replay pages. `games/<id>.js` may export
// `renderExtra` (its part of `view.extra`, else the extra's short labels) and `plugin` (its own log words, move
// labels, controls and marks by the seats); a game without a plug-in gets the base, which adds nothing. The pages
// ask the loaded plug-in and never name a game.

import { actionLabel } from "./actions.js";
import { h } from "./dom.js";

/** What a game without a plug-in adds: nothing. Every plug-in is this base with its own entries over it. */
const BASE = {
  /** Whether the game has its own suits (the "French suits" preference is offered). */
  ownSuits: false,
  /** The log line of one of the game's own events, else null (the common log describes it). */
  describeEvent: () => null,
  /** A legal action's words (forced moves, suggestions). */
  moveLabel: (action, { style }) => actionLabel(action, style),
  /** One render's plan: the card actions and other actions left to the common rows, `tap(card)` (true when the
   * plug-in took the tap) and `mount(els)` that draws the game's own controls. */
  plan: (snap, { cardActions, otherActions }) => ({ cardActions, otherActions, tap: () => false, mount: () => {} }),
  /** Forget what the plug-in's controls were doing (the player acted). */
  close: () => {},
  /** Draw the game's marks by the seats on a page without the table's controls (a replay). */
  showSeats: () => {},
  /** A selector that finds the plug-in's control holding the focus (`el`) again after a render, else null. */
  focusKey: () => null,
  /** `view.extra` in the page: the extra's short labels. */
  renderExtra: renderGeneric,
};

/** The plug-in used before the game's own has loaded. */
export const basePlugin = Object.freeze({ ...BASE });

const loaded = new Map();

/** Load the game's plug-in once (`games/<id>.js`); a game without one gets the base. */
export function loadPlugin(game) {
  if (!loaded.has(game)) {
    loaded.set(
      game,
      import(`./games/${game}.js`).then(
        (m) => Object.freeze({ ...BASE, ...(m.renderExtra ? { renderExtra: m.renderExtra } : {}), ...m.plugin }),
        () => basePlugin,
      ),
    );
  }
  return loaded.get(game);
}

/** The generic renderer: every string entry whose key ends in "label". */
export function renderGeneric(extra) {
  const labels = Object.entries(extra || {}).filter(([k, v]) => k.endsWith("label") && typeof v === "string" && v);
  if (!labels.length) return null;
  return h("p", { class: "extra-labels" }, labels.map(([k, v]) => h("span", { class: "chip", dataset: { key: k } }, v)));
}
