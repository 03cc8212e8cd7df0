// The keyboard's place across renders: every snapshot replaces the hand and the buttons, and the focus goes back to
// the same card or button, else the card now at its place, else the hand (it never falls to the page).

import { overlayKind } from "../sheet.js";

const $ = (id) => document.getElementById(id);

/** The card of the hand that has the focus, if any. */
export function focusedCard() {
  const el = document.activeElement;
  return el?.closest?.("#hand") && el.dataset.card ? el.dataset.card : null;
}

/** Where the focus was among the hand, the selection bar, the action buttons and the plug-in's controls (by its
 * `focusKey`) before a render. */
export function focusPlace(plugin) {
  const el = document.activeElement;
  if (!el || el === document.body) return { lost: true };
  const selector = plugin.focusKey(el);
  if (selector) return { selector };
  const region = el.closest?.("#hand, #actions, #selection");
  if (!region) return null;
  const cards = [...$("hand").querySelectorAll(".card")];
  return { region: region.id, card: el.dataset.card ?? null, index: Math.max(0, cards.indexOf(el)), action: el.dataset.action ?? el.dataset.picker ?? null };
}

/** The card or button at `place` in the hand and buttons drawn anew. */
function targetOf(place, cards) {
  const esc = (value) => CSS.escape(value);
  let target = null;
  if (place.action) {
    const action = esc(place.action);
    target = document.querySelector(`#actions [data-action="${action}"], #actions [data-picker="${action}"], #selection [data-action="${action}"]`);
  }
  if (!target && place.card) target = $("hand").querySelector(`.card[data-card="${esc(place.card)}"]`);
  if (!target && cards.length) target = cards[Math.min(place.index ?? 0, cards.length - 1)];
  return target || $("hand").querySelector(".card[tabindex='0']") || document.querySelector("#actions button");
}

/** Put the focus back after a render replaced the element holding it: the same card or button, else the card now
 * at its place, else the hand; the plug-in's control on its new element. A page whose focus was nowhere keeps it
 * there (no focus is taken on load). */
export function restoreFocus(place, snap) {
  if (!place || overlayKind() !== null || snap.state !== "playing") return;
  const active = document.activeElement;
  if (place.lost || (active && active !== document.body && active.isConnected)) return;
  if (place.selector) {
    document.querySelector(place.selector)?.focus({ preventScroll: true });
    return;
  }
  const cards = [...$("hand").querySelectorAll(".card")];
  const target = targetOf(place, cards);
  if (!target) return;
  if (target.closest("#hand")) cards.forEach((c) => c.setAttribute("tabindex", c === target ? "0" : "-1"));
  target.focus({ preventScroll: true });
}
