// The big screen (/e/<id>/screen), for a TV or a laptop facing the room at 1920x1080: the standings, the round's
// tables with their live scores and who is to play, the QR code to join, and one table large (the table page in
// its watching-only "screen" form: the centre and the played cards big, no hands). A table is picked by its
// "Watch" button; otherwise the screen shows the first table still playing, and none once the round's tables are
// done.

import { fill } from "./dom.js";
import { applyCatalog, loadCatalog, t } from "./i18n.js";
import { POLL_MS, loadEvent, roundText, standingsTable, tableCard } from "./event_data.js";

await loadCatalog();
applyCatalog();

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.event;
let state = null;
let picked = null;
let shown = null;

/** The table shown large: the one picked, else the first still playing; none once every table has finished (a
 * finished table has nothing left to watch: the standings say how it ended). */
function liveCode() {
  const playing = state.tables.filter((table) => !table.result);
  if (picked && playing.some((table) => table.code === picked)) return picked;
  return playing.length ? playing[0].code : null;
}

function draw() {
  $("event-name").textContent = state.spec.name;
  document.title = `${state.spec.name} · ${t("tourney.screen")}`;
  $("event-round").textContent = roundText(state);
  fill($("standings"), standingsTable(state));
  const code = liveCode();
  fill($("tables"), ...state.tables.map((table) => tableCard(table, state, { onPick: pick, picked: table.code === code })));
  const live = state.tables.find((table) => table.code === code);
  $("live-table").textContent = live ? t("tourney.table_n", { n: live.board }) : "";
  $("live-none").hidden = Boolean(code);
  $("live-title").hidden = !code;
  $("live-none").textContent = t(state.tables.length ? "tourney.live_done" : "tourney.live_none");
  $("live").hidden = !code;
  if (code !== shown) {
    shown = code;
    $("live").src = code ? `/t/${code}?screen=1&lang=${document.documentElement.lang}` : "about:blank";
  }
}

function pick(code) {
  picked = code;
  draw();
}

let asking = false;
let askAgain = false;

/** Ask for the event's state and draw it; asked again while an answer is awaited, it asks once more after it. */
async function refresh() {
  if (asking) {
    askAgain = true;
    return;
  }
  asking = true;
  const next = await loadEvent(id);
  asking = false;
  if (next) {
    state = next;
    draw();
  }
  if (askAgain) {
    askAgain = false;
    refresh();
  }
}

// the live table's frame says when its table changed (event_link.js): the list follows it at once, not at the
// next poll
window.addEventListener("message", (e) => {
  if (e.origin === location.origin && e.source === $("live").contentWindow && e.data?.kind === "table-changed") refresh();
});

await refresh();
setInterval(refresh, POLL_MS);
