// What a player's page shows of his play (GET /api/players/<id>): a card a game with his rating, how sure it is,
// the nearest bot, a small chart of its history drawn here as SVG, games played and won, average place and the
// figure a player of that game cares about; which games count; his games with their replays.

import { replayUrl } from "./deals.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { gameName } from "./options_form.js";
import { number, ratingNumber, ratingWords, who } from "./rating_words.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** The rating's history (`[[time, rating], ...]`) as a line in a 200x60 box, scaled to its own range. */
export function historyChart(history, label) {
  const box = svg("svg", { class: "rating-chart", viewBox: "0 0 200 60", preserveAspectRatio: "none", role: "img", "aria-label": label });
  const values = [1500, ...history.map(([, rating]) => rating)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(high - low, 1);
  const points = values.map((value, i) => `${((i / Math.max(values.length - 1, 1)) * 200).toFixed(1)},${(56 - ((value - low) / span) * 52).toFixed(1)}`);
  box.append(svg("rect", { class: "band", x: 0, y: 0, width: 200, height: 60 }), svg("polyline", { points: points.join(" ") }));
  return box;
}

/** The figures a player of `game` cares about, as lines. */
function figureLines(game, figures) {
  const lines = [];
  if ((game === "ass" || game === "bailiff") && figures.last !== undefined) lines.push(t(`me.figure.${game}`, { n: figures.last }));
  if ((game === "bank" || game === "eidex") && figures.best !== null && figures.best !== undefined) lines.push(t(`me.figure.${game}`, { n: number(figures.best) }));
  if (game === "eidex" && figures.matches !== undefined) lines.push(t("me.figure.eidex_match", { n: figures.matches }));
  if (game === "blot" && figures.contracts !== undefined) lines.push(t("me.figure.blot_contracts", { made: figures.made, n: figures.contracts }));
  if (game === "blot" && figures.partners?.length) {
    lines.push(t("me.figure.blot", { names: figures.partners.map((p) => `${who(p.player, p.name)} (${p.games})`).join(", ") }));
  }
  return lines;
}

function ratingCard(r, games) {
  const name = gameName(games.find((g) => g.id === r.game)) || r.game;
  const facts = [
    t("me.played", { n: r.games }),
    t("me.won", { n: r.wins }),
    t("me.average_place", { place: number(r.average_place) }),
    ...figureLines(r.game, r.figures),
  ];
  return h(
    "li",
    { class: "rating-card", dataset: { game: r.game } },
    h("h3", {}, name),
    h("p", { class: "rating-number" }, ratingNumber(r)),
    h("p", { class: "rating-words" }, ratingWords(r), r.near_bot ? ` · ${t("me.near_bot", { bot: t(`rating.bot.${r.near_bot}`) })}` : ""),
    historyChart(r.history, t("me.chart", { game: name })),
    h("ul", { class: "rating-facts" }, facts.map((f) => h("li", {}, f))),
  );
}

function gamesTable(player, games) {
  if (!player.games.length) return h("p", { class: "hint" }, t("me.no_games"));
  const head = ["lobby.col_game", "lobby.col_when", "me.col_place", "lobby.col_replay"];
  const lang = document.documentElement.lang || undefined;
  const names = (g) => g.names.map((n, seat) => (seat === g.seat ? player.name : n || t("rating.former"))).join(", ");
  return h(
    "table",
    { class: "profile-games" },
    h("thead", {}, h("tr", {}, head.map((k) => h("th", { scope: "col" }, t(k))))),
    h(
      "tbody",
      {},
      player.games.map((g) =>
        h(
          "tr",
          { dataset: { id: String(g.id) } },
          h("td", {}, gameName(games.find((d) => d.id === g.game)) || g.game, h("br"), h("span", { class: "hint names" }, names(g))),
          h("td", { class: "hint" }, h("time", { datetime: new Date(g.finished * 1000).toISOString() }, new Date(g.finished * 1000).toLocaleString(lang, { dateStyle: "short", timeStyle: "short" }))),
          h("td", { class: "place" }, g.place ? t("me.place", { place: g.place }) : t(`ratings.reason.${g.reason}`)),
          h("td", {}, h("a", { href: replayUrl(g.id, g.code, null, g.seat), class: "replay-link" }, t("lobby.replay"))),
        ),
      ),
    ),
  );
}

/** Show `player` (the API's answer); `games` are the games' declarations. */
export function showProfile(player, games) {
  const ratings = document.getElementById("ratings");
  fill(
    ratings,
    player.ratings.length ? h("ul", { class: "rating-cards" }, player.ratings.map((r) => ratingCard(r, games))) : h("p", { class: "hint" }, t("me.no_ratings")),
    h("details", { class: "rules-counted" }, h("summary", {}, t("ratings.rules_title")), h("ul", {}, player.rules.map((rule) => h("li", {}, t(`ratings.rule.${rule}`))))),
  );
  fill(document.getElementById("games"), gamesTable(player, games));
}
