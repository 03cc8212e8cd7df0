// The rules page's cards in the game's own suits: Eidex's page draws and names the explorer's cards and the bot's
// move in Eidex suits, as its rules and the bot's reason name them (unless the reader prefers French suits); the
// other games' pages in French suits.

import { cardLabel, parseCard, rankIndex, suitIcon, suitName, suitStyleFor } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const game = document.querySelector("[data-game]")?.dataset.game || "";

/** The page's suit style: "eidex" on Eidex's page (unless French suits are preferred), else "french". */
export const pageStyle = () => suitStyleFor(game);

/** A card's name in the page's suits: "Д♠", or "Д Воронов" on Eidex's page. */
export const cardName = (code) => cardLabel(code, pageStyle());

/** A suit in words: "♠ пики", or "Вороны" on Eidex's page. */
export function suitWords(suit) {
  const style = pageStyle();
  return style === "french" ? `${t(`suit.symbol.${suit}`)} ${suitName(suit)}` : suitName(suit, style);
}

/** A card as a button shows it: its name in French suits; in Eidex suits the rank and the suit's picture (named). */
export function cardFace(code) {
  const style = pageStyle();
  const card = parseCard(code);
  if (style === "french" || !card) return cardLabel(code);
  return [rankIndex(card.rank), h("span", { class: "suit-mark", html: suitIcon(card.suit, style, 14) })];
}
