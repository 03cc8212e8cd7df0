// Blot: the auction (calls so far, the bid to beat), the contract, combinations and belote, team points.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { line, pair } from "../extra_parts.js";

const SHOWN_CALLS = 8;

export function renderExtra(extra, ctx) {
  const calls = (extra.auction || []).slice(-SHOWN_CALLS);
  const team = (i) => (extra.teams?.[i] || []).map(ctx.seatName).join(" + ");
  return h(
    "div",
    {},
    line(
      extra.contract
        ? pair("extra.blot.contract", h("strong", {}, extra.contract.text))
        : extra.standing
          ? pair("extra.blot.standing", h("strong", {}, extra.standing.text))
          : null,
      extra.belote ? h("span", { class: "chip" }, extra.belote.word) : null,
      extra.combinations?.text ? h("span", { class: "last-move" }, extra.combinations.text) : null,
    ),
    !extra.contract && calls.length
      ? h("ol", { class: "auction" }, calls.map((c) => h("li", {}, h("strong", {}, ctx.seatName(c.seat)), " ", c.text)))
      : null,
    h(
      "table",
      { class: "extra-table" },
      h("thead", {}, h("tr", {}, ["extra.blot.team", "extra.blot.tricks", "extra.blot.points", "extra.blot.score"].map((k) => h("th", {}, t(k))))),
      h(
        "tbody",
        {},
        [0, 1].map((i) =>
          h("tr", { class: `team-${i}` }, h("th", {}, team(i)), h("td", {}, String(extra.tricks?.[i] ?? 0)), h("td", {}, String(extra.points?.[i] ?? 0)), h("td", {}, `${extra.score?.[i] ?? 0} / ${extra.target}`)),
        ),
      ),
    ),
  );
}
