// A table of an event (/t/<code>?event=<id>): a bar back to the event's page with where the round stands, and the
// page goes on to the player's next table when the director starts the next round. With ?screen=1 (the room's big
// screen shows the table in a frame) the page only watches, whoever's browser it is, and draws the centre large.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { storedPlayer } from "./player.js";
import { POLL_MS, loadEvent, roundText } from "./event_data.js";

const params = new URLSearchParams(location.search);

/** The big screen's frame: watch only, no hands, the centre large. */
export const screenMode = params.get("screen") === "1";
if (screenMode || params.has("event")) document.head.append(h("link", { rel: "stylesheet", href: "/static/css/events.css" }));
if (screenMode) document.body.classList.add("screen-mode");

/** In the big screen's frame, tell the screen that its table changed: the round's list beside the frame is asked
 * again at once, so the two never say different players are to play. */
export function tellScreen() {
  if (screenMode && window.parent !== window) window.parent.postMessage({ kind: "table-changed" }, location.origin);
}

/** Show the event's bar above the table and follow the player to his next table (nothing outside an event). */
export function eventBar(code) {
  const id = params.get("event");
  if (!id || screenMode || !/^[A-Z0-9]{6}$/.test(id)) return;
  const link = h("a", { href: `/e/${id}`, class: "event-back" }, t("tourney.back"));
  const where = h("span", { class: "event-where" });
  const bar = h("nav", { class: "event-bar", "aria-label": t("tourney.title") }, link, " ", where);
  document.querySelector(".topbar")?.after(bar);
  // the game's result: the way back to the standings instead of "Play again" (the next round seats everybody anew)
  const overlay = document.getElementById("overlay");
  if (overlay) {
    new MutationObserver(() => {
      if (overlay.hidden || overlay.dataset.kind !== "over") return;
      const again = document.getElementById("play-again");
      if (again && !again.hidden) again.hidden = true;
      const buttons = document.getElementById("overlay-buttons");
      if (buttons && !buttons.querySelector(".event-over-back")) {
        buttons.prepend(h("a", { href: `/e/${id}`, class: "button-link go event-over-back" }, t("tourney.back")));
      }
    }).observe(overlay, { attributes: true, childList: true, subtree: true });
  }
  const check = async () => {
    const state = await loadEvent(id);
    if (!state) return;
    where.textContent = `${state.spec.name} · ${roundText(state)}`;
    const me = storedPlayer()?.id;
    const next = state.tables.find((table) => table.code !== code && !table.result && table.seats.some((s) => s.player && s.player === me));
    if (next) location.assign(`/t/${next.code}?event=${id}`);
  };
  check();
  setInterval(check, POLL_MS * 2);
}
