// A seat in words: its name, the reader of engine messages naming every seat, whether this page watches and
// whether a seat's player is away.

import { suitStyleFor } from "../cards.js";
import { speaker, t } from "../i18n.js";
import { isMessage } from "../messages.js";

/** The display name of a seat. */
export function seatName(snap, seat) {
  if (seat === null || seat === undefined) return "";
  if (snap.seats?.[seat]?.kind === "bot") return t("seat.bot_name", { n: seat + 1 });
  return snap.seats?.[seat]?.name || snap.view?.seats?.[seat]?.name || t("seat.anonymous", { n: seat + 1 });
}

/** A reader of engine messages for `view`: seats named by `nameOf`, the view's own seat as "you". */
export function readerFor(view, nameOf) {
  const names = Array.from({ length: view?.players || 0 }, (_, seat) => nameOf(seat));
  const game = view?.game || "";
  return speaker({ names, seat: view?.seat ?? null, game, ownSuits: suitStyleFor(game) !== "french" });
}

/** The log's reader: every seat by its name, the reader's own too ("Ann plays K♠", "Ann takes the trick"), as the
 * log's lines written from the events name him; the status line and the summaries still say "you". */
export const logReader = (view, nameOf) => readerFor({ ...view, seat: null }, nameOf);

/** An engine text in words: a message (or a list of them) through `reader`'s catalog; a plain sentence with every
 * "seat N" / "Seat N" replaced by that seat's name ("Seat 2 wins" → "Bot 3 wins"). */
export function named(text, nameOf, reader = null) {
  if (reader && (isMessage(text) || Array.isArray(text))) return reader.render(text);
  if (typeof text !== "string") return text;
  return text.replace(/\b[Ss]eat (\d+)\b/g, (whole, n) => nameOf(Number(n)) || whole);
}

/** Whether this page watches the table (it holds no seat). */
export const isWatching = (snap) => snap.you === null || snap.you === undefined;

/** Whether a seat's player has lost his connection (a bot may be playing for him). */
export const isAway = (info) => info?.kind === "human" && info.connected === false;
