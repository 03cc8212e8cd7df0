// An event's state as its pages show it (webapp/events/pages.py, GET /api/events/<id>): the standings table and
// each table of the round with its players, who is to play and its score so far. The event page and the big
// screen both draw from here; they ask again every few seconds (the standings move when a table finishes).

import { h, noLang } from "./dom.js";
import { say, speaker, t } from "./i18n.js";

export const POLL_MS = 2500;

/** How long an answer is awaited: a request lost on the way is given up, and the page asks again. */
const ANSWER_MS = 10_000;

/** The event's state, or null when the server cannot be reached (or does not answer in time). */
export async function loadEvent(id) {
  try {
    const response = await fetch(`/api/events/${encodeURIComponent(id)}`, { cache: "no-store", signal: AbortSignal.timeout(ANSWER_MS) });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** "1½", "2", "0.67" → a score as people write it. */
export function scoreText(value) {
  const whole = Math.floor(value);
  const rest = value - whole;
  if (Math.abs(rest) < 1e-9) return String(whole);
  if (Math.abs(rest - 0.5) < 1e-9) return whole ? `${whole}½` : "½";
  return value.toFixed(2).replace(/0$/, "");
}

/** The standings as a table: place, name, (a duplicate event's matchpoints, which rank it,) score, the tie-break
 * of the event's system, games. */
export function standingsTable(state, me = "") {
  const tiebreak = state.spec.system === "swiss" ? "tourney.buchholz" : "tourney.sonneborn";
  const duplicate = state.spec.duplicate;
  const columns = ["tourney.place", "tourney.player", ...(duplicate ? ["tourney.matchpoints"] : []), "tourney.score", tiebreak, "tourney.games"];
  const head = h("tr", {}, ...columns.map((k, i) => h("th", { scope: "col", class: i === 1 ? null : "num" }, t(k))));
  const rows = state.standings.map((row) =>
    h(
      "tr",
      { class: [row.entrant === me ? "mine" : "", row.dropped ? "dropped" : ""].join(" ").trim() || null },
      h("td", { class: "num" }, row.place),
      h("th", { scope: "row" }, row.name, row.dropped ? h("span", { class: "tag" }, ` · ${t("tourney.dropped")}`) : null),
      duplicate ? h("td", { class: "num score" }, scoreText(row.matchpoints ?? 0)) : null,
      h("td", { class: duplicate ? "num" : "num score" }, scoreText(row.score)),
      h("td", { class: "num" }, scoreText(row.tiebreak)),
      h("td", { class: "num" }, row.played),
    ),
  );
  return h("table", { class: "standings" }, h("thead", {}, head), h("tbody", {}, ...rows));
}

/** The name a seat shows: the player's, or "Bot (Normal)". */
export function seatLabel(seat, level) {
  if (seat.kind === "bot") return t("tourney.bot", { level: t(`bot.level.${level}`) });
  return seat.name;
}

/** The score line of a table: each seat's (or team's) total on its score sheet, "Ann 12 · Bob 9". */
export function scoreLine(table, level) {
  if (!table.sheet) return [];
  const names = table.seats.map((s) => seatLabel(s, level));
  const reader = speaker({ names });
  const out = [];
  table.sheet.columns.forEach((column, i) => {
    const total = table.sheet.totals[i];
    if (column.seat) out.push([names[column.seat.seat], say(total, reader)]);
    else if (column.team) {
      const members = table.seats.filter((_, s) => s % 2 === column.team.team).map((s) => seatLabel(s, level));
      out.push([members.join(" & "), say(total, reader)]);
    }
  });
  return out;
}

/** One table of the round as a card: its number, its players (who is to play marked), its score, its state. */
export function tableCard(table, state, { me = "", onPick = null, picked = false } = {}) {
  const level = state.spec.level;
  const seats = table.seats.map((seat, i) =>
    h(
      "li",
      {
        class: [
          (table.to_act || []).includes(i) ? "to-act" : "",
          seat.player && seat.player === me ? "mine" : "",
          seat.kind === "bot" || seat.stand_in ? "bot" : "",
        ].join(" ").trim() || null,
      },
      seatLabel(seat, level),
      (table.to_act || []).includes(i) ? h("span", { class: "turn-mark" }, ` · ${t("tourney.to_play")}`) : null,
    ),
  );
  const score = scoreLine(table, level).map(([who, total]) => h("span", { class: "score-part" }, `${who}: `, h("b", {}, total)));
  const status = table.result ? t("tourney.table_done") : table.state === "playing" ? t("tourney.table_playing") : t("tourney.table_waiting");
  return h(
    "article",
    { class: `event-table${table.result ? " done" : ""}${picked ? " picked" : ""}`, dataset: { code: table.code } },
    h("h3", {}, t("tourney.table_n", { n: table.board }), " ", noLang(table.code, { class: "code" })),
    h("ol", { class: "event-seats" }, ...seats),
    h("p", { class: "event-score" }, ...score),
    h("p", { class: "event-status" }, status),
    onPick && !table.result ? h("button", { type: "button", class: "watch-button", onclick: () => onPick(table.code) }, t("tourney.watch")) : null,
  );
}

/** The event's title line: its name, game, system and where it stands ("Round 2 of 3"). */
export function roundText(state) {
  if (state.finished) return t("tourney.finished");
  if (!state.round) return t("tourney.not_started");
  const base = t("tourney.round_of", { n: state.round, total: state.spec.rounds });
  return state.paused ? `${base} · ${t("tourney.paused")}` : base;
}
