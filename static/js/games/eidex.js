// Eidex: the trump (in the player's suit style), the dealer's shown card, your face-down card, tricks and VP; in the
// character game also the characters' public states and what only you were shown (powers.js).

import { h } from "../dom.js";
import { line, miniCard, pair, perSeat, suitIcons } from "../extra_parts.js";
import { privateBlock, publicBlock } from "../powers.js";

export function renderExtra(extra, ctx) {
  const mine = ctx.snap.you === null ? null : extra.discards?.[ctx.snap.you];
  return h(
    "div",
    {},
    line(
      h("span", { class: "pair" }, extra.trump ? suitIcons(extra.trump, ctx.style) : null, " ", extra.trump_label),
      extra.shown?.card ? pair("extra.eidex.shown", miniCard(extra.shown.card, ctx.style), ctx.seatName(extra.shown.seat)) : null,
      mine ? pair("extra.eidex.face_down", miniCard(mine, ctx.style)) : null,
      pair("extra.eidex.goal", String(extra.goal)),
    ),
    extra.characters ? publicBlock(extra, { nameOf: ctx.seatName, style: ctx.style }) : null,
    extra.characters ? privateBlock(extra, { snap: ctx.snap, nameOf: ctx.seatName, style: ctx.style, miniCard }) : null,
    perSeat(ctx, [
      ["extra.eidex.points", (s) => String(extra.taken?.[s] ?? 0)],
      ["extra.eidex.tricks", (s) => String(extra.tricks?.[s] ?? 0)],
      ["extra.eidex.vp", (s) => String(extra.vp?.[s] ?? 0)],
    ]),
  );
}
