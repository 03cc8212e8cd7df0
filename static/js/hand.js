// Your hand (in the order the game sorts it, legal cards highlighted), the multi-card selection and the action buttons.

import { actionLabel, matchSelection } from "./actions.js";
import { cardSvg } from "./cards.js";
import { fill, fillChanged, h } from "./dom.js";
import { t, tFirst } from "./i18n.js";

const COMPACT_GROUP = 7;

/** Render the hand into `el`; `onTap(card)` handles taps. One card is in the tab order (`focusCard` if it is in
 * the hand, else the first legal one): the arrow keys move between the cards (handKeys). */
export function renderHand(el, { hand, cardActions, myTurn, selection, style, onTap, focusCard = null }) {
  const playable = new Set(cardActions.flatMap((a) => a.cards));
  const list = hand || [];
  const stop = list.includes(focusCard) ? focusCard : list.find((c) => myTurn && playable.has(c)) ?? list[0];
  const cards = list.map((card) => {
    const legal = playable.has(card);
    const classes = ["card", legal && "legal", myTurn && !legal && "dim", selection.includes(card) && "selected"];
    return h(
      "button",
      {
        type: "button",
        class: classes.filter(Boolean).join(" "),
        "aria-pressed": selection.includes(card) ? "true" : null,
        tabindex: card === stop ? "0" : "-1",
        dataset: { card, actions: JSON.stringify(cardActions.filter((a) => a.cards.includes(card)).map((a) => a.action)) },
        html: cardSvg(card, style),
        onclick: () => onTap(card),
      },
    );
  });
  const changed = fillChanged(el, cards);
  el.classList.toggle("my-turn", myTurn);
  if (changed) fitHand(el);
}

/** Arrow keys (and Home, End) move the focus through the hand's cards; Enter or Space plays (the button's click). */
export function handKeys(el) {
  el.addEventListener("keydown", (e) => {
    const cards = [...el.querySelectorAll(".card")];
    const at = cards.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    let next = null;
    if (step) next = (at + step + cards.length) % cards.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = cards.length - 1;
    if (next === null) return;
    e.preventDefault();
    cards.forEach((c, i) => c.setAttribute("tabindex", i === next ? "0" : "-1"));
    cards[next].focus();
  });
}

/** Overlap the cards just enough that the whole hand fits the width of `el`. */
export function fitHand(el) {
  const cards = el.querySelectorAll(".card");
  if (!cards.length) return;
  const width = cards[0].getBoundingClientRect().width;
  const room = el.clientWidth - 8;
  const need = cards.length * width + (cards.length - 1) * 4;
  const shift = need > room ? -((cards.length * width - room) / (cards.length - 1)) : 4;
  el.style.setProperty("--shift", `${shift.toFixed(1)}px`);
}

/** The selection bar: a button per legal play the selected cards make, and a clear button. */
export function renderSelection(el, { selection, cardActions, style, onAct, onClear }) {
  if (!selection.length) {
    fill(el);
    return;
  }
  const matches = matchSelection(cardActions, selection);
  fill(
    el,
    matches.length
      ? matches.map((m) =>
          h("button", { type: "button", class: "primary play-selection", dataset: { action: m.action }, onclick: () => onAct(m.action) }, actionLabel(m.action, style)),
        )
      : h("span", { class: "hint" }, t("table.select_more")),
    h("button", { type: "button", class: "clear-selection", onclick: onClear }, t("table.clear_selection")),
  );
}

/** A button per non-card action; a long list of one verb (a bidding ladder) becomes a picker and a button, after
 * the single buttons. */
export function renderActions(el, { otherActions, style, onAct }) {
  const groups = new Map();
  for (const a of otherActions) groups.set(a.verb, [...(groups.get(a.verb) || []), a]);
  // the single buttons first, then the pickers: Blot's "Pass" and "Contra" side by side, the bids' list under them
  const parts = [];
  const pickers = [];
  for (const [verb, list] of groups) {
    if (list.length < COMPACT_GROUP) {
      for (const a of list) {
        parts.push(h("button", { type: "button", class: "action", dataset: { action: a.action }, onclick: () => onAct(a.action) }, actionLabel(a.action, style)));
      }
      continue;
    }
    const select = h(
      "select",
      { class: "action-picker", dataset: { verb }, "aria-label": tFirst([`table.choose.${verb}`, "table.choose"]) },
      list.map((a) => h("option", { value: a.action }, actionLabel(a.action, style))),
    );
    pickers.push(
      h(
        "span",
        { class: "picker" },
        select,
        h("button", { type: "button", class: "action", dataset: { picker: verb }, onclick: () => onAct(select.value) }, t("table.do")),
      ),
    );
  }
  fill(el, [...parts, ...pickers]);
}
