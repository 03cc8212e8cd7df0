// A short message at the bottom of the screen (errors, why a card may not be played), or just above an element the
// player is looking at (the hand and the buttons above it: the reason a move may not be made never covers them).

let timer = null;

/** The top edge of the highest of `elements` that shows (has a size), or null. */
function topOf(elements) {
  const tops = elements
    .filter((e) => e?.getClientRects().length && e.getBoundingClientRect().height > 0)
    .map((e) => e.getBoundingClientRect().top);
  return tops.length ? Math.min(...tops) : null;
}

/** Show `text` for a few seconds in the page's #toast; with `above` (elements), just over the highest of them that
 * shows, when it is on screen. */
export function toast(text, kind = "info", { above = [] } = {}) {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.style.bottom = "";
  const top = topOf(above);
  if (top !== null && top > 48 && top <= window.innerHeight) el.style.bottom = `${window.innerHeight - top + 6}px`;
  el.hidden = false;
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
