// Eidex: the trump (in the player's suit style), the dealer's shown card, your face-down card, tricks and VP; in the
// character game also the characters' public states and what only you were shown (powers.js). The engine's texts
// (the no-trump modes) are messages, read through the catalog for this reader (seats/names.js readerFor). Its plug-in
// (plugins.js): its own suits, and the character game's powers (log words, move labels, controls, cards by the seats).

import { h } from "../dom.js";
import { suitName } from "../cards.js";
import { line, miniCard, pair, perSeat, suitIcons } from "../extra_parts.js";
import { describePower, moveLabel } from "../powers.js";
import { closePowers, planPowers } from "../powers_chooser.js";
import { privateBlock, publicBlock, showCharacters } from "../powers_seats.js";
import { readerFor } from "../seats/names.js";

export function renderExtra(extra, ctx) {
  const reader = readerFor(ctx.view, ctx.seatName);
  const mine = ctx.snap.you === null ? null : extra.discards?.[ctx.snap.you];
  return h(
    "div",
    {},
    line(
      extra.trump
        ? pair("extra.eidex.trump", suitIcons(extra.trump, ctx.style), " ", suitName(extra.trump, ctx.style))
        : h("span", { class: "pair" }, extra.trump_label ? reader.render(extra.trump_label) : ""),
      extra.shown?.card ? pair("extra.eidex.shown", miniCard(extra.shown.card, ctx.style), ctx.seatName(extra.shown.seat)) : null,
      mine ? pair("extra.eidex.face_down", miniCard(mine, ctx.style)) : null,
      pair("extra.eidex.goal", String(extra.goal)),
    ),
    extra.characters ? publicBlock(extra, { nameOf: ctx.seatName, style: ctx.style }) : null,
    extra.characters ? privateBlock(extra, { snap: ctx.snap, nameOf: ctx.seatName, style: ctx.style, miniCard }) : null,
    perSeat(ctx, [
      // a figure that leaves out a face-down (Sphinx) card's points says so: "12 + ?"
      ["extra.eidex.points", (s) => (extra.taken_partial?.[s] ? `${extra.taken?.[s] ?? 0} + ?` : String(extra.taken?.[s] ?? 0))],
      ["extra.eidex.tricks", (s) => String(extra.tricks?.[s] ?? 0)],
      ["extra.eidex.vp", (s) => String(extra.vp?.[s] ?? 0)],
    ]),
  );
}

const characters = (view) => view?.extra?.characters;

export const plugin = {
  ownSuits: true,
  describeEvent: (event, { nameOf, style, view }) => describePower(event, { game: "eidex", nameOf, style, characters: characters(view) }),
  moveLabel: (action, { nameOf, style, view }) => moveLabel(action, { characters: characters(view), nameOf, style }),
  plan: planPowers,
  close: closePowers,
  showSeats: showCharacters,
  // a seat's character card gets the focus back on its new card (its power's text stays shown)
  focusKey: (el) => {
    const char = el.matches?.(".char-badge") ? el.closest(".char[data-seat]") : null;
    return char ? `.char[data-seat="${CSS.escape(char.dataset.seat)}"] .char-badge` : null;
  },
};
