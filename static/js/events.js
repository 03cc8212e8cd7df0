// One readable line per public engine event, for the table's log.

import { cardLabel, suitName } from "./cards.js";
import { t } from "./i18n.js";
import { isMessage } from "./messages.js";

/** A suit letter ("S") as symbol and name, no trump ("NT") in words, another strain as given. */
function strain(text, style) {
  if (text === "NT") return t("arg.nt");
  return /^[CDHS]$/.test(text || "") ? `${t(`suit.symbol.${text}`)} ${suitName(text, style)}` : text || "–";
}

function list(values, fmt) {
  return (values || []).map(fmt).join(", ");
}

const DESCRIBE = {
  deal: (e, n) => t("event.deal", { hand: e.hand_no, dealer: n(e.dealer) }),
  trump: (e, n, c, style) =>
    e.trumps === "NT"
      ? t("event.no_trump")
      : t("event.trump", {
          trumps: Array.isArray(e.trumps)
            ? e.trumps.map((s, i) => `${n(i)}: ${[...(s || "")].map((x) => strain(x, style)).join(" ") || "–"}`).join("; ")
            : strain(e.trumps, style),
        }),
  contract: (e, n, c, style) =>
    t("event.contract", {
      seat: n(e.seat),
      level: e.level,
      strain: strain(e.strain, style),
      extra: [e.kaput ? t("arg.kaput") : "", e.mult > 1 ? `×${e.mult}` : ""].join(" ").trim(),
    }),
  // a trick holding a face-down (Sphinx) card: its points are nobody's to see until the card is turned up
  trick: (e, n) => (e.points === null ? t("event.trick_hidden", { winner: n(e.winner) }) : t("event.trick", { winner: n(e.winner), points: e.points ?? 0 })),
  take: (e, n) => t("event.take", { seat: n(e.seat), n: (e.cards || []).length }),
  clear: (e, n) => t("event.clear", { seat: n(e.seat), n: (e.cards || []).length }),
  play: (e, n, c) => t("event.play", { seat: n(e.seat), cards: list(e.cards || [e.card], c) }),
  out: (e, n) => t("event.out", { seat: n(e.seat), place: e.place }),
  hand: () => t("event.hand"),
  game: (e, n) => t("event.game", { winners: list(e.winners, n) }),
};

/** Runs of the same line as one line with how many times it was said: ["a", "b", "b"] → [["a", 1], ["b", 2]]
 * (Bank says "A one-card bank is not taken…" for each player who passes on it). */
export function collapseRepeats(lines) {
  const runs = [];
  for (const line of lines) {
    const last = runs[runs.length - 1];
    if (last && last[0] === line) last[1] += 1;
    else runs.push([line, 1]);
  }
  return runs;
}

/** The log line of an event, or null for events the log does not show: the engine's own words for it when it
 * has them (`msg`, read through `reader`), else a line built from its data. */
export function describeEvent(event, seatName, style, reader = null) {
  if (reader && isMessage(event?.msg)) return reader.render(event.msg);
  const describe = DESCRIBE[event?.event];
  return describe ? describe(event, seatName, (card) => (card ? cardLabel(card, style) : ""), style) : null;
}
