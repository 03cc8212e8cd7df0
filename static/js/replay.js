// The replay page: a finished game from the journal, step by step, drawn by the table's modules: as a spectator saw it,
// or (`?seat=`, "Seat") as one player did, in his words ("you"), his hand and what only he knew included, or with every
// hand open (`?seat=all`): the game is over.

import { actionLabel } from "./actions.js";
import { suitStyleFor } from "./cards.js";
import { fill, h, noLang } from "./dom.js";
import { historyName, wasBot } from "./deals.js";
import { describeEvent } from "./events.js";
import { fitHand } from "./hand.js";
import { applyCatalog, catalogLang, loadCatalog, say, t, tFirst, tParts } from "./i18n.js";
import { gameName as gameNameOf } from "./options_form.js";
import { playsRow } from "./plays.js";
import { basePlugin, loadPlugin } from "./plugins.js";
import { createAdvice, playerOf, showHand, showOpenHands } from "./replay_seat.js";
import { createReplayReview } from "./review.js";
import { fitRing } from "./seats/fit.js";
import { logReader, named, readerFor } from "./seats/names.js";
import { meBar, ringPlaces, seatBox } from "./seats/ring.js";
import { closeOverlay, openOverlay, resultBlock, sheetTable } from "./sheet.js";

await loadCatalog();
applyCatalog();

const CHUNK = 100;
const $ = (id) => document.getElementById(id);
const gameId = Number(document.body.dataset.gameId);
const params = new URLSearchParams(location.search);
const games = JSON.parse($("games-data").textContent || "[]");

const steps = new Map();
let info = null;
let entry = null;
let step = 0;
let plugin = basePlugin;
let seat = seatParam(params.get("seat"));

/** The seat the game is seen from: a player's (a number), `"all"` (every hand open) or `null` (a spectator). */
function seatParam(value) {
  if (value === "all") return "all";
  return /^\d+$/.test(value ?? "") ? Number(value) : null;
}

async function fetchSteps(from) {
  const seen = seat === null ? "" : `&seat=${seat}`;
  const response = await fetch(`/api/history/${gameId}?start=${from}&count=${CHUNK}${seen}`);
  if (response.status === 429) throw new Error(say((await response.json()).error));
  if (!response.ok) throw Object.assign(new Error(t("replay.missing")), { badSeat: response.status === 400 });
  const data = await response.json();
  for (const s of data.steps) steps.set(s.step, s);
  return data;
}

/** The history entry (names, result, when) of this game: from its table's history, else the latest games. */
async function findEntry() {
  const code = params.get("code");
  const url = code ? `/api/history?code=${encodeURIComponent(code)}` : "/api/history";
  try {
    const response = await fetch(url, { cache: "no-store" });
    const list = response.ok ? await response.json() : [];
    return list.find((g) => g.id === gameId) || null;
  } catch {
    return null;
  }
}

const nameOf = (n) => (n === null || n === undefined ? "" : historyName(entry?.names, n));
const style = () => suitStyleFor(info.game);
const gameName = () => gameNameOf(games.find((g) => g.id === info.game)) || info.game;
const advice = createAdvice({
  gameId,
  els: { button: $("hint-button"), text: $("hint-text") },
  nameOf,
  style,
  onAnswer: () => steps.has(step) && renderStep(steps.get(step)),
});

const review = createReplayReview({
  gameId,
  code: params.get("code"),
  els: { panel: $("review-panel"), timeline: $("review-timeline"), here: $("review-here") },
  nameOf,
  style,
  go: (n) => go(n),
  game: () => info.game,
});

/** The snapshot shape the table's rendering modules read, for the seat the game is seen from (`null`: a spectator). */
function snapOf(view) {
  const count = view.players ?? view.seats?.length ?? 0;
  const seats = Array.from({ length: count }, (_, n) =>
    wasBot(entry?.names, n) ? { seat: n, name: nameOf(n), kind: "bot" } : { seat: n, name: nameOf(n), kind: "human", connected: null },
  );
  return { game: info.game, players: count, seats, view, you: playerOf(seat) };
}

/** How many seats the game has (from the step on the screen). */
function players() {
  const view = steps.get(step)?.view;
  return view?.players ?? view?.seats?.length ?? 0;
}

/** The hand holding step `n`: the last hand starting at or before it. */
function handAt(n) {
  return info.hands.filter((hd) => hd.step <= n).pop() || info.hands[0] || null;
}

function actionText(s) {
  if (!s.action) return t("replay.start");
  const [who, action] = s.action;
  return t("replay.action", { name: nameOf(who), action: actionLabel(action, style()) });
}

function renderStep(s) {
  $("play").hidden = false; // shown first: the ring and the hand are fitted to its measures
  const view = s.view;
  const snap = snapOf(view);
  const ring = $("ring");
  ring.querySelectorAll(".seat").forEach((el) => el.remove());
  for (const [n, place] of Object.entries(ringPlaces(snap.players, playerOf(seat) ?? 0))) ring.append(seatBox(snap, Number(n), place));
  ring.dataset.players = String(snap.players);
  fill(
    $("centre"),
    view.table?.label ? h("p", { class: "table-label" }, named(view.table.label, nameOf, readerFor(view, nameOf))) : null,
    playsRow(view.table, nameOf, style()),
    view.stock !== null && view.stock !== undefined ? h("p", { class: "stock", dataset: { count: String(view.stock) } }, t("table.stock", { n: view.stock })) : null,
  );
  fill($("status"), named(view.status || "", nameOf, readerFor(view, nameOf)));
  fill($("me"), meBar(snap));
  showHand($("hand"), view, seat, { nameOf, style: style() });
  showOpenHands($("open-hands"), s, { nameOf, style: style() });
  plugin.showSeats(view, { ring, me: $("me"), nameOf, style: style() });
  fill($("extra"), plugin.renderExtra(view.extra || {}, { view, snap, style: style(), seatName: nameOf }));
  fitRing(ring);
  $("last-trick-button").disabled = !view.last_trick;
  $("last-trick-button").textContent = tFirst([`table.last_trick.${info.game}`, "table.last_trick"]);
  $("replay-action").textContent = actionText(s);
  $("replay-action").dataset.step = String(s.step);
  const reader = logReader(view, nameOf);
  const lines = (s.events || [])
    .map((e) => plugin.describeEvent(e, { nameOf, style: style(), view }) ?? describeEvent(e, nameOf, style(), reader))
    .filter(Boolean);
  fill($("replay-events"), lines.map((line) => h("li", {}, line)));
  advice.render(s, { seat, total: info.total, next: steps.get(s.step + 1)?.action });
  review.render(s, seat, info.total);
}

function renderControls() {
  const hand = handAt(step);
  $("replay-counter").textContent = t("replay.counter", { step, total: info.total });
  $("replay-hand").value = hand ? String(hand.step) : "";
  fill($("replay-deal"), hand?.deal_code ? tParts("replay.deal_code", { code: noLang(hand.deal_code, { class: "code" }) }) : "");
  $("replay-first").disabled = $("replay-prev").disabled = step <= 0;
  $("replay-last").disabled = $("replay-next").disabled = step >= info.total;
  document.body.dataset.step = String(step);
}

/** Show step `n` (clamped), fetching its chunk of steps first when needed. */
async function go(n) {
  step = Math.max(0, Math.min(info.total, n));
  renderControls();
  try {
    if (!steps.has(step)) await fetchSteps(Math.max(0, step - (step % CHUNK)));
  } catch (err) {
    showError(err);
    return;
  }
  $("connection").hidden = true;
  const s = steps.get(step);
  if (s && s.step === step) renderStep(s);
}

/** Why the steps could not be fetched (the game is not in the history; too many requests: when to try again). */
function showError(err) {
  fill($("connection"), say(err.detail ?? err.message));
  $("connection").hidden = false;
}

function renderHeader() {
  document.title = `${t("replay.title")} · ${gameName()}`;
  fill($("table-title"), h("span", {}, gameName()), entry?.code ? [" ", noLang(entry.code, { class: "code" })] : null);
  const options = entry?.options || {};
  $("rules-table-link").href = `/rules/${encodeURIComponent(info.game)}?options=${encodeURIComponent(JSON.stringify(options))}`;
  if (entry) {
    $("replay-names").textContent = t("replay.when", { names: entry.names.map((_, n) => historyName(entry.names, n)).join(", "), when: new Date(entry.finished * 1000).toLocaleString(catalogLang(), { dateStyle: "short", timeStyle: "short" }) });
    fill($("replay-result"), resultBlock(entry.result, nameOf));
    $("replay-result-panel").hidden = !entry.result;
  }
  fill(
    $("replay-hand"),
    info.hands.map((hd, i) => h("option", { value: String(hd.step) }, t("replay.hand_option", { hand: hd.hand_no ?? i + 1, step: hd.step }))),
  );
  const count = steps.get(0)?.view?.players ?? 0;
  fill(
    $("replay-seat"),
    h("option", { value: "" }, t("replay.seat_none")),
    Array.from({ length: count }, (_, n) => h("option", { value: String(n) }, nameOf(n))),
    h("option", { value: "all" }, t("replay.seat_all")),
  );
  $("replay-seat").value = seat === null ? "" : String(seat);
}

/** Show the game from seat `value` ("": as a spectator, "all": every hand open) from the step on the screen; the
 * address keeps it. */
async function seeFrom(value) {
  seat = seatParam(value);
  steps.clear();
  if (seat === null) params.delete("seat");
  else params.set("seat", String(seat));
  history.replaceState(null, "", `${location.pathname}?${params}`);
  await go(step);
}

function showSheet() {
  openOverlay("sheet", t("table.score"), sheetTable(steps.get(step)?.view?.sheet, nameOf, readerFor(steps.get(step)?.view, nameOf)), [{ label: t("table.close"), onClick: () => closeOverlay(), primary: true }]);
}

function showLastTrick() {
  const last = steps.get(step)?.view?.last_trick;
  if (!last) return;
  openOverlay("last", named(last.label, nameOf, readerFor(steps.get(step)?.view, nameOf)) || t("table.last_trick"), playsRow(last, nameOf, style(), last.winner ?? null), [
    { label: t("table.close"), onClick: () => closeOverlay(), primary: true },
  ]);
}

function onKey(event) {
  if (event.target.closest("select, input, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: info.total };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
}

/** An address naming a seat the game has not: the game as a spectator saw it. */
function fromNoSeat(err) {
  if (!err.badSeat) throw err;
  seat = null;
  return fetchSteps(0);
}

async function start() {
  try {
    [info, entry] = await Promise.all([fetchSteps(0).catch(fromNoSeat), findEntry()]);
  } catch (err) {
    showError(err);
    return;
  }
  plugin = await loadPlugin(info.game);
  renderHeader();
  const wanted = params.get("hand");
  const hand = wanted === null ? null : info.hands.find((hd) => String(hd.hand_no) === wanted);
  const at = /^\d+$/.test(params.get("step") ?? "") ? Number(params.get("step")) : null;
  await go(at ?? (hand ? hand.step : 0));
  document.body.classList.add("ready");
  review.load(players()).then(() => steps.has(step) && renderStep(steps.get(step)));
}

$("replay-first").addEventListener("click", () => go(0));
$("replay-prev").addEventListener("click", () => go(step - 1));
$("replay-next").addEventListener("click", () => go(step + 1));
$("replay-last").addEventListener("click", () => go(info.total));
$("replay-hand").addEventListener("change", (e) => go(Number(e.target.value)));
$("replay-seat").addEventListener("change", (e) => seeFrom(e.target.value));
$("last-trick-button").addEventListener("click", showLastTrick);
$("sheet-button").addEventListener("click", showSheet);
document.addEventListener("keydown", onKey);
window.addEventListener("resize", () => fitHand($("hand")));
start();
