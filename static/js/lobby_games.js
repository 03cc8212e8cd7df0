// The lobby's game cards: each game's name, one-line summary and players, with "Play now" (you and bots, default
// options, straight to a dealt hand), "Invite friends" (a table with open seats, its link and QR) and "More options".
// Starting a table uses the events the table page uses: create, set_seat (a bot in every other seat), start.

import { request, saveToken } from "./connection.js";
import { seatBotsAndStart } from "./deals.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { saveInvite } from "./invite.js";
import { gameName, gameSummary } from "./options_form.js";

/** Players as the card shows them, as many as the default options seat: "3 players", "2–4 players" (Ass seats
 * five or six only with an option, chosen under "More options"). */
export function playersText(game) {
  const most = game.plain_max_players;
  if (game.min_players === most) return t("lobby.players_exact", { n: most });
  return t("lobby.players_range", { min: game.min_players, max: most });
}

/** A name for a player who has not given one: "Guest 417". */
export function guestName() {
  return t("lobby.guest_name", { n: 100 + Math.floor(Math.random() * 900) });
}

/** Create a table of `game` with `name` in seat 0 (`players` and `options` omitted: the game's defaults) and bots
 * at `level` (the table's: stand-ins play at it too; omitted: Normal); with `bots`, put a bot in every other seat
 * (at `levels[i]` for the i-th other seat, else the table's level) and start it. Resolves with the table's code
 * once the table exists (`house`: its house settings, whether it is listed, its clock, its bots' speed; the
 * invite secret of its link is kept); a later refusal (a seat, the start) leaves the table waiting for its host to finish. */
export async function openTable(socket, { game, name, players, options, bots, level, levels, lesson, house }) {
  const payload = { game: game.id, name, ...(house || {}) };
  if (players !== undefined) payload.players = players;
  if (options !== undefined) payload.options = options;
  if (lesson) payload.lesson = true;
  if (level !== undefined) payload.level = level;
  const reply = await request(socket, "create", payload);
  saveToken(reply.code, reply.token);
  saveInvite(reply.code, reply.invite);
  if (bots) await seatBotsAndStart(socket, reply, levels);
  return reply.code;
}

/** One card per game; `actions.play(game, button)`, `actions.invite(game, button)`, `actions.more(game)`. */
export function gameCards(games, actions) {
  return games.map((game) => {
    const bots = game.default_players - 1;
    const title = h("h3", { id: `game-${game.id}-name` }, gameName(game));
    return h(
      "li",
      { class: "game-card", dataset: { game: game.id } },
      h("div", { class: "game-card-head" }, title, h("span", { class: "chip players" }, playersText(game))),
      h("p", { class: "game-summary" }, gameSummary(game)),
      h(
        "div",
        { class: "game-card-actions" },
        h(
          "button",
          {
            type: "button",
            class: "primary play-now",
            dataset: { game: game.id },
            "aria-describedby": `game-${game.id}-name game-${game.id}-bots`,
            onclick: (e) => actions.play(game, e.currentTarget),
          },
          t("lobby.play_now"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "invite-friends",
            dataset: { game: game.id },
            "aria-describedby": `game-${game.id}-name`,
            onclick: (e) => actions.invite(game, e.currentTarget),
          },
          t("lobby.invite_friends"),
        ),
      ),
      h(
        "div",
        { class: "game-card-foot" },
        h("span", { class: "hint bots-hint", id: `game-${game.id}-bots` }, t("lobby.play_now_hint", { n: bots })),
        h(
          "button",
          { type: "button", class: "link-button more-options", dataset: { game: game.id }, "aria-describedby": `game-${game.id}-name`, onclick: () => actions.more(game) },
          t("lobby.more_options"),
        ),
        h("a", { class: "game-rules", href: `/rules/${encodeURIComponent(game.id)}`, "aria-describedby": `game-${game.id}-name` }, t("lobby.how_to_play")),
        game.lesson && h(
          "button",
          { type: "button", class: "link-button learn", dataset: { game: game.id }, "aria-describedby": `game-${game.id}-name`, onclick: (e) => actions.learn(game, e.currentTarget) },
          t("lobby.learn"),
        ),
      ),
    );
  });
}
