// The table's words: the turn line, the log of recent events (the game's plug-in's words for its own events, else
// the common ones), the chat, and the live region that says the new moves and whose turn it is.

import { fillChanged, h } from "../dom.js";
import { collapseRepeats, describeEvent as describeCommon } from "../events.js";
import { t } from "../i18n.js";
import { isMutedLine } from "../moderation.js";
import { isAway, logReader, readerFor } from "../seats/names.js";

const $ = (id) => document.getElementById(id);

/** What the live region said of the turn last (said again only when it changes or moves come with it). */
let lastTurnText = null;

/** One event in words: the plug-in's for its own events, else the common log's. */
function describeEvent(ctrl, e, reader) {
  const { nameOf } = ctrl;
  const style = ctrl.style();
  return ctrl.plugin.describeEvent(e, { nameOf, style, view: ctrl.snap.view }) ?? describeCommon(e, nameOf, style, reader);
}

/** The turn line: "Your turn.", "Waiting for …" (an away player named so), or the game's end. */
export function turnText(ctrl, view) {
  const snap = ctrl.snap;
  if (view.over) return t("table.over");
  const waiting = view.to_act || [];
  if (snap.you !== null && waiting.includes(snap.you)) return t("table.your_turn");
  // a player who has lost his connection is named so: the others know why the table waits for him
  const away = (seat) => isAway(snap.seats?.[seat]) && !snap.seats[seat].stand_in;
  const label = (seat) => (away(seat) ? t("seat.away_name", { name: ctrl.nameOf(seat) }) : ctrl.nameOf(seat));
  return t("table.waiting_for", { names: waiting.map(label).join(", ") });
}

/** The recent events in words, with the clock's notes ("a bot played for Ann: her time was out") before the move
 * they explain. */
export function renderEvents(ctrl) {
  const snap = ctrl.snap;
  const events = snap.events || [];
  const first = (snap.events_total ?? events.length) - events.length;
  const notes = (snap.notes || []).filter((n) => n.at >= first);
  const note = (n) => t(n.key, { name: ctrl.nameOf(n.seat) });
  const reader = logReader(snap.view, ctrl.nameOf);
  const said = [];
  events.forEach((e, i) => {
    for (const n of notes) if (n.at === first + i) said.push(note(n));
    said.push(describeEvent(ctrl, e, reader));
  });
  for (const n of notes) if (n.at >= first + events.length) said.push(note(n));
  const runs = collapseRepeats(said.filter(Boolean)).slice(-12).reverse();
  fillChanged($("events"), runs.map(([line, n]) => h("li", {}, n > 1 ? t("table.log.repeated", { line, n }) : line)));
}

/** Who wrote a chat line: a player by his seat's name, a spectator by the name he gave and as a spectator. */
export function chatName(ctrl, m) {
  if (m.seat !== null && m.seat !== undefined) return m.name || ctrl.nameOf(m.seat);
  const word = t("table.spectator");
  return m.name ? `${m.name} (${word})` : `${word.slice(0, 1).toUpperCase()}${word.slice(1)}`;
}

/** The chat's lines (a muted player's left out), scrolled to the newest. */
export function renderChat(ctrl) {
  const lines = (ctrl.chatLines || []).filter((m) => !isMutedLine(ctrl.code, m));
  const list = $("chat-list");
  if (fillChanged(list, lines.map((m) => h("li", {}, h("strong", {}, chatName(ctrl, m)), " ", m.text)))) list.scrollTop = list.scrollHeight;
}

/** Say the new moves and whose turn it is in the live region (screen readers). */
export function announce(ctrl, fresh) {
  const view = ctrl.snap.view;
  if (!view) return;
  const reader = readerFor(view, ctrl.nameOf);
  const lines = fresh.map((e) => describeEvent(ctrl, e, reader)).filter(Boolean);
  const turn = turnText(ctrl, view);
  if (turn !== lastTurnText || lines.length) lines.push(turn);
  lastTurnText = turn;
  if (lines.length) $("announce").textContent = lines.join(". ").replace(/\.\./g, ".");
}

/** Add `line` to what the live region says now (the table's news stays, the line comes after it). */
export function sayAlso(line) {
  $("announce").textContent = [$("announce").textContent, line].filter(Boolean).join(". ").replace(/\.\./g, ".");
}
