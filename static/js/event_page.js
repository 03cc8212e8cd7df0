// An event's page (/e/<id>): join as this browser's player, go to your table when a round starts, follow the
// standings and the round's tables, and, for its director, start rounds, pause, drop or replace a player by a bot.

import { h, fill } from "./dom.js";
import { applyCatalog, loadCatalog, t } from "./i18n.js";
import { gameName } from "./options_form.js";
import { ensurePlayer, postMe, storedPlayer } from "./player.js";
import { toast } from "./toast.js";
import { guestName } from "./lobby_games.js";
import { POLL_MS, loadEvent, roundText, standingsTable, tableCard } from "./event_data.js";
import { duplicateBoard } from "./event_board.js";

await loadCatalog();
applyCatalog();

const $ = (id) => document.getElementById(id);
const id = document.body.dataset.event;
const games = JSON.parse($("games-data").textContent || "[]");
const SENT_KEY = `cardtable.event.${id}.sent`;
let state = null;

const me = () => storedPlayer()?.id || "";

/** The round's table of this browser's player, if he plays one still under way. */
function myTable() {
  return state?.tables.find((table) => !table.result && table.seats.some((s) => s.player && s.player === me()));
}

function draw() {
  const game = games.find((g) => g.id === state.spec.game);
  $("event-name").textContent = state.spec.name;
  document.title = `${state.spec.name} · ${t("tourney.title")}`;
  $("event-round").textContent = roundText(state);
  const partners = state.spec.game === "blot" ? ` · ${t(`tourney.partners_${state.spec.partners}`)}` : "";
  const duplicate = state.spec.duplicate ? ` · ${t("tourney.duplicate")}` : "";
  const deals = state.spec.deals ? ` · ${t("tourney.deals_each", { n: state.spec.deals })}` : "";
  $("event-kind").textContent = `${gameName(game)} · ${t(`tourney.system_${state.spec.system}`)}${partners}${duplicate}${deals}`;
  const joined = state.entrants.some((e) => e.player === me());
  $("join-box").hidden = joined || state.finished;
  const mine = myTable();
  $("my-table").hidden = !mine;
  if (mine) fill($("my-table"), h("a", { class: "button-link go", href: `/t/${mine.code}?event=${id}` }, t("tourney.go_table", { n: mine.board })));
  fill($("standings"), standingsTable(state, me()));
  fill($("tables"), ...state.tables.map((table) => tableCard(table, state, { me: me() })));
  fill($("board"), state.board ? duplicateBoard(state) : null);
  fill(
    $("past"),
    ...state.past
      .filter((b) => b.game_id)
      .map((b) =>
        h(
          "li",
          {},
          t("tourney.past_line", { round: b.round, n: b.board }),
          " ",
          b.names.map((n) => n || t("tourney.bot_short")).join(" · "),
          " ",
          h("a", { href: `/replay/${b.game_id}` }, t("tourney.replay")),
        ),
      ),
  );
  const director = state.director === me();
  $("director").hidden = !director;
  if (director) {
    $("pause").textContent = t(state.paused ? "tourney.resume" : "tourney.pause");
    $("pause").disabled = state.finished;
    $("start-round").disabled = state.finished || state.paused || (state.round > 0 && !state.round_over) || state.round >= state.spec.rounds;
    $("finish").disabled = state.finished || !state.round_over;
    fill(
      $("entrants"),
      ...state.entrants.map((e) =>
        h(
          "li",
          {},
          e.name,
          " ",
          state.finished ? null : h("button", { type: "button", class: "small", onclick: () => directorOp("replace", e.player) }, t("tourney.replace")),
          state.finished ? null : h("button", { type: "button", class: "small", onclick: () => directorOp("drop", e.player) }, t("tourney.drop")),
        ),
      ),
    );
  }
}

/** Send the player's page to his table when a round starts (once per table: he may come back here). */
function follow() {
  const mine = myTable();
  if (!mine || sessionStorage.getItem(SENT_KEY) === mine.code) return;
  sessionStorage.setItem(SENT_KEY, mine.code);
  location.assign(`/t/${mine.code}?event=${id}`);
}

async function refresh() {
  const next = await loadEvent(id);
  if (!next) return;
  const changed = !state || next.version !== state.version || JSON.stringify(next.tables) !== JSON.stringify(state.tables);
  state = next;
  if (changed) draw();
  follow();
}

async function directorOp(op, player) {
  try {
    state = await postMe(`/api/events/${id}/director`, player ? { op, player } : { op });
    draw();
  } catch (err) {
    toast(err.detail?.key ? t(err.detail.key) : err.message, "error");
  }
}

$("join-name").value = storedPlayer()?.name || "";
$("join").addEventListener("click", async () => {
  try {
    await ensurePlayer($("join-name").value.trim() || guestName());
    await postMe(`/api/events/${id}/join`);
    await refresh();
    toast(t("tourney.joined"));
  } catch (err) {
    toast(err.detail?.key ? t(err.detail.key) : err.message, "error");
  }
});
$("start-round").addEventListener("click", () => directorOp("start"));
$("pause").addEventListener("click", () => directorOp(state?.paused ? "resume" : "pause"));
$("finish").addEventListener("click", () => directorOp("finish"));

await refresh();
setInterval(refresh, POLL_MS);
