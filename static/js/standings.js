// The standings page: a game's rated players and bot levels, server-wide or tonight (the last hours), with a
// minimum of games; and two players head to head.

import { h, fill } from "./dom.js";
import { applyCatalog, loadCatalog, t } from "./i18n.js";
import { gameName } from "./options_form.js";
import { number, ratingNumber, ratingWords, who } from "./rating_words.js";

await loadCatalog();
applyCatalog();
document.title = t("standings.title");

const $ = (id) => document.getElementById(id);
const games = JSON.parse($("games-data").textContent || "[]");
const params = new URLSearchParams(location.search);
let rows = [];

fill($("standings-game"), games.map((g) => h("option", { value: g.id }, gameName(g))));
$("standings-game").value = games.some((g) => g.id === params.get("game")) ? params.get("game") : games[0]?.id;
$("standings-tonight").checked = params.get("tonight") === "1";

function row(entry, i, tonight) {
  const name = who(entry.player, entry.name);
  return h(
    "tr",
    { dataset: { player: entry.player } },
    h("td", { class: "num" }, String(i + 1)),
    h("td", {}, entry.player.startsWith("bot:") ? name : h("a", { href: `/p/${entry.player}` }, name)),
    h("td", { class: "num" }, ratingNumber(entry), h("br"), h("span", { class: "hint" }, ratingWords(entry))),
    h("td", { class: "num" }, String(entry.games)),
    h("td", { class: "num" }, String(entry.wins)),
    h("td", { class: "num" }, number(entry.average_place)),
    tonight ? h("td", { class: "num" }, `${entry.change > 0 ? "+" : ""}${number(entry.change)}`) : null,
  );
}

async function load() {
  const game = $("standings-game").value;
  const tonight = $("standings-tonight").checked;
  const least = Number($("standings-min").value) || Number(document.body.dataset.min);
  const response = await fetch(`/api/standings/${encodeURIComponent(game)}?min=${least}${tonight ? "&tonight=1" : ""}`, { cache: "no-store" });
  const data = response.ok ? await response.json() : { players: [] };
  rows = data.players;
  $("standings-note").textContent = tonight ? t("standings.note_tonight", { hours: data.hours, n: data.min }) : t("standings.note_all", { n: data.min });
  const columns = ["standings.col_rank", "standings.col_player", "standings.col_rating", "standings.col_games", "standings.col_wins", "standings.col_place"];
  if (tonight) columns.push("standings.col_change");
  fill(
    $("standings"),
    rows.length
      ? h(
          "table",
          { class: "standings-table" },
          h("thead", {}, h("tr", {}, columns.map((k) => h("th", { scope: "col", class: k === "standings.col_player" ? null : "num" }, t(k))))),
          h("tbody", {}, rows.map((entry, i) => row(entry, i, tonight))),
        )
      : h("p", { class: "hint" }, t("standings.none")),
  );
  const choices = rows.filter((r) => !r.player.startsWith("bot:")).map((r) => h("option", { value: r.player }, who(r.player, r.name)));
  fill($("h2h-a"), choices.map((o) => o.cloneNode(true)));
  fill($("h2h-b"), choices);
  if (choices.length > 1) $("h2h-b").selectedIndex = 1;
  headToHead();
}

async function headToHead() {
  const a = $("h2h-a").value;
  const b = $("h2h-b").value;
  if (!a || !b || a === b) {
    $("h2h").textContent = t("standings.h2h_pick");
    return;
  }
  const response = await fetch(`/api/standings/${encodeURIComponent($("standings-game").value)}/vs?a=${a}&b=${b}`, { cache: "no-store" });
  const data = await response.json();
  const name = (id) => who(id, rows.find((r) => r.player === id)?.name);
  $("h2h").textContent = t("standings.h2h", { a: name(a), b: name(b), n: data.games, a_ahead: data.a_ahead, b_ahead: data.b_ahead, level: data.level });
}

$("standings-form").addEventListener("change", load);
$("standings-form").addEventListener("submit", (event) => event.preventDefault());
$("h2h-form").addEventListener("change", headToHead);
await load();
document.body.classList.add("ready");
