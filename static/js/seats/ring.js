// Seats around the table during play: where each sits on the ring, its box (name, presence, cards, chips, whose
// turn), and your own seat's line under the hand.

import { backSvg } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { chips, presence } from "./chips.js";
import { isWatching, seatName } from "./names.js";

/** Where each other seat sits on the ring, as fractions of the ring box: you sit at the bottom. */
export function ringPlaces(players, me) {
  const others = players - 1;
  const span = players <= 3 ? 110 : 180;
  const places = {};
  for (let k = 1; k <= others; k++) {
    const angle = others === 1 ? 270 : 270 - span / 2 + ((k - 1) * span) / (others - 1);
    const rad = (angle * Math.PI) / 180;
    places[(me + k) % players] = { x: 0.5 + 0.5 * Math.cos(rad), y: 0.5 + 0.5 * Math.sin(rad) };
  }
  return places;
}

/** A seat's hand as a small fan of backs (up to three; the first names itself "card back", the count follows). */
function miniFan(cards) {
  const backs = Array.from({ length: Math.max(1, Math.min(3, cards)) }, (_, i) =>
    h("span", { class: "mini-back", "aria-hidden": i ? "true" : null, html: backSvg() }),
  );
  return h("span", { class: `mini-fan${cards ? "" : " empty"}` }, backs);
}

/** One seat's box on the ring. */
export function seatBox(snap, seat, place) {
  const view = snap.view;
  const info = snap.seats?.[seat] || {};
  const vs = view.seats?.[seat] || {};
  const team = vs.team ?? info.team;
  const toAct = (view.to_act || []).includes(seat) && !view.over;
  const classes = ["seat", toAct && "to-act", vs.out && "is-out", team !== undefined && team !== null && `team-${team}`];
  return h(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      style: `--x:${place.x.toFixed(3)};--y:${place.y.toFixed(3)}`,
      dataset: { seat: String(seat) },
    },
    h("div", { class: "seat-name" }, presence(info), h("span", { class: "name" }, seatName(snap, seat))),
    h(
      "div",
      { class: "seat-cards" },
      miniFan(vs.cards ?? 0),
      h("span", { class: "count" }, String(vs.cards ?? 0)),
    ),
    h("div", { class: "chips" }, chips(snap, seat, info)),
  );
}

/** Your own seat's line under the hand; a spectator sees seat 0 there, the seat the ring is turned to. */
export function meBar(snap) {
  const watching = isWatching(snap);
  const seat = watching ? 0 : snap.you;
  const view = snap.view;
  const toAct = (view.to_act || []).includes(seat) && !view.over;
  return h(
    "div",
    {},
    watching ? h("p", { class: "hint" }, t("table.watching")) : null,
    h(
      "div",
      { class: `me-line${toAct ? " to-act" : ""}`, dataset: { seat: String(seat) } },
      presence(snap.seats?.[seat] || {}),
      h("strong", {}, seatName(snap, seat)),
      watching ? h("span", { class: "count" }, t("table.cards", { n: view.seats?.[seat]?.cards ?? 0 })) : null,
      h("span", { class: "chips" }, chips(snap, seat, snap.seats?.[seat] || {})),
    ),
  );
}
