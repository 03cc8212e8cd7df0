// The rules page's cards: every <span class="card-pic" data-card="QS"> is drawn with the table's own art
// (cards.js), in the game's suits (Eidex suits on the Eidex page unless French suits are preferred).
// The card's text stays inside for screen readers and as the fallback without JavaScript.

import { cardSvg, parseCard, suitStyleFor } from "./cards.js";
import { loadCatalog } from "./i18n.js";

/** Draw one card in place: the SVG is decoration, the text (hidden by CSS once drawn) is what is read. */
export function drawCard(el, style = "french") {
  if (el.dataset.drawn || !parseCard(el.dataset.card)) return;
  el.insertAdjacentHTML("afterbegin", cardSvg(el.dataset.card, style));
  const svg = el.querySelector("svg");
  svg.setAttribute("aria-hidden", "true");
  svg.removeAttribute("role");
  svg.removeAttribute("aria-label");
  el.dataset.drawn = "1";
}

/** Draw every card under `root`, each in the suits of the game named by its nearest [data-game]. */
export function drawCards(root = document) {
  for (const el of root.querySelectorAll(".card-pic[data-card]")) {
    const game = el.closest("[data-game]")?.dataset.game || "";
    drawCard(el, suitStyleFor(game));
  }
  document.documentElement.classList.add("cards-drawn");
}

// The page's language gives the cards' letters (В Д К Т on a Russian page).
await loadCatalog();
drawCards();
