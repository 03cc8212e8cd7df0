// Bailiff: what lies on top of the pile, the last move in words, and the cards sent out of play.

import { h } from "../dom.js";
import { line, pair } from "../extra_parts.js";

export function renderExtra(extra) {
  return line(
    extra.top ? pair("extra.bailiff.top", h("strong", {}, extra.top.text)) : null,
    pair("extra.bailiff.out_of_play", String(extra.out_of_play ?? 0)),
    extra.last ? h("span", { class: "last-move" }, extra.last) : null,
  );
}
