// The lobby's open tables: the ones someone can join or watch, waiting first, a few in play unless "Show all"; each
// with its QR code (the table's LAN link) behind a toggle that stays open across refreshes. The list comes from the
// lobby feed as it changes and is asked for now and then.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { gameName, summaryWords } from "../options_form.js";
import { listTable } from "./list.js";

function stateLabel(state) {
  return t(`state.${state}`);
}

/** Whether a listed table is one someone can still join or watch: not a finished game (those are in the history).
 * The list does not say whether anyone is still at a table; the server closes the ones nobody comes back to. */
function joinable(tb) {
  return tb.state === "waiting" || tb.state === "playing";
}

/** How many tables in play the list shows before "Show all". */
const SHOWN_IN_PLAY = 5;
let showAllInPlay = false;

/** Draw the open tables of `all` (the server's list); `gameById` finds a table's game. */
export function renderTables(all, gameById) {
  // the server lists waiting tables first; tables in play (to watch) after them, the first few unless asked
  const listed = all.filter(joinable);
  const waiting = listed.filter((tb) => tb.state === "waiting");
  const playing = listed.filter((tb) => tb.state !== "waiting");
  const hidden = showAllInPlay ? 0 : Math.max(0, playing.length - SHOWN_IN_PLAY);
  const tables = [...waiting, ...playing.slice(0, playing.length - hidden)];
  const columns = ["lobby.col_code", "lobby.col_game", "lobby.col_players", "lobby.col_options", "lobby.col_state", "lobby.col_invite", "lobby.col_open"];
  listTable("tables", tables, "lobby.no_tables_now", "tables-table", columns, (tb) => {
    const open = tb.state === "waiting" && (tb.seated ?? 0) < tb.players;
    return h(
      "tr",
      { dataset: { code: tb.code } },
      h("td", {}, h("span", { class: "code" }, tb.code)),
      h("td", { class: "game" }, gameName(gameById(tb.game)) || tb.game),
      h("td", {}, t("lobby.seated", { seated: tb.seated ?? "?", players: tb.players })),
      h("td", { class: "hint" }, summaryWords(gameById(tb.game), tb.options_summary)),
      h("td", {}, h("span", { class: `state state-${tb.state}` }, stateLabel(tb.state))),
      h("td", {}, qrToggle(tb.code)),
      h("td", { class: "open" }, h("a", { href: `/t/${tb.code}`, class: `table-link${open ? " join" : ""}` }, t(open ? "lobby.action_join" : "lobby.action_watch"))),
    );
  });
  if (hidden) {
    const more = () => {
      showAllInPlay = true;
      renderTables(all, gameById);
    };
    document.getElementById("tables").append(h("button", { type: "button", class: "link-button show-all", onclick: more }, t("lobby.show_all_tables", { n: hidden })));
  }
}

const openQr = new Set();
const qrImages = new Map();

/** The table's QR image, made (and fetched) once and moved into each refreshed list. */
function qrImage(code) {
  if (!qrImages.has(code)) {
    qrImages.set(code, h("img", { class: "qr", src: `/t/${code}/qr.svg`, width: "140", height: "140", alt: t("table.qr") }));
  }
  return qrImages.get(code);
}

/** A "QR" toggle showing the table's LAN link as a QR code (fetched when first opened); stays open across list
 * refreshes. */
function qrToggle(code) {
  const open = openQr.has(code);
  const details = h("details", { class: "qr-toggle", open }, h("summary", {}, t("lobby.qr")), open ? qrImage(code) : null);
  details.addEventListener("toggle", () => {
    if (details.open) {
      openQr.add(code);
      details.append(qrImage(code));
    } else {
      openQr.delete(code);
    }
  });
  return details;
}

/** Ask the server for the open tables and draw them. */
export async function refreshTables(gameById) {
  try {
    const response = await fetch("/api/tables", { cache: "no-store" });
    if (response.ok) renderTables(await response.json(), gameById);
  } catch {
    // the server is restarting; the next refresh tries again
  }
}
