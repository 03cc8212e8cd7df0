// The table page's socket: each server event handed to the controller or drawn, and what a (re)connection asks
// (its seat back by the token or the player's key, else to watch).

import { dropToken, request, tokens } from "../connection.js";
import { playerKey } from "../player.js";
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { withInvite } from "../invite.js";
import { isMutedLine } from "../moderation.js";
import { screenMode, tellScreen } from "../event_link.js";
import { toast } from "../toast.js";
import { isOwn } from "../unread.js";
import { forget } from "./view.js";
import { chatName, renderChat, sayAlso } from "./view_log.js";

const $ = (id) => document.getElementById(id);

/** A new connection: the seat back (this page's token, else the seat of this browser's player sat down on another
 * of his devices), else watching; a private table without its invite link says only that, with the way back. */
async function enter(ctrl) {
  const code = ctrl.code;
  $("connection").hidden = true;
  document.body.classList.remove("offline");
  ctrl.reset();
  forget();
  ctrl.parts.motion.reset();
  const token = tokens()[code];
  if (!screenMode && (token || playerKey())) {
    try {
      const back = await request(ctrl.socket, "resume", token ? { code, token } : { code });
      if (back?.stood_in) toast(t("table.back_after_bot"), "info");
      return;
    } catch (err) {
      if (held(ctrl, err)) return;
      // without a token the page only asked whether this browser's player sits here: a visitor just watches
      if (token) {
        dropToken(code);
        ctrl.fail(err);
      }
    }
  }
  try {
    await request(ctrl.socket, "watch", withInvite(code, { code }));
    document.body.classList.remove("refused");
  } catch (err) {
    if (held(ctrl, err)) return;
    document.body.classList.add("refused");
    fill($("connection"), h("span", {}, ctrl.withNames(err.detail ?? err.message)), " ", h("a", { href: "/" }, t("over.lobby")));
    $("connection").hidden = false;
  }
}

const RETRY_MS = 4000;
/** A follow (`moved`) is said as a lost connection only after this long: the new worker first rebuilds the table
 * from the journal (a few tenths of a second on a quiet machine, over 1.5 s on a busy one). */
const FOLLOW_MS = 3000;
/** Refusals that say the table is there but cannot be opened just now (several workers: Redis is down, so nobody
 * can take the table's lease; or its rebuild from the journal failed): the seat's token is kept, and the page says
 * so. Without Redis it asks again by itself every few seconds, so the player is back once Redis is. */
const NOT_NOW = { "server.table.no_redis": RETRY_MS, "server.table.broken": 0 };

/** Whether `err` is such a refusal: said on the page (and asked again later), the token kept. */
function held(ctrl, err) {
  const key = err.detail?.key;
  if (!(key in NOT_NOW)) return false;
  const again = NOT_NOW[key] ? [" ", t("table.retrying")] : [" ", h("a", { href: "/" }, t("over.lobby"))];
  fill($("connection"), h("span", {}, ctrl.withNames(err.detail)), ...again);
  $("connection").hidden = false;
  document.body.classList.add("offline");
  if (NOT_NOW[key]) {
    clearTimeout(ctrl.retry);
    ctrl.retry = setTimeout(() => ctrl.socket.connected && enter(ctrl), NOT_NOW[key]);
  }
  return true;
}

/** A chat line: drawn, and (another's, not muted) counted unread and said after what the table says. */
function chatLine(ctrl, m) {
  ctrl.chatLines = [...(ctrl.chatLines || []), m].slice(-100);
  renderChat(ctrl);
  const sent = ctrl.sentChat;
  if (isOwn(m, ctrl.snap?.you, sent)) sent.splice(sent.indexOf(m.text), 1);
  else if (!isMutedLine(ctrl.code, m)) {
    ctrl.parts.unread.arrived();
    // said politely after what the table says, not over it (the chat's list is no live region: drawn again whole
    // at each line, it would be read again whole)
    sayAlso(t("table.chat_from", { name: chatName(ctrl, m), text: m.text }));
  }
}

/** Wire the socket's events to `ctrl`. */
export function wireSocket(ctrl) {
  const { socket, code } = ctrl;
  socket.on("connect", () => enter(ctrl));
  const offline = () => {
    $("connection").textContent = t("table.reconnecting");
    $("connection").hidden = false;
    document.body.classList.add("offline"); // the table shows it cannot be played until the page is back
  };
  socket.on("disconnect", (reason) => {
    if (reason !== "io client disconnect") return offline();
    // the page itself follows its table to the worker playing it (`moved`, connection.js): no lost connection to
    // the player, who sees the table go on; said only if the new worker is slow to answer
    clearTimeout(ctrl.following);
    ctrl.following = setTimeout(() => socket.connected || offline(), FOLLOW_MS);
  });
  socket.on("table", (snap) => {
    ctrl.receive(snap);
    tellScreen();
  });
  socket.on("chat", (m) => chatLine(ctrl, m));
  socket.on("claim_answer", (answer) => {
    if (answer.code !== code) return;
    ctrl.claimEnded(answer);
    if (ctrl.snap) ctrl.redraw();
  });
  socket.on("removed", (e) => {
    if (e.code !== code) return;
    dropToken(code);
    $("connection").textContent = t("moderation.removed_you");
    $("connection").hidden = false;
    toast(t("moderation.removed_you"), "error");
  });
  // a refused watch is said on the page itself (enter)
  // a refused watch or resume is answered where it was asked (enter), not here
  socket.on("error", (e) => !["watch", "resume"].includes(e.event) && toast(ctrl.withNames(e.error), "error"));
}
