// A short message at the bottom of the screen (errors, why a card may not be played).

let timer = null;

/** Show `text` for a few seconds in the page's #toast. */
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.hidden = true;
  }, 4000);
}
