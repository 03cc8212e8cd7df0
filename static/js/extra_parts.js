// Small building blocks the per-game renderers (games/<id>.js) share.

import { cardLabel, cardSvg, suitIcon } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A small face-up card. */
export function miniCard(code, style) {
  return h("span", { class: "mini-card", title: cardLabel(code, style), dataset: { card: code }, html: cardSvg(code, style) });
}

/** Suit icons for a string of suit letters ("SD"), or a dash for none. */
export function suitIcons(letters, style) {
  if (!letters) return h("span", {}, "–");
  return h("span", { class: "suits", html: [...letters].map((s) => suitIcon(s, style, 16)).join("") });
}

/** A labelled value: "Trumps: ♠". */
export function pair(labelKey, ...value) {
  return h("span", { class: "pair" }, h("span", { class: "pair-label" }, t(labelKey)), " ", ...value);
}

/** A table with a row per seat: `columns` are `[labelKey, (seat) => cell]`. */
export function perSeat(ctx, columns) {
  const seats = ctx.view.seats.map((_, i) => i);
  return h(
    "table",
    { class: "extra-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("extra.player"))), columns.map(([key]) => h("th", { scope: "col" }, t(key))))),
    h(
      "tbody",
      {},
      seats.map((seat) =>
        h(
          "tr",
          { class: seat === ctx.snap.you ? "mine" : "", dataset: { seat: String(seat) } },
          h("th", { scope: "row" }, ctx.seatName(seat)),
          columns.map(([, cell]) => h("td", {}, cell(seat) ?? "–")),
        ),
      ),
    ),
  );
}

/** A row of parts, dropping the empty ones. */
export function line(...parts) {
  return h("div", { class: "extra-grid" }, parts.filter(Boolean));
}
