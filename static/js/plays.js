// The trick or pile in the middle: each play as its cards with the seat's name under them.

import { cardSvg } from "./cards.js";
import { h } from "./dom.js";

const SHOWN_PLAYS = 8;

/** The plays of a table (`{kind, label, plays: [{seat, cards}]}`), the latest last. */
export function playsRow(table, seatName, style, winner = null) {
  const plays = table?.plays || [];
  const hidden = Math.max(0, plays.length - SHOWN_PLAYS);
  return h(
    "div",
    { class: `plays kind-${table?.kind || "none"}` },
    hidden ? h("span", { class: "more" }, `+${hidden}`) : null,
    plays.slice(hidden).map((play, i, shown) =>
      h(
        "figure",
        {
          class: `pile-play${i === shown.length - 1 ? " latest" : ""}${winner !== null && play.seat === winner ? " winner" : ""}`,
          dataset: { seat: String(play.seat) },
        },
        h("div", { class: "play-cards" }, (play.cards || []).map((c) => h("span", { class: "table-card", dataset: { card: c }, html: cardSvg(c, style) }))),
        h("figcaption", {}, play.seat === null || play.seat === undefined ? "" : seatName(play.seat)),
      ),
    ),
  );
}
