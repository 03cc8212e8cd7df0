// The lobby: a card per game with "Play now" and "Invite friends" (lobby_games.js), the tables someone can join or
// watch, "More options" (a create form generated from each game's options schema), join by code, start from a deal
// code, and the finished games (history) with links to their replays.

import { connect, saveName, savedName, tokens } from "./connection.js";
import { historyName, playDeal, replayUrl } from "./deals.js";
import { h, fill } from "./dom.js";
import { applyCatalog, catalogLang, loadCatalog, say, speaker, t } from "./i18n.js";
import { DEFAULT_LEVEL, levelOptions, levelSelect, saveLevel, savedLevel, tableLevel } from "./levels.js";
import { gameCards, guestName, openTable } from "./lobby_games.js";
import { keepNameAsTyped, showMyTables } from "./my_tables.js";
import { clockSelect, speedSelect } from "./moderation.js";
import { gameName, gameSummary, optionsForm, readOptions, summaryWords } from "./options_form.js";
import { ensurePlayer, renamePlayer } from "./player.js";
import { toast } from "./toast.js";

await loadCatalog();
applyCatalog();
document.title = t("app.name");

const games = await loadGames();
// the player first: every table this page opens remembers him (the socket's auth carries his key)
const me = await ensurePlayer(savedName() || guestName()).catch(() => null);
const lengths = await loadLengths();
const socket = connect();
const gameSelect = document.getElementById("create-game");
const playersInput = document.getElementById("create-players");
const optionsBox = document.getElementById("create-options");
const nameInput = document.getElementById("player-name");
const morePanel = document.getElementById("create-panel");
const levelBox = document.getElementById("bot-level");
const botsBox = document.getElementById("create-bots");
/** The level chosen for each other seat in "More options" (kept when the number of players changes). */
let seatLevels = [];

async function loadGames() {
  const embedded = JSON.parse(document.getElementById("games-data").textContent || "[]");
  if (embedded.length) return embedded;
  const response = await fetch("/api/games");
  return response.ok ? response.json() : [];
}

/** How long each game lasts, full and short (bench.lengths measured it from bot games); empty if unknown. */
async function loadLengths() {
  try {
    const response = await fetch("/static/lengths.json");
    return response.ok ? (await response.json()).games || {} : {};
  } catch {
    return {};
  }
}

/** "Play now" for a game that offers a short game: the card asks which, with each one's minutes, in place of its
 * buttons (the first choice takes the focus; Cancel or Escape gives the buttons back). */
function chooseLength(game, button) {
  const entry = lengths[game.id];
  const row = button.closest(".game-card").querySelector(".game-card-actions");
  const buttons = [...row.children];
  const restore = () => {
    row.replaceChildren(...buttons);
    button.focus();
  };
  const start = (options, el) => go({ game, bots: true, level: levelBox.value, options }, el, playError);
  const choice = h(
    "div",
    { class: "length-choice", role: "group", "aria-label": t("length.choose"), onkeydown: (e) => e.key === "Escape" && restore() },
    h("span", { class: "hint" }, t("length.choose")),
    h("button", { type: "button", class: "primary length-short", onclick: (e) => start(entry.short.options, e.currentTarget) }, t("length.short", { minutes: entry.short.minutes })),
    h("button", { type: "button", class: "length-full", onclick: (e) => start(undefined, e.currentTarget) }, t("length.full", { minutes: entry.full.minutes })),
    h("button", { type: "button", class: "link-button length-cancel", onclick: restore }, t("length.cancel")),
  );
  row.replaceChildren(choice);
  choice.querySelector("button").focus();
}

function gameById(id) {
  return games.find((g) => g.id === id);
}

function showGame(id) {
  const game = gameById(id);
  if (!game) return;
  document.getElementById("game-summary").textContent = gameSummary(game);
  Object.assign(playersInput, { min: game.min_players, max: game.max_players, value: game.default_players });
  fill(optionsBox, h("legend", {}, t("lobby.options")), optionsForm(game.options, game.id));
  seatLevels = [];
  showSeatLevels();
  updateRulesLink();
}

/** One level per bot seat in "More options": the other seats of the table, each at the lobby's level at first. */
function showSeatLevels() {
  const others = Math.max(0, Number(playersInput.value) - 1);
  seatLevels = Array.from({ length: others }, (_, i) => seatLevels[i] ?? levelBox.value ?? DEFAULT_LEVEL);
  const rows = seatLevels.map((level, i) =>
    h(
      "label",
      { class: "field bot-level" },
      h("span", {}, t("seat.bot_name", { n: i + 2 })),
      levelSelect(level, { class: "seat-level", dataset: { index: String(i) }, onchange: (e) => (seatLevels[i] = e.target.value) }),
    ),
  );
  fill(botsBox, h("legend", {}, t("lobby.level_seats")), h("p", { class: "hint" }, t("lobby.level_seats_hint")), rows);
}

function updateRulesLink() {
  const game = gameSelect.value;
  const link = document.getElementById("create-rules");
  try {
    const options = readOptions(gameById(game).options, optionsBox, game);
    link.href = `/rules/${encodeURIComponent(game)}?options=${encodeURIComponent(JSON.stringify(options))}`;
  } catch {
    link.href = `/rules/${encodeURIComponent(game)}`;
  }
}

function stateLabel(state) {
  return t(`state.${state}`);
}

/** Fill the box `id` with a table of `items` (a header from the message keys `columns`, a row each from `row`),
 * or with the hint `emptyKey` when there are none. */
function listTable(id, items, emptyKey, className, columns, row) {
  const box = document.getElementById(id);
  if (!items.length) {
    fill(box, h("p", { class: "hint" }, t(emptyKey)));
    return;
  }
  const head = h("tr", {}, columns.map((k) => h("th", { scope: "col" }, t(k))));
  fill(box, h("table", { class: className }, h("thead", {}, head), h("tbody", {}, items.map(row))));
}

/** Whether a listed table is one someone can still join or watch: not a finished game (those are in the history).
 * The list does not say whether anyone is still at a table; the server closes the ones nobody comes back to. */
function joinable(tb) {
  return tb.state === "waiting" || tb.state === "playing";
}

/** How many tables in play the list shows before "Show all". */
const SHOWN_IN_PLAY = 5;
let showAllInPlay = false;

function renderTables(all) {
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
      renderTables(all);
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

async function refreshTables() {
  try {
    const response = await fetch("/api/tables", { cache: "no-store" });
    if (response.ok) renderTables(await response.json());
  } catch {
    // the server is restarting; the next refresh tries again
  }
}

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

function renderHistory(entries) {
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

async function refreshHistory() {
  try {
    const response = await fetch("/api/history", { cache: "no-store" });
    if (response.ok) renderHistory(await response.json());
  } catch {
    // the server is restarting; the next refresh tries again
  }
}

async function startDeal(event) {
  event.preventDefault();
  const error = document.getElementById("deal-error");
  error.hidden = true;
  try {
    await playDeal(socket, document.getElementById("deal-code").value, document.getElementById("deal-name").value.trim());
  } catch (err) {
    error.textContent = say(err.detail ?? err.message);
    error.hidden = false;
  }
}

/** The player's name: the one typed, else a guest name (kept, so the tables know him by it next time). */
function playerName() {
  const name = nameInput.value.trim() || guestName();
  nameInput.value = name;
  saveName(name);
  document.getElementById("deal-name").value ||= name;
  return name;
}

let busy = false;

/** Open a table (openTable) and go to it; `button` says what is happening meanwhile, `errorBox` any refusal. */
async function go(settings, button, errorBox) {
  if (busy) return;
  busy = true;
  errorBox.hidden = true;
  const label = button.textContent;
  button.textContent = t(settings.bots ? "lobby.dealing" : "lobby.creating");
  document.body.classList.add("busy");
  try {
    const name = playerName();
    if (me && name !== me.name) me.name = (await renamePlayer(name).catch(() => me))?.name ?? name; // his tables know him by it
    const code = await openTable(socket, { ...settings, name });
    location.assign(`/t/${code}`);
  } catch (err) {
    errorBox.textContent = say(err.detail ?? err.message, speaker({ game: settings.game.id })); // options by name
    errorBox.hidden = false;
    button.textContent = label;
    document.body.classList.remove("busy");
    busy = false;
  }
}

const playError = document.getElementById("play-error");

/** What "Invite friends" makes unless "More options" says otherwise: a table only its invite link opens, with a
 * relaxed turn clock (friends wait for each other, but not for ever). */
const FRIENDS = { listed: false, clock: "relaxed" };

/** "Play now" and "Invite friends" on a game card: the game's usual players and every default option. */
const cardActions = {
  play: (game, button) => (lengths[game.id]?.short ? chooseLength(game, button) : go({ game, bots: true, level: levelBox.value }, button, playError)),
  invite: (game, button) => go({ game, bots: false, level: levelBox.value, house: FRIENDS }, button, playError),
  learn: (game, button) => go({ game, bots: true, lesson: true }, button, playError),
  more: (game) => {
    gameSelect.value = game.id;
    showGame(game.id);
    morePanel.open = true;
    morePanel.scrollIntoView({ behavior: "smooth", block: "start" });
    gameSelect.focus({ preventScroll: true });
  },
};

/** The "More options" form: `bots` fills the other seats with bots and starts ("Play with bots"), else the table
 * waits with open seats ("Invite friends"). */
function create(event, bots = false) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  const game = gameById(gameSelect.value);
  let options;
  try {
    options = readOptions(game.options, optionsBox, game.id);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return;
  }
  const button = document.getElementById(bots ? "create-play" : "create-submit");
  const levels = bots ? seatLevels : [];
  const house = {
    listed: bots || document.getElementById("create-listed").checked,
    clock: document.getElementById("create-clock").value,
    bot_speed: document.getElementById("create-speed").value,
  };
  go({ game, players: Number(playersInput.value), options, bots, level: bots ? tableLevel(levels) : levelBox.value, levels, house }, button, error);
}

/** The table's own settings in "More options": listed among the open tables (else only its invite link opens it),
 * its turn clock and its bots' speed. */
function showHouse() {
  fill(
    document.getElementById("create-house"),
    h("legend", {}, t("lobby.house")),
    h("label", { class: "pref" }, h("input", { type: "checkbox", id: "create-listed" }), " ", t("lobby.listed")),
    h("p", { class: "hint" }, t("lobby.listed_hint")),
    clockSelect("create-clock", FRIENDS.clock, () => {}),
    speedSelect("create-speed", "normal", () => {}),
  );
}

function join(event) {
  event.preventDefault();
  const code = document.getElementById("join-code").value.trim().toUpperCase();
  if (code) location.assign(`/t/${encodeURIComponent(code)}`);
}

fill(
  gameSelect,
  games.map((g) => h("option", { value: g.id }, gameName(g))),
);
fill(document.getElementById("game-cards"), gameCards(games, cardActions));
nameInput.value = savedName() || guestName();
// the name typed here is the one a table offers when he joins it by its code or its link, not only when he creates
nameInput.addEventListener("input", () => saveName(nameInput.value.trim()));
keepNameAsTyped(nameInput);
showMyTables(me, (id) => gameName(gameById(id)) || id);
document.getElementById("deal-name").value = savedName();
// On a wide screen the options sit open beside the game cards; on a phone they wait behind "More options".
if (matchMedia("(min-width: 900px)").matches) morePanel.open = true;
document.getElementById("deal-code").value = new URLSearchParams(location.search).get("deal") || "";
fill(levelBox, levelOptions(savedLevel()));
levelBox.addEventListener("change", () => {
  saveLevel(levelBox.value);
  seatLevels = [];
  showSeatLevels();
});
// As the count is typed, not only when the field loses focus: a tap on "Play with bots" straight after typing would
// otherwise move the button under the finger (the rows change as the field blurs) and be lost.
playersInput.addEventListener("input", () => playersInput.value && playersInput.checkValidity() && showSeatLevels());
playersInput.addEventListener("change", showSeatLevels);
gameSelect.addEventListener("change", () => showGame(gameSelect.value));
optionsBox.addEventListener("change", updateRulesLink);
document.getElementById("create-form").addEventListener("submit", (e) => create(e));
document.getElementById("create-play").addEventListener("click", (e) => {
  if (document.getElementById("create-form").reportValidity()) create(e, true);
});
document.getElementById("join-form").addEventListener("submit", join);
document.getElementById("deal-form").addEventListener("submit", startDeal);
socket.on("error", (e) => toast(say(e.error)));
// the open tables as they change, from every worker (webapp/lobby_feed.py); the list is still asked for now and then
socket.on("lobby", renderTables);
showHouse();
if (games.length) showGame(games[0].id);
else fill(document.getElementById("game-cards"), h("li", { class: "hint" }, t("lobby.no_games")));
refreshTables();
const learn = gameById(new URLSearchParams(location.search).get("learn") || "");
if (learn) cardActions.learn(learn, document.querySelector(`.game-card[data-game="${learn.id}"] button.learn`));
refreshHistory();
setInterval(refreshTables, 20000);
setInterval(refreshHistory, 20000);
document.body.classList.add("ready");
