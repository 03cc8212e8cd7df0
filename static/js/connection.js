// The Socket.IO connection: seat tokens kept in localStorage and sent in the `auth` of every (re)connect.

import { io } from "../vendor/socket.io.esm.min.js";
import { t } from "./i18n.js";

const TOKENS_KEY = "cardtable.tokens";
const NAME_KEY = "cardtable.name";

/** Every seat token this browser holds, by table code. */
export function tokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY)) || {};
  } catch {
    return {};
  }
}

export function saveToken(code, token) {
  localStorage.setItem(TOKENS_KEY, JSON.stringify({ ...tokens(), [code]: token }));
}

export function dropToken(code) {
  const all = tokens();
  delete all[code];
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}

export function savedName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function saveName(name) {
  localStorage.setItem(NAME_KEY, name);
}

/** A socket to the page's own server, sending the tokens of the tables in `codes` (re-read on every reconnect,
 * so a seat taken meanwhile comes back too); other tables' seats are not claimed from this page. */
export function connect(codes = []) {
  const auth = (send) => {
    const all = tokens();
    send({ tokens: Object.fromEntries(codes.filter((c) => all[c]).map((c) => [c, all[c]])) });
  };
  return io({ auth });
}

/** An Error for a refusal; `detail` keeps the reason as the server sent it (a text or an engine message). */
function refusal(reason) {
  return Object.assign(new Error(typeof reason === "string" ? reason : reason.key), { detail: reason });
}

/** Emit `event` and resolve with the ack, or reject with an Error carrying the server's reason (`detail`). */
export function request(socket, event, payload, timeout = 10000) {
  return new Promise((resolve, reject) => {
    socket.timeout(timeout).emit(event, payload, (err, reply) => {
      if (err) reject(refusal(t("error.timeout")));
      else if (reply && reply.ok) resolve(reply);
      else reject(refusal(reply?.error || t("error.refused")));
    });
  });
}
