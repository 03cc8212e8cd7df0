// The rules page's explorer: lay cards one by one and show the engine's verdict (explorer/: the position and its
// requests in explorer.js, the set-up form, the board, the trump suits, the words). This module boots it: an
// explorer per #explorer-app, opened on the position a "try it in the explorer" link carries; notes print open.
// Every verdict comes from POST /api/explore/<game> (the engine's DECL.explore); nothing here knows the rules.
// Its words come from the page (data-messages, in the page's language); suit symbols from the app's catalog.

import { Explorer } from "./explorer/explorer.js";
import { loadCatalog } from "./i18n.js";

/** The position a "try it in the explorer" link carries: `#explore=<json>` (players, options, context, plays). */
export function positionFromHash(hash) {
  const match = /^#explore=(.+)$/.exec(hash || "");
  if (!match) return null;
  try {
    const position = JSON.parse(decodeURIComponent(match[1]));
    return position && Array.isArray(position.plays) ? position : null;
  } catch {
    return null;
  }
}

/** Rulings and other collapsed notes print open. */
function openDetailsForPrint() {
  window.addEventListener("beforeprint", () => {
    for (const d of document.querySelectorAll("details:not([open])")) {
      d.setAttribute("open", "");
      d.dataset.printOpened = "1";
    }
  });
  window.addEventListener("afterprint", () => {
    for (const d of document.querySelectorAll("details[data-print-opened]")) {
      d.removeAttribute("open");
      delete d.dataset.printOpened;
    }
  });
}

openDetailsForPrint();
// The app's catalog in the page's language: suit symbols and the cards' letters (the page brings its own words).
await loadCatalog();
for (const root of document.querySelectorAll("#explorer-app")) {
  const explorer = new Explorer(root);
  const follow = () => {
    const position = positionFromHash(window.location.hash);
    if (position) explorer.open(position);
  };
  window.addEventListener("hashchange", follow);
  // The same link clicked again does not change the hash: open its position anyway.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-explore]");
    if (link && link.getAttribute("href") === window.location.hash) follow();
  });
  follow();
}
