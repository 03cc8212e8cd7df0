// The explorer's board: the verdict (the winner, who lays next and which cards he may lay or beat with), the
// cards to lay, suit by suit, and the cards laid with the engine's word on each; the keyboard's place kept.

import { SUITS } from "../cards.js";
import { h } from "../dom.js";
import { format } from "../i18n.js";
import { cardFace, suitWords } from "../rules-suits.js";
import { pretty } from "./words.js";

/** The verdict box: an error, the summary, the winner, who lays next and what he may lay or beat with. */
function renderVerdict(ex) {
  const r = ex.result;
  const parts = [];
  if (ex.error) parts.push(h("p", { class: "error" }, `${ex.msg.error} ${ex.error}`));
  if (r) {
    if (r.summary) parts.push(h("p", { class: "summary" }, r.summary));
    // a game whose cards are not taken as tricks (Bailiff's pile) gives no winner at all
    if ("winner" in r) parts.push(h("p", { class: "winner" }, r.winner === null ? ex.msg.no_winner : format(ex.msg.winner, { seat: r.winner, player: ex.player(r.winner) })));
    const turn = ex.turn();
    if (turn && turn.legal) {
      const legal = [...turn.legal];
      const free = ex.deck().filter((c) => !ex.laidCards().has(c));
      const listed = free.every((c) => turn.legal.has(c)) ? ex.msg.any_card : legal.map(pretty).join(" · ");
      parts.push(h("p", { class: "next" },
        h("strong", {}, format(ex.msg.legal_cards, { seat: turn.seat, player: ex.player(turn.seat) })), " ",
        legal.length ? listed : ex.msg.none_legal));
      if (turn.beats) {
        parts.push(h("p", { class: "beats" },
          h("strong", {}, format(ex.msg.beating_cards, { seat: turn.seat, player: ex.player(turn.seat) })), " ",
          turn.beats.size ? [...turn.beats].map(pretty).join(" · ") : ex.msg.none_beats));
      }
    } else if (turn) {
      parts.push(h("p", { class: "next" }, format(ex.msg.any_lead, { seat: turn.seat, player: ex.player(turn.seat) })));
    } else {
      parts.push(h("p", { class: "next" }, ex.msg.done));
    }
  }
  ex.verdict.replaceChildren(...parts);
}

/** The cards laid, each with the engine's word on it, and Undo and Clear. */
function renderSteps(ex) {
  const steps = (ex.result && ex.result.steps) || [];
  const list = h("ol", { class: "explorer-steps" });
  for (const st of steps) {
    const flags = [st.legal ? ex.msg.legal : ex.msg.illegal];
    if (st.beats === true) flags.push(ex.msg.beats);
    if (st.beats === false) flags.push(ex.msg.does_not_beat);
    list.append(h("li", { class: st.legal ? "legal" : "illegal" },
      h("strong", {}, `${ex.player(st.seat)}: ${pretty(st.card)}`),
      ` — ${flags.join(", ")}`,
      st.reason ? h("span", { class: "reason" }, ` · ${st.reason}`) : null,
      st.verdict && st.verdict !== st.reason ? h("span", { class: "verdict" }, ` · ${st.verdict}`) : null));
  }
  return h("section", { class: "explorer-laid", "aria-label": ex.msg.laid },
    h("h3", {}, ex.msg.laid),
    steps.length ? list : h("p", {}, ex.msg.nothing_laid),
    h("p", { class: "explorer-actions" },
      h("button", { type: "button", id: "explorer-undo", class: "undo", disabled: !ex.plays.length,
        onclick: () => { ex.plays.pop(); ex.ask(); } }, ex.msg.undo),
      " ",
      h("button", { type: "button", id: "explorer-clear", class: "clear", disabled: !ex.plays.length,
        onclick: () => { ex.plays = []; ex.ask(); } }, ex.msg.clear)));
}

/** The cards to lay, a row per suit, each a button labelled with its state. */
function renderCards(ex) {
  const turn = ex.turn();
  const isLegal = (card) => !!turn && (turn.legal === null || turn.legal.has(card));
  const beats = (card) => !!turn && !!turn.beats && turn.beats.has(card);
  const laid = ex.laidCards();
  const rows = SUITS.map((suit) => h("div", { class: "card-row", role: "group", "aria-label": suitWords(suit) },
    ex.deck().filter((card) => card.endsWith(suit)).map((card) => {
      const states = laid.has(card) ? [ex.msg.already_laid] : [isLegal(card) ? ex.msg.legal : ex.msg.illegal];
      if (!laid.has(card) && beats(card)) states.push(ex.msg.beats);
      const state = states.join(", ");
      return h("button", {
        type: "button",
        class: `card suit-${suit}${isLegal(card) ? " is-legal" : ""}${beats(card) ? " beats" : ""}`,
        dataset: { card },
        "aria-label": format(ex.msg.card_label, { card: pretty(card), state }),
        disabled: laid.has(card) || !turn,
        onclick: () => ex.lay(card),
      }, cardFace(card));
    })));
  const title = turn ? format(ex.msg.next, { seat: turn.seat, player: ex.player(turn.seat) }) : ex.msg.done;
  return h("section", { class: "explorer-cards", "aria-label": ex.msg.cards },
    h("h3", {}, title), h("p", { class: "card-legend" }, ex.msg.card_legend), rows);
}

/** Redraw the cards, verdict and steps of explorer `ex`; the keyboard focus stays where it was (on the card just
 * laid, or on the same control), moving to the first card that can be laid when that one is gone or disabled. */
export function renderBoard(ex) {
  const activeId = ex.root.contains(document.activeElement) ? document.activeElement.id : "";
  renderVerdict(ex);
  ex.cards.replaceChildren(renderCards(ex));
  ex.laid.replaceChildren(renderSteps(ex));
  ex.advisor?.render();
  const card = ex.focusCard && ex.cards.querySelector(`button.card[data-card="${ex.focusCard}"]`);
  const target = card || (activeId && document.getElementById(activeId));
  ex.focusCard = null;
  if (!target || (target === document.activeElement && !target.disabled)) return;
  const fallback = ex.cards.querySelector("button.card:not([disabled])") || document.getElementById("explorer-undo");
  (target.disabled ? fallback : target)?.focus();
}
