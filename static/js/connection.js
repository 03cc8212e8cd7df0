// The Socket.IO connection: seat tokens kept in localStorage and sent in the `auth` of every (re)connect.

import { io } from "../vendor/socket.io.esm.min.js";
import { t } from "./i18n.js";
import { playerKey } from "./player.js";

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

/** The snapshot `patch` (a `table_patch` event) leads to from `snap`, or null when `snap` is not the one it was
 * made from (webapp/patches.py's apply_patch does the same). */
export function applyPatch(snap, patch) {
  if (!snap || snap.code !== patch.code || snap.seq !== patch.from) return null;
  const next = { ...snap, ...patch.set, seq: patch.seq, version: patch.version };
  if (patch.view) next.view = { ...snap.view, ...patch.view };
  if (patch.events_add) next.events = [...snap.events, ...patch.events_add].slice(-patch.events_len);
  if (patch.events_fix) {
    next.events = [...next.events];
    for (const [i, event] of patch.events_fix) next.events[i] = event;
  }
  return next;
}

/** Where table `code` is played: `{path, silence}`, the Socket.IO path of its worker (several workers: the
 * directory's answer; one server: its only path) and, with several workers, the seconds of hearing nothing from
 * it after which the page asks again (0: never); `fallback` as the path when the directory cannot be asked. */
async function where(code, fallback) {
  try {
    const reply = await (await fetch(`/api/where/${encodeURIComponent(code)}`)).json();
    return { path: reply.path || fallback, silence: reply.silence || 0 };
  } catch {
    return { path: fallback, silence: 0 };
  }
}

/** Several workers: a worker that stops answering (frozen, or its machine lost) says nothing more, and its
 * connections stay open. Its tables' pages hear a move, an update or a `beat` every few seconds while it is alive,
 * so a page that hears nothing for `silence()` seconds asks where its table is played now (`recheck`): by then the
 * worker's lease has expired and another plays the table. */
function watchSilence(socket, silence, recheck) {
  let heard = Date.now();
  let asking = false;
  const hear = () => {
    heard = Date.now();
  };
  socket.on("connect", hear);
  socket.io.on("packet", hear);
  socket.io.on("ping", hear);
  setInterval(async () => {
    if (!silence() || asking || !socket.connected || Date.now() - heard < silence() * 1000) return;
    asking = true;
    await recheck();
    hear();
    asking = false;
  }, 1000);
}

/** A socket to the page's own server, sending the tokens of the tables in `codes` (re-read on every reconnect,
 * so a seat taken meanwhile comes back too); other tables' seats are not claimed from this page.
 *
 * A table's page connects to the worker playing its table (`codes[0]`): several workers behind nginx each have a
 * path of their own (`/w/<n>/socket.io/`), which the directory names (docs/deploy.md). Told `moved` (the table is
 * played elsewhere now), or unable to reach its worker, or a request that timed out, or hearing nothing from it
 * (`watchSilence`), the socket asks again and follows, with the same tokens: the player only sees the table go on.
 * The lobby's socket has a random `route` (nginx keeps one page's requests on one worker by it) and `lobby`: it is
 * sent the open tables as they change (`lobby` events).
 *
 * It asks for lean updates: after a full `table` snapshot the server sends `table_patch` events (what changed);
 * they are applied here and handed to the page's `table` listeners as whole snapshots, so pages only ever see
 * `table` (the mover's own patch comes in its `act` ack: `request` hands it to the same listener). A patch that
 * does not fit the snapshot held (one was missed) asks for the full one with `sync`. */
export function connect(codes = []) {
  const auth = (send) => {
    const all = tokens();
    const player = playerKey();
    send({ tokens: Object.fromEntries(codes.filter((c) => all[c]).map((c) => [c, all[c]])), patch: true, ...(player ? { player } : {}) });
  };
  const query = codes.length ? { code: codes[0] } : { route: Math.random().toString(36).slice(2, 10), lobby: "1" };
  const socket = io({ auth, query, autoConnect: !codes.length });
  let silence = 0;
  const ask = async () => {
    const found = await where(codes[0], socket.io.opts.path);
    silence = found.silence;
    return found.path;
  };
  const follow = async (path) => {
    socket.io.opts.path = path || (await ask());
    socket.disconnect().connect();
  };
  if (codes.length) {
    follow();
    socket.on("moved", (moved) => moved.code === codes[0] && follow(moved.path));
    socket.on("connect_error", async () => {
      socket.io.opts.path = await ask();
    });
    socket.recheck = async () => {
      for (let tries = 0; tries < 30; tries++) {
        const path = await ask();
        if (path !== socket.io.opts.path) return follow(path);
        await new Promise((done) => setTimeout(done, 300));
      }
    };
    watchSilence(socket, () => silence, socket.recheck);
  }
  socket.on("disconnect", (reason) => {
    if (reason !== "io server disconnect") return; // (the socket reconnects by itself after a lost connection)
    if (codes.length) follow(); // its worker let the table go: ask where it is played now
    else socket.connect();
  });
  followPatches(socket);
  return socket;
}

/** Keep `socket`'s last snapshot of each table and turn each `table_patch` into the next whole snapshot, handed to
 * its `table` listeners; a patch that does not fit asks once for the full snapshot (`sync`), and again at the next
 * patch that does not fit when that ask was refused (the server busy). */
export function followPatches(socket) {
  const held = new Map();
  const asked = new Set();
  socket.on("table", (snap) => {
    held.set(snap.code, snap);
    asked.delete(snap.code);
  });
  socket.on("table_patch", (patch) => {
    const snap = applyPatch(held.get(patch.code), patch);
    if (!snap) {
      if (asked.has(patch.code)) return;
      asked.add(patch.code);
      socket.emit("sync", { code: patch.code }, (reply) => reply?.ok || asked.delete(patch.code));
      return;
    }
    for (const listener of socket.listeners("table")) listener(snap);
  });
}

/** An Error for a refusal; `detail` keeps the reason as the server sent it (a text or an engine message). */
function refusal(reason) {
  return Object.assign(new Error(typeof reason === "string" ? reason : reason.key), { detail: reason });
}

/** Emit `event` and resolve with the ack, or reject with an Error carrying the server's reason (`detail`). An ack
 * may carry the `table_patch` of the change the event made (an `act`'s: the server sends it no other way); it is
 * handed to the socket's `table_patch` listeners first, in the order it arrived. */
export function request(socket, event, payload, timeout = 10000) {
  return new Promise((resolve, reject) => {
    socket.timeout(timeout).emit(event, payload, (err, reply) => {
      if (err) {
        socket.recheck?.(); // its worker may be hung: the table may be played elsewhere by now
        reject(refusal(t("error.timeout")));
      }
      else if (reply && reply.ok) {
        if (reply.patch) for (const listener of socket.listeners("table_patch")) listener(reply.patch);
        resolve(reply);
      } else reject(refusal(reply?.error || t("error.refused")));
    });
  });
}
