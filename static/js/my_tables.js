// The lobby's part of this browser's player: his tables under way first (on any of his devices), the way to his
// profile, and his name kept by the server as he types it (his history stays his).

import { h, fill, noLang } from "./dom.js";
import { t } from "./i18n.js";
import { renamePlayer } from "./player.js";

/** Fill the lobby's "your tables under way" with `me.tables` (`[{code, game, seat, state}]`, newest first); the
 * section stays hidden while there are none. `gameName(id)` puts a game in the reader's words. */
export function showMyTables(me, gameName) {
  const panel = document.getElementById("my-tables-panel");
  const list = document.getElementById("my-tables");
  if (!panel || !list) return;
  const tables = me?.tables || [];
  panel.hidden = !tables.length;
  fill(
    list,
    tables.map((tb) =>
      h(
        "li",
        { class: "my-table", dataset: { code: tb.code } },
        h("a", { href: `/t/${tb.code}`, class: "my-table-link" }, h("strong", {}, gameName(tb.game)), " ", noLang(tb.code, { class: "code" })),
        h("span", { class: `state state-${tb.state}` }, t(`state.${tb.state}`)),
      ),
    ),
  );
}

/** Tell the server the player's new name a moment after he stops typing it in `input`. */
export function keepNameAsTyped(input) {
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    const name = input.value.trim();
    if (name) timer = setTimeout(() => renamePlayer(name).catch(() => {}), 600);
  });
}
