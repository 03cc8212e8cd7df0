// Bank: the trumps, the card to lay on, the banks won per seat, the score against the target.

import { h } from "../dom.js";
import { line, miniCard, pair, perSeat, suitIcons } from "../extra_parts.js";
import { readerFor } from "../seats/names.js";

export function renderExtra(extra, ctx) {
  const reader = readerFor(ctx.view, ctx.seatName);
  return h(
    "div",
    {},
    line(
      extra.trump_msg ? h("span", { class: "chip" }, reader.render(extra.trump_msg)) : null,
      extra.lay_on?.card ? pair("extra.bank.lay_on", miniCard(extra.lay_on.card, ctx.style)) : null,
      pair("extra.bank.target", String(extra.target)),
    ),
    perSeat(ctx, [
      ["extra.bank.trumps", (s) => suitIcons(extra.trumps?.[s], ctx.style)],
      ["extra.bank.banks", (s) => String(extra.won?.[s]?.banks ?? 0)],
      ["extra.bank.points", (s) => String(extra.won?.[s]?.points ?? 0)],
      ["extra.bank.score", (s) => String(extra.score?.[s] ?? 0)],
    ]),
  );
}
