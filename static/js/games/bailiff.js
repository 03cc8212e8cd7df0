// Bailiff: what lies on top of the pile, the last move in words, and the cards sent out of play.

import { h } from "../dom.js";
import { line, pair } from "../extra_parts.js";
import { readerFor } from "../seats/names.js";

export function renderExtra(extra, ctx) {
  const reader = readerFor(ctx.view, ctx.seatName);
  return line(
    extra.top ? pair("extra.bailiff.top", h("strong", {}, reader.render(extra.top.msg))) : null,
    pair("extra.bailiff.out_of_play", String(extra.out_of_play ?? 0)),
    extra.last ? h("span", { class: "last-move" }, reader.render(extra.last)) : null,
  );
}
