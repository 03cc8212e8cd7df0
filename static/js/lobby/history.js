// The lobby's finished games: each game's players, when it ended, the winners and losers, and a link to its replay
// (from the seat this browser's player held).

import { savedName, tokens } from "../connection.js";
import { historyName, replayUrl } from "../deals.js";
import { h } from "../dom.js";
import { catalogLang, t } from "../i18n.js";
import { gameName } from "../options_form.js";
import { listTable } from "./list.js";

/** A finished game's players, winners first marked, as text. */
function resultText(entry) {
  const names = (seats) => (seats || []).map((seat) => historyName(entry.names, seat)).join(", ");
  const parts = [];
  if (entry.result?.winners?.length) parts.push(t("over.winners", { names: names(entry.result.winners) }));
  if (entry.result?.losers?.length) parts.push(t("over.losers", { names: names(entry.result.losers) }));
  return parts.join(" · ");
}

/** The seat this browser's player held in finished game `entry` (a table it holds a token for, a seat of its saved
 * name), or null: his replay opens from it. */
function ownSeat(entry) {
  const seat = entry.code in tokens() ? (entry.names || []).indexOf(savedName()) : -1;
  return seat >= 0 ? seat : null;
}

/** Draw the finished games `entries`; `gameById` finds a game. */
function renderHistory(entries, gameById) {
  const columns = ["lobby.col_game", "lobby.col_names", "lobby.col_when", "lobby.col_result", "lobby.col_replay"];
  listTable("history", entries, "lobby.no_history", "tables-table history-table", columns, (g) =>
    h(
      "tr",
      { dataset: { id: String(g.id), code: g.code } },
      h("td", {}, gameName(gameById(g.game)) || g.game),
      h("td", { class: "names" }, (g.names || []).map((_, seat) => historyName(g.names, seat)).join(", ")),
      h("td", { class: "hint" }, h("time", { datetime: new Date(g.finished * 1000).toISOString() }, new Date(g.finished * 1000).toLocaleString(catalogLang(), { dateStyle: "short", timeStyle: "short" }))),
      h("td", { class: "result" }, resultText(g)),
      h("td", {}, h("a", { href: replayUrl(g.id, g.code, null, ownSeat(g)), class: "replay-link" }, t("lobby.replay"))),
    ),
  );
}

/** Ask the server for the finished games and draw them; `gameById` finds a game. */
export async function refreshHistory(gameById) {
  try {
    const response = await fetch("/api/history", { cache: "no-store" });
    if (response.ok) renderHistory(await response.json(), gameById);
  } catch {
    // the server is restarting; the next refresh tries again
  }
}
