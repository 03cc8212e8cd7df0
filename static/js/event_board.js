// Duplicate deals: every table of the round played the same cards, each hand held by another player at each
// table; this board sets side by side how each table scored each deal, under the player who held each hand, and
// what each line is worth against the same cards' lines at the other tables (matchpoints: 1 the room's best).

import { h, noLang } from "./dom.js";
import { scoreText } from "./event_data.js";
import { say, speaker, t } from "./i18n.js";

/** The board of the round's deals (`state.board`, webapp/events/pages.py `duplicate_board`). */
export function duplicateBoard(state) {
  const deals = state.board.filter((deal) => deal.tables.length > 0);
  if (!deals.length) return h("p", { class: "hint" }, t("tourney.board_empty"));
  return h(
    "section",
    { class: "duplicate-board" },
    h("h3", {}, t("tourney.board")),
    ...deals.map((deal) =>
      h(
        "div",
        { class: "board-deal" },
        h("h4", {}, t("tourney.board_deal", { n: deal.hand_no ?? "" }), " ", noLang(deal.code, { class: "code" })),
        h(
          "table",
          { class: "board-table" },
          h("tbody", {}, ...deal.tables.map((entry) => boardRow(entry))),
        ),
      ),
    ),
  );
}

function boardRow(entry) {
  const reader = speaker({ names: entry.names });
  const cells = [];
  (entry.columns || []).forEach((column, i) => {
    const value = entry.row ? entry.row[i] : "";
    const mp = entry.matchpoints ? entry.matchpoints[i] : null;
    const worth = mp === null || mp === undefined ? null : h("span", { class: "mp" }, ` ${t("tourney.mp", { mp: scoreText(mp) })}`);
    if (column.seat) cells.push(h("td", {}, `${entry.names[column.seat.seat]}: `, h("b", {}, say(value ?? "", reader)), worth));
    else if (column.team) cells.push(h("td", {}, `${entry.names.filter((_, s) => s % 2 === column.team.team).join(" & ")}: `, h("b", {}, say(value ?? "", reader)), worth));
  });
  return h("tr", {}, h("th", { scope: "row" }, t("tourney.table_n", { n: entry.board })), ...cells);
}
