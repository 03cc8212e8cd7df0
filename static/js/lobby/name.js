// The player's name in the lobby: the field shows the saved name, else a guest name; it is kept, and told to the
// server, as he types it; a table he opens takes it.

import { saveName, savedName } from "../connection.js";
import { guestName } from "../lobby_games.js";
import { keepNameAsTyped } from "../my_tables.js";

/** Set up the name field `input`; returns `playerName()`: the name typed, else a guest name (kept, so the tables
 * know him by it next time). */
export function nameField(input) {
  input.value = savedName() || guestName();
  // the name typed here is the one a table offers when he joins it by its code or its link, not only when he creates
  input.addEventListener("input", () => saveName(input.value.trim()));
  keepNameAsTyped(input);
  return function playerName() {
    const name = input.value.trim() || guestName();
    input.value = name;
    saveName(name);
    document.getElementById("deal-name").value ||= name;
    return name;
  };
}
