// A player's page (/p/<id>, or /me for this browser's own): his name, and on his own page the link and QR code for
// another device, the recovery code, hiding from the standings and deleting himself; a recovery or link code typed
// here makes this browser that player.

import { h, fill } from "./dom.js";
import { applyCatalog, loadCatalog, say, t } from "./i18n.js";
import { forgetPlayer, keepPlayer, postMe, renamePlayer, storedPlayer } from "./player.js";
import { showProfile } from "./profile_view.js";

await loadCatalog();
applyCatalog();

const $ = (id) => document.getElementById(id);
const games = JSON.parse($("games-data").textContent || "[]");
const mine = storedPlayer();
const id = document.body.dataset.player || mine?.id || "";
const own = Boolean(mine && mine.id === id);

async function load() {
  if (!id) {
    $("profile-missing").hidden = false;
    return;
  }
  const response = await fetch(`/api/players/${encodeURIComponent(id)}`, { cache: "no-store" });
  if (!response.ok) {
    $("profile-missing").hidden = false;
    return;
  }
  const player = await response.json();
  document.title = `${player.name} · ${t("me.title")}`;
  $("profile-name").textContent = player.name;
  $("rename").value = player.name;
  $("hide-me").checked = Boolean(player.hidden);
  showProfile(player, games);
}

/** The QR code and link that make another device this player, and how long they work. */
async function deviceLink() {
  const link = await postMe("/api/me/link");
  $("device-qr").src = `/me/${link.code}/qr.svg`;
  Object.assign($("device-url"), { href: link.url, textContent: link.url });
  const minutes = Math.round((link.expires * 1000 - Date.now()) / 60000);
  $("device-expires").textContent = t("me.device_expires", { n: minutes });
  $("device-box").hidden = false;
}

async function newRecovery() {
  const answer = await postMe("/api/me/recovery");
  fill($("recovery-code"), h("strong", {}, answer.recovery));
  $("recovery-code").hidden = false;
}

async function redeem(event) {
  event.preventDefault();
  const typed = $("redeem-code").value.trim();
  const error = $("redeem-error");
  error.hidden = true;
  const letters = typed.replace(/[^0-9A-Za-z]/g, "");
  try {
    const me = await postMe("/api/me/redeem", letters.length > 8 ? { recovery: typed } : { code: typed });
    keepPlayer(me);
    location.assign("/me");
  } catch (err) {
    error.textContent = say(err.detail ?? err.message);
    error.hidden = false;
  }
}

if (own) {
  document.querySelector("main.profile").classList.add("own");
  $("rename-form").hidden = false;
  $("device-panel").hidden = false;
  $("rename-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await renamePlayer($("rename").value.trim());
    $("profile-name").textContent = answer.name;
  });
  $("device-link").addEventListener("click", deviceLink);
  $("recovery-new").addEventListener("click", newRecovery);
  $("hide-me").addEventListener("change", () => postMe("/api/me/hide", { hidden: $("hide-me").checked }));
  $("delete-me").addEventListener("click", async () => {
    if (!confirm(t("me.delete_confirm"))) return;
    await postMe("/api/me/delete");
    forgetPlayer();
    location.assign("/");
  });
}
$("redeem-panel").hidden = Boolean(document.body.dataset.player) && !own;
$("redeem-form").addEventListener("submit", redeem);
await load();
document.body.classList.add("ready");
