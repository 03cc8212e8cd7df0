// A short message at the bottom of the screen (errors, why a card may not be played), or just above an element the
// player is looking at (the hand: the reason a card may not be played never covers the cards).

let timer = null;

/** Show `text` for a few seconds in the page's #toast; with `above`, just over that element when it is on screen. */
export function toast(text, kind = "info", { above } = {}) {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.style.bottom = "";
  const top = above?.getClientRects().length ? above.getBoundingClientRect().top : null;
  if (top !== null && top > 48 && top <= window.innerHeight) el.style.bottom = `${window.innerHeight - top + 6}px`;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.hidden = true;
  }, 4000);
}
