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

/** Keep `player` (`{id, key, name}`) as this browser's player; his name is the one the tables offer. */
export function keepPlayer(player) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ id: player.id, key: player.key, name: player.name }));
  if (player.name) localStorage.setItem(NAME_KEY, player.name);
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

/** This browser's player, made now under `name` on the first visit (or again if the server forgot him). */
export async function ensurePlayer(name) {
  const held = storedPlayer();
  if (held) {
    try {
      const me = await postMe("/api/me/whoami");
      keepPlayer({ ...held, name: me.name });
      return { ...held, ...me };
    } catch (err) {
      if (err.status !== 401) return held;
    }
  }
  const made = await postMe("/api/me", { name });
  keepPlayer(made);
  return { ...made, tables: [] };
}

/** Rename the player (his history stays his); resolves when the server has it. */
export async function renamePlayer(name) {
  const answer = await postMe("/api/me/name", { name });
  const held = storedPlayer();
  if (held) keepPlayer({ ...held, name: answer.name });
  return answer;
}
