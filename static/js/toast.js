// A short message over the page (errors, why a card may not be played), placed where it covers none of what the
// player is looking at or about to tap: his moves' buttons, the hand, the turn line, his own seat line, the top bar.

let timer = null;
let guarded = [];
let minor = [];

/** The parts of the page a message must leave uncovered on this page (selectors, e.g. the table's moves and hand),
 * and those it had better leave (`lesser`: covered only where nothing else is free, e.g. the seats on a small phone). */
export function keepClear(selectors, lesser = []) {
  guarded = selectors;
  minor = lesser;
}

/** A part's weight: what a message must not cover counts far above what it had better not. */
const MAJOR = 20;

/** The boxes of `elements` that show (have a size). */
function boxes(elements) {
  return elements.filter((e) => e?.getClientRects().length && e.getBoundingClientRect().height > 0).map((e) => e.getBoundingClientRect());
}

/** How much of the parts ([box, weight]) a message at `top` (height `height`, from `left` to `right`) would cover,
 * in weighted px². */
function covered(top, height, left, right, parts) {
  return parts.reduce((sum, [r, weight]) => {
    const w = Math.min(right, r.right) - Math.max(left, r.left);
    const h = Math.min(top + height, r.bottom) - Math.max(top, r.top);
    return sum + (w > 0 && h > 0 ? w * h * weight : 0);
  }, 0);
}

const partsOf = (selectors, weight) =>
  boxes(selectors.flatMap((s) => [...document.querySelectorAll(s)])).map((r) => [r, weight]);

/** Place the shown message `el`: just above the highest of `above` when that covers nothing guarded, else wherever on
 * the screen covers least of it (over the felt's middle, at the foot, under the top bar, beside a guarded part). */
function place(el, above) {
  el.style.top = "";
  el.style.bottom = "";
  el.style.left = "";
  const parts = [...partsOf(guarded, MAJOR), ...partsOf(minor, 1)];
  const { width, height } = el.getBoundingClientRect();
  const floor = Math.max(0, ...boxes([document.querySelector(".topbar")]).map((r) => r.bottom));
  const tops = [];
  const over = boxes(above).map((r) => r.top);
  if (over.length) tops.push(Math.min(...over) - height - 6);
  const ring = boxes([document.getElementById("ring")])[0];
  if (ring) tops.push(ring.top + ring.height / 2 - height / 2);
  tops.push(window.innerHeight - height - 12, floor + 6, ...parts.flatMap(([r]) => [r.top - height - 6, r.bottom + 6]));
  // across the page's middle, or over the felt's (a phone on its side has the moves in a column beside it)
  const middles = [window.innerWidth / 2];
  if (ring && ring.width >= width) middles.push(ring.left + ring.width / 2);
  let best = null;
  for (const middle of middles) {
    for (const top of tops.filter((y) => y >= floor && y + height <= window.innerHeight)) {
      const cost = covered(top, height, middle - width / 2, middle + width / 2, parts);
      if (!best || cost < best.cost) best = { top, middle, cost };
      if (!cost) break;
    }
    if (best && !best.cost) break;
  }
  if (!best) return;
  el.style.top = `${Math.round(best.top)}px`;
  el.style.bottom = "auto";
  if (best.middle !== middles[0]) el.style.left = `${Math.round(best.middle)}px`;
}

/** Show `text` for a few seconds in the page's #toast; with `above` (elements), just over the highest of them that
 * shows, when that covers none of the parts the page keeps clear. */
export function toast(text, kind = "info", { above = [] } = {}) {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  place(el, above);
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.hidden = true;
  }, 4000);
}

/** Hide the message now if it is of `kind` (a reason a card may not be played, once the position it speaks of has
 * changed). */
export function dismiss(kind) {
  const el = document.getElementById("toast");
  if (!el || el.hidden || el.dataset.kind !== kind) return;
  clearTimeout(timer);
  el.hidden = true;
}
