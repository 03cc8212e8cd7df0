// "Use on another device": the page of a link made on the player's other device. A tap makes this browser the same
// player (his name, tables, games and ratings); the link works once, for a few minutes.

import { applyCatalog, loadCatalog, say, t } from "./i18n.js";
import { keepPlayer, postMe } from "./player.js";

await loadCatalog();
applyCatalog();
document.title = t("device.title");

const button = document.getElementById("device-use");
button.addEventListener("click", async () => {
  const error = document.getElementById("device-error");
  error.hidden = true;
  try {
    const me = await postMe("/api/me/redeem", { code: document.body.dataset.link });
    keepPlayer(me);
    const done = document.getElementById("device-done");
    done.textContent = t("device.done", { name: me.name });
    done.hidden = false;
    button.hidden = true;
  } catch (err) {
    error.textContent = say(err.detail ?? err.message);
    error.hidden = false;
  }
});
document.body.classList.add("ready");
