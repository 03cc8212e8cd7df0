// Opening a table from the lobby (lobby_games.js openTable) and going to it: one at a time, the button saying what
// is happening meanwhile, the player's name told to the server first, a refusal shown in the page's words.

import { say, speaker, t } from "../i18n.js";
import { openTable } from "../lobby_games.js";
import { renamePlayer } from "../player.js";

/** What "Invite friends" makes unless "More options" says otherwise: a table only its invite link opens, with a
 * relaxed turn clock (friends wait for each other, but not for ever). */
export const FRIENDS = { listed: false, clock: "relaxed" };

/** The page's `go(settings, button, errorBox)`: open a table through `socket` for the player `me` (null if the
 * server made none) under `playerName()`, and go to it; `button` says what is happening meanwhile, `errorBox` any
 * refusal. */
export function tableOpener(socket, me, playerName) {
  let busy = false;
  return async function go(settings, button, errorBox) {
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
  };
}
