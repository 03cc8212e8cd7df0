// Ass: every seat's own trumps and bet, its target and points this deal, and its banks; the engine's verdict on
// the last card laid (a message, read through the catalog).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { line, pair, perSeat, suitIcons } from "../extra_parts.js";
import { readerFor } from "../seats/names.js";

export function renderExtra(extra, ctx) {
  const verdicts = extra.verdicts || [];
  const said = verdicts.length ? verdicts[verdicts.length - 1] : extra.last_verdict;
  const words = said ? readerFor(ctx.view, ctx.seatName).render(said) : "";
  return h(
    "div",
    {},
    perSeat(ctx, [
      ["extra.ass.trumps", (s) => suitIcons(extra.trumps?.[s], ctx.style)],
      ["extra.ass.bet", (s) => (extra.bets?.[s] ? t(`arg.${extra.bets[s]}`) : null)],
      ["extra.ass.target", (s) => (extra.targets?.[s] ?? null) === null ? null : String(extra.targets[s])],
      ["extra.ass.points", (s) => String(extra.points?.[s] ?? 0)],
      ["extra.ass.banks", (s) => String(extra.banks?.[s] ?? 0)],
    ]),
    line(
      extra.main_suit ? pair("extra.ass.main", suitIcons(extra.main_suit, ctx.style)) : null,
      words ? h("span", { class: "last-move" }, words) : null,
    ),
  );
}
