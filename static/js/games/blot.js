// Blot: the auction (calls so far, the bid to beat), the contract, combinations and belote, team points.
// The engine's texts (bids, the contract, the combinations' comparison, belote) are messages, read here through
// the catalog for this reader (seats/names.js readerFor).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { line, pair } from "../extra_parts.js";
import { readerFor } from "../seats/names.js";

const SHOWN_CALLS = 8;

export function renderExtra(extra, ctx) {
  const reader = readerFor(ctx.view, ctx.seatName);
  const say = (value) => (value === null || value === undefined ? "" : reader.render(value));
  const calls = (extra.auction || []).slice(-SHOWN_CALLS);
  return h(
    "div",
    {},
    line(
      extra.contract
        ? pair("extra.blot.contract", h("strong", {}, say(extra.contract.text)))
        : extra.standing
          ? pair("extra.blot.standing", h("strong", {}, say(extra.standing.text)))
          : null,
      extra.belote ? h("span", { class: "chip" }, say(extra.belote.text)) : null,
      extra.combinations?.text ? h("span", { class: "last-move" }, say(extra.combinations.text)) : null,
    ),
    !extra.contract && calls.length
      ? h("ol", { class: "auction" }, calls.map((c) => h("li", {}, h("strong", {}, ctx.seatName(c.seat)), " ", say(c.msg))))
      : null,
    h(
      "table",
      { class: "extra-table" },
      h("thead", {}, h("tr", {}, ["extra.blot.team", "extra.blot.tricks", "extra.blot.points", "extra.blot.score"].map((k) => h("th", {}, t(k))))),
      h(
        "tbody",
        {},
        [0, 1].map((i) =>
          h("tr", { class: `team-${i}` }, h("th", {}, say({ team: i })), h("td", {}, String(extra.tricks?.[i] ?? 0)), h("td", {}, String(extra.points?.[i] ?? 0)), h("td", {}, `${extra.score?.[i] ?? 0} / ${extra.target}`)),
        ),
      ),
    ),
  );
}
