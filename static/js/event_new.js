// Setting up an event (/events): the game, seats per table, Swiss or round robin, rounds, the bots' level, Blot's
// partners and duplicate deals; the host becomes its director and lands on its page, where players join.

import { h, fill } from "./dom.js";
import { applyCatalog, loadCatalog, t } from "./i18n.js";
import { gameName } from "./options_form.js";
import { ensurePlayer, postMe, storedPlayer } from "./player.js";
import { toast } from "./toast.js";

await loadCatalog();
applyCatalog();

const $ = (id) => document.getElementById(id);
const games = JSON.parse($("games-data").textContent || "[]").filter((g) => !g.hidden && g.id !== "tiny");

fill($("event-game"), ...games.map((g) => h("option", { value: g.id }, gameName(g))));

function seatsFor() {
  const game = games.find((g) => g.id === $("event-game").value);
  if (!game) return;
  const options = [];
  for (let n = game.min_players; n <= (game.plain_max_players || game.max_players); n++) options.push(h("option", { value: n, selected: n === game.default_players }, t("lobby.players_exact", { n })));
  fill($("event-players"), ...options);
  $("partners-field").hidden = game.id !== "blot";
}

$("event-game").addEventListener("change", seatsFor);
seatsFor();
$("host-name").value = storedPlayer()?.name || "";

$("event-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    await ensurePlayer($("host-name").value.trim());
    const made = await postMe("/api/events", {
      game: $("event-game").value,
      players: Number($("event-players").value),
      name: $("event-title").value.trim(),
      system: $("event-system").value,
      rounds: Number($("event-rounds").value),
      deals: Number($("event-deals").value),
      level: $("event-level").value,
      partners: $("event-partners").value,
      duplicate: $("event-duplicate").checked,
    });
    location.assign(made.url);
  } catch (err) {
    toast(err.detail?.key ? t(err.detail.key, err.detail) : err.message, "error");
  }
});
