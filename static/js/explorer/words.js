// The explorer's words: cards as players write them, suits with their names, seats as players say them; the
// words themselves come with the page (data-messages, in its language).

import { format } from "../i18n.js";
import { cardName, suitWords } from "../rules-suits.js";

/** "QS" → "Q♠"; several cards separated by spaces; anything else as it is. */
export function pretty(cards) {
  return String(cards)
    .split(/\s+/)
    .map((c) => cardName(c))
    .join(" ");
}

/** "♠ spades" (Eidex: "Ravens"): a suit with its name in the page's language. */
export const suitText = suitWords;

/** A seat as players say it: "Player 1" for seat 0 (the catalog's `player`), else the seat's number. */
export function playerName(msg, seat) {
  return msg.player ? format(msg.player, { n: seat + 1 }) : format(msg.seat, { n: seat });
}
