// "More options": the create form generated from the chosen game's options schema (options_form.js), the number of
// players, a level for each bot seat, the table's own settings (listed, turn clock, bots' speed) and the rules link
// that carries the options; "Play with bots" fills the other seats with bots and starts, "Invite friends" waits.

import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { DEFAULT_LEVEL, levelSelect, tableLevel } from "../levels.js";
import { clockSelect, speedSelect } from "../moderation.js";
import { gameName, gameSummary, optionsForm, readOptions } from "../options_form.js";
import { FRIENDS } from "./open.js";

const gameSelect = document.getElementById("create-game");
const playersInput = document.getElementById("create-players");
const optionsBox = document.getElementById("create-options");
const morePanel = document.getElementById("create-panel");
const botsBox = document.getElementById("create-bots");
/** The level chosen for each other seat in "More options" (kept when the number of players changes). */
let seatLevels = [];

/** One level per bot seat in "More options": the other seats of the table, each at the lobby's level at first. */
function showSeatLevels(levelBox) {
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
  const measured = h("a", { href: `/rules/${encodeURIComponent(gameSelect.value)}#page-bots` }, t("lobby.level_measured"));
  fill(botsBox, h("legend", {}, t("lobby.level_seats")), h("p", { class: "hint" }, t("lobby.level_seats_hint"), " ", measured), rows);
}

/** The chosen game's summary, players, options and bot seats in the form. */
function showGame(id, { gameById, levelBox }) {
  const game = gameById(id);
  if (!game) return;
  document.getElementById("game-summary").textContent = gameSummary(game);
  Object.assign(playersInput, { min: game.min_players, max: game.max_players, value: game.default_players });
  fill(optionsBox, h("legend", {}, t("lobby.options")), optionsForm(game.options, game.id));
  seatLevels = [];
  showSeatLevels(levelBox);
  updateRulesLink(gameById);
}

/** The link to the rules page with the options chosen so far (the plain rules while they do not read). */
function updateRulesLink(gameById) {
  const game = gameSelect.value;
  const link = document.getElementById("create-rules");
  try {
    const options = readOptions(gameById(game).options, optionsBox, game);
    link.href = `/rules/${encodeURIComponent(game)}?options=${encodeURIComponent(JSON.stringify(options))}`;
  } catch {
    link.href = `/rules/${encodeURIComponent(game)}`;
  }
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

/** The form: `bots` fills the other seats with bots and starts ("Play with bots"), else the table waits with open
 * seats ("Invite friends"); `go` opens it. */
function create(event, { gameById, levelBox, go }, bots = false) {
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

/** Set up the form for `games` (`gameById` finds one), its bot seats at the lobby's level (`levelBox`) at first, the
 * first game shown; `go(settings, button, errorBox)` opens a table. Returns `open(game)`: the form for that game,
 * opened, scrolled to and focused (a game card's "More options"). */
export function moreOptions(games, page) {
  const { gameById, levelBox } = page;
  fill(
    gameSelect,
    games.map((g) => h("option", { value: g.id }, gameName(g))),
  );
  // On a wide screen the options sit open beside the game cards; on a phone they wait behind "More options".
  if (matchMedia("(min-width: 900px)").matches) morePanel.open = true;
  levelBox.addEventListener("change", () => {
    seatLevels = [];
    showSeatLevels(levelBox);
  });
  // As the count is typed, not only when the field loses focus: a tap on "Play with bots" straight after typing would
  // otherwise move the button under the finger (the rows change as the field blurs) and be lost.
  playersInput.addEventListener("input", () => playersInput.value && playersInput.checkValidity() && showSeatLevels(levelBox));
  playersInput.addEventListener("change", () => showSeatLevels(levelBox));
  gameSelect.addEventListener("change", () => showGame(gameSelect.value, page));
  optionsBox.addEventListener("change", () => updateRulesLink(gameById));
  document.getElementById("create-form").addEventListener("submit", (e) => create(e, page));
  document.getElementById("create-play").addEventListener("click", (e) => {
    if (document.getElementById("create-form").reportValidity()) create(e, page, true);
  });
  showHouse();
  if (games.length) showGame(games[0].id, page);
  return (game) => {
    gameSelect.value = game.id;
    showGame(game.id, page);
    morePanel.open = true;
    morePanel.scrollIntoView({ behavior: "smooth", block: "start" });
    gameSelect.focus({ preventScroll: true });
  };
}
