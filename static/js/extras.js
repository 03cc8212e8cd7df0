// What a game shows beyond the common view (`view.extra`): a small renderer in games/<id>.js, else the
// extra's short labels.

import { h } from "./dom.js";

const loaded = new Map();

/** Load the game's renderer once; games without one get the generic renderer. */
export async function loadRenderer(game) {
  if (!loaded.has(game)) {
    loaded.set(
      game,
      import(`./games/${game}.js`).then(
        (m) => m.renderExtra,
        () => renderGeneric,
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
