// The table page's render: one snapshot drawn whole (no merging), then what the new events bring (motion, sounds,
// the live region, the hand-end summary or the game-end screen) and the focus put back where it was.

import { fill, h, noLang } from "../dom.js";
import { lookup, prefersLatinIndices, t, tParts } from "../i18n.js";
import { prefersFrench, suitStyleFor } from "../cards.js";
import { isWatching } from "../seats/names.js";
import { closeOverlay, overlayKind } from "../sheet.js";
import { toast } from "../toast.js";
import { restoreFocus, focusPlace } from "./focus.js";
import { announce, renderChat, renderEvents } from "./view_log.js";
import { showGameOver, showHandSummary } from "./view_overlays.js";
import { renderPlayers } from "./view_panels.js";
import { renderPlay } from "./view_play.js";
import { renderWaiting, showInvite } from "./view_waiting.js";

const $ = (id) => document.getElementById(id);

/** What the page saw of the table before this render (forgotten on a new connection: `forget`). */
const seen = { events: null, table: null, handNo: null, state: null };

/** Forget the events, trick and hand seen (a new connection sends the table afresh, with no motion). */
export function forget() {
  seen.events = null;
  seen.table = null;
  seen.handNo = null;
}

/** Draw the page from `ctrl.snap`; `fromServer` when a snapshot has just arrived, `firstSnap` for the page's first. */
export function render(ctrl, fromServer = false, firstSnap = false) {
  const snap = ctrl.snap;
  if (fromServer) arrived(ctrl, firstSnap);
  const first = fromServer && seen.events === null;
  const fresh = fromServer ? freshEvents(snap) : [];
  const before = ctrl.parts.motion.capture();
  const focus = focusPlace(ctrl.plugin);
  const waiting = drawAll(ctrl);
  if (fromServer) ctrl.parts.clock.update(snap);
  ctrl.parts.clock.paint();
  if (!waiting && fromServer) moved(ctrl, before, fresh);
  const asked = !isWatching(snap) && (snap.claims || []).length > 0;
  ctrl.parts.signal.update({ title: `${ctrl.gameName()} · ${ctrl.code}`, myTurn: ctrl.myTurn(), asked, fresh });
  if (fromServer) announce(ctrl, fresh);
  showEnds(ctrl, fresh, first);
  restoreFocus(focus, snap);
}

/** A snapshot arrived: the page is ready; on the first, a host waiting for his players is shown the invitation. */
function arrived(ctrl, firstSnap) {
  const snap = ctrl.snap;
  document.body.classList.add("ready");
  if (firstSnap && snap.state === "waiting" && snap.you !== null && snap.you === snap.host_seat) showInvite(ctrl, true);
}

/** The page's parts drawn from the snapshot: the header, the table before the start or in play, the log, the chat,
 * the players; true while the table waits for its start. */
function drawAll(ctrl) {
  const snap = ctrl.snap;
  renderHeader(ctrl);
  const waiting = snap.state === "waiting" || !snap.view;
  $("waiting").hidden = !waiting;
  $("play").hidden = waiting;
  Object.assign(document.body.dataset, { state: snap.state, you: snap.you ?? "", version: String(snap.version) });
  if (waiting) renderWaiting(ctrl);
  else renderPlay(ctrl);
  renderEvents(ctrl);
  renderChat(ctrl);
  renderPlayers(ctrl);
  return waiting;
}

/** The table's cards that moved since the last snapshot fly (motion.js). */
function moved(ctrl, before, fresh) {
  const view = ctrl.snap.view;
  const newHand = seen.handNo !== null && view.hand_no > seen.handNo;
  const ctx = { fresh, prevTable: seen.table, newHand, view, game: ctrl.snap.game, me: ctrl.snap.you ?? null };
  ctrl.parts.motion.update(before, { ...ctx, myTurn: ctrl.myTurn(), nameOf: ctrl.nameOf, style: ctrl.style() });
  seen.table = view.table || null;
  seen.handNo = view.hand_no ?? null;
}

/** The invitation closed at the start, the game-end screen or the hand-end summary shown. */
function showEnds(ctrl, fresh, first) {
  const state = ctrl.snap.state;
  const last = seen.state;
  if (last === "waiting" && state !== "waiting") showInvite(ctrl, false);
  const handEvent = fresh.filter((e) => e.event === "hand").pop() || (first ? unplayedHandEnd(ctrl.snap) : null);
  if (state === "over" && last !== "over") showGameOver(ctrl);
  else if (state !== "over" && overlayKind() === "over") closeOverlay("over");
  else if (state === "playing" && handEvent) showHandSummary(ctrl, handEvent);
  // another player's "Play again" closed the result he was reading: say why (the old game stays in the history)
  if (last === "over" && state === "playing" && !ctrl.askedAgain) toast(t("over.again_by_other"), "info");
  if (state !== "over") ctrl.askedAgain = false;
  seen.state = state;
}

/** The events this snapshot adds to those already seen (none on the first snapshot or after a reconnect). */
function freshEvents(snap) {
  const total = snap.events_total ?? null;
  const events = snap.events || [];
  const before = seen.events;
  seen.events = total;
  if (total === null || before === null || total <= before) return [];
  return events.slice(Math.max(0, events.length - (total - before)));
}

/** On a page's first snapshot (a reload, a reconnect): the last hand's end among the recent events, when no card
 * has been played since (its summary was showing, or about to), else null. */
function unplayedHandEnd(snap) {
  const events = snap.events || [];
  const at = events.findLastIndex((e) => e.event === "hand");
  return at >= 0 && !events.slice(at + 1).some((e) => e.event === "play") ? events[at] : null;
}

/** The title (game, code, state), the rules link with the table's options, the preferences that apply here. */
function renderHeader(ctrl) {
  const snap = ctrl.snap;
  const state = h("span", { class: `state state-${snap.state}` }, t(`state.${snap.state}`));
  fill($("table-title"), h("span", {}, ctrl.gameName()), " ", noLang(ctrl.code, { class: "code" }), " ", state);
  $("rules-table-link").href = `/rules/${encodeURIComponent(snap.game)}?options=${encodeURIComponent(JSON.stringify(snap.options || {}))}`;
  $("suits-pref").hidden = !ctrl.plugin.ownSuits;
  $("french-suits").checked = prefersFrench();
  $("four-colours-pref").hidden = suitStyleFor(snap.game) !== "french"; // a game's own suits have their own colours
  $("indices-pref").hidden = lookup("rank.Q") === "Q" && !prefersLatinIndices();
  $("latin-indices").checked = prefersLatinIndices();
  fill($("latin-indices-label"), tParts("table.latin_indices", { letters: h("span", { lang: "en", translate: "no" }, "J Q K A") }));
  const specs = snap.spectators;
  $("spectators").textContent = specs ? t("table.spectators", { n: specs }) : "";
  $("spectators").parentElement.hidden = !specs;
}
