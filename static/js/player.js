// This browser's player (webapp/players.py): his id, name and secret key kept in localStorage, as the seat tokens
// are. The key goes to the server only in the `X-Player-Key` header of a POST and in the socket's `auth`.

const PLAYER_KEY = "cardtable.player";
const NAME_KEY = "cardtable.name";

/** The stored player `{id, key, name}`, or null. */
export function storedPlayer() {
  try {
    const found = JSON.parse(localStorage.getItem(PLAYER_KEY));
    return found && found.id && found.key ? found : null;
  } catch {
    return null;
  }
}

/** The player's secret key, or "" before the first visit made one. */
export function playerKey() {
  return storedPlayer()?.key || "";
}

/** Keep `player` (`{id, key, name}`) as this browser's player; with `adopt`, his name becomes the one the tables
 * offer here (a browser that just became him), else a name typed here already stays. */
export function keepPlayer(player, adopt = true) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ id: player.id, key: player.key, name: player.name }));
  if (player.name && (adopt || !localStorage.getItem(NAME_KEY))) localStorage.setItem(NAME_KEY, player.name);
}

/** Forget this browser's player (he deleted himself). */
export function forgetPlayer() {
  localStorage.removeItem(PLAYER_KEY);
}

/** POST `body` to the players' API `path` as this browser's player; resolves with the JSON answer, or rejects with
 * an Error whose `detail` is the server's reason and `status` its HTTP status. */
export async function postMe(path, body = {}) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Player-Key": playerKey() },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(String(answer.error?.key ?? answer.error ?? response.status)), { detail: answer.error, status: response.status });
  return answer;
}

/** This browser's player, made now under `name` on the first visit (or again if the server forgot him). A name
 * typed here since (the lobby's field, a table's seat) is his name: the server is told if it had not heard. */
export async function ensurePlayer(name) {
  const held = storedPlayer();
  if (held) {
    try {
      const me = await postMe("/api/me/whoami");
      const typed = localStorage.getItem(NAME_KEY);
      if (typed && typed !== me.name) me.name = (await postMe("/api/me/name", { name: typed }).catch(() => me)).name;
      keepPlayer({ ...held, name: me.name }, false);
      return { ...held, ...me };
    } catch (err) {
      if (err.status !== 401) return held;
    }
  }
  const made = await postMe("/api/me", { name });
  keepPlayer(made, false);
  return { ...made, tables: [] };
}

/** Rename the player (his history stays his); resolves when the server has it. */
export async function renamePlayer(name) {
  const answer = await postMe("/api/me/name", { name });
  const held = storedPlayer();
  if (held) keepPlayer({ ...held, name: answer.name });
  return answer;
}
