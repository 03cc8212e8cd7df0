// The lobby: a card per game with "Play now" and "Invite friends" (lobby_games.js), the tables someone can join or
// watch (lobby/tables.js), "More options" (a create form generated from each game's options schema:
// lobby/more_options.js), join by code and start from a deal code (lobby/codes.js), and the finished games
// (history) with links to their replays (lobby/history.js). This module boots the page and joins the parts.

import { connect, savedName } from "./connection.js";
import { h, fill } from "./dom.js";
import { applyCatalog, loadCatalog, say, t } from "./i18n.js";
import { levelOptions, saveLevel, savedLevel } from "./levels.js";
import { gameCards, guestName } from "./lobby_games.js";
import { codeForms } from "./lobby/codes.js";
import { refreshHistory } from "./lobby/history.js";
import { chooseLength, loadLengths } from "./lobby/length.js";
import { moreOptions } from "./lobby/more_options.js";
import { nameField } from "./lobby/name.js";
import { FRIENDS, tableOpener } from "./lobby/open.js";
import { refreshTables, renderTables } from "./lobby/tables.js";
import { showMyTables } from "./my_tables.js";
import { gameName } from "./options_form.js";
import { ensurePlayer } from "./player.js";
import { toast } from "./toast.js";

await loadCatalog();
applyCatalog();
document.title = t("app.name");

const games = await loadGames();
// the player first: every table this page opens remembers him (the socket's auth carries his key)
const me = await ensurePlayer(savedName() || guestName()).catch(() => null);
const lengths = await loadLengths();
const socket = connect();
const levelBox = document.getElementById("bot-level");
const playError = document.getElementById("play-error");

async function loadGames() {
  const embedded = JSON.parse(document.getElementById("games-data").textContent || "[]");
  if (embedded.length) return embedded;
  const response = await fetch("/api/games");
  return response.ok ? response.json() : [];
}

function gameById(id) {
  return games.find((g) => g.id === id);
}

const playerName = nameField(document.getElementById("player-name"));
showMyTables(me, (id) => gameName(gameById(id)) || id);
fill(levelBox, levelOptions(savedLevel()));
levelBox.addEventListener("change", () => saveLevel(levelBox.value));
/** Open a table and go to it (lobby/open.js). */
const go = tableOpener(socket, me, playerName);
const openMoreOptions = moreOptions(games, { gameById, levelBox, go });

/** "Play now": you and bots at the lobby's level, straight to a dealt hand; a game with a short game asks which. */
function playNow(game, button) {
  const start = (options, el) => go({ game, bots: true, level: levelBox.value, options }, el, playError);
  if (lengths[game.id]?.short) chooseLength(lengths[game.id], button, start);
  else go({ game, bots: true, level: levelBox.value }, button, playError);
}

/** "Play now" and "Invite friends" on a game card: the game's usual players and every default option. */
const cardActions = {
  play: playNow,
  invite: (game, button) => go({ game, bots: false, level: levelBox.value, house: FRIENDS }, button, playError),
  learn: (game, button) => go({ game, bots: true, lesson: true }, button, playError),
  more: (game) => openMoreOptions(game),
};

if (games.length) fill(document.getElementById("game-cards"), gameCards(games, cardActions));
else fill(document.getElementById("game-cards"), h("li", { class: "hint" }, t("lobby.no_games")));
codeForms(socket);
socket.on("error", (e) => toast(say(e.error)));
// the open tables as they change, from every worker (webapp/lobby_feed.py); the list is still asked for now and then
socket.on("lobby", (all) => renderTables(all, gameById));
refreshTables(gameById);
const learn = gameById(new URLSearchParams(location.search).get("learn") || "");
if (learn) cardActions.learn(learn, document.querySelector(`.game-card[data-game="${learn.id}"] button.learn`));
refreshHistory(gameById);
setInterval(() => refreshTables(gameById), 20000);
setInterval(() => refreshHistory(gameById), 20000);
document.body.classList.add("ready");
