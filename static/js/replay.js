// The replay page: a finished game from the journal, step by step (spectator views), drawn by the table's modules.

import { actionLabel } from "./actions.js";
import { suitStyleFor } from "./cards.js";
import { fill, h, noLang } from "./dom.js";
import { describeEvent } from "./events.js";
import { loadRenderer } from "./extras.js";
import { applyCatalog, loadCatalog, say, t, tFirst, tParts } from "./i18n.js";
import { playsRow } from "./plays.js";
import { describePower, showCharacters } from "./powers.js";
import { fitRing, meBar, named, readerFor, ringPlaces, seatBox } from "./seats.js";
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
let renderExtra = null;

async function fetchSteps(start) {
  const response = await fetch(`/api/history/${gameId}?start=${start}&count=${CHUNK}`);
  if (!response.ok) throw new Error(t("replay.missing"));
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

const nameOf = (seat) => (seat === null || seat === undefined ? "" : entry?.names?.[seat] || t("seat.anonymous", { n: seat + 1 }));
const style = () => suitStyleFor(info.game);
const gameName = () => games.find((g) => g.id === info.game)?.name || info.game;

/** The snapshot shape the table's rendering modules read, for a spectator. */
function snapOf(view) {
  const players = view.players ?? view.seats?.length ?? 0;
  const seats = Array.from({ length: players }, (_, seat) => ({ seat, name: nameOf(seat), kind: "human", connected: true }));
  return { game: info.game, players, seats, view, you: null };
}

/** The hand holding step `n`: the last hand starting at or before it. */
function handAt(n) {
  return info.hands.filter((hd) => hd.step <= n).pop() || info.hands[0] || null;
}

function actionText(s) {
  if (!s.action) return t("replay.start");
  const [seat, action] = s.action;
  return t("replay.action", { name: nameOf(seat), action: actionLabel(action, style()) });
}

function renderStep(s) {
  const view = s.view;
  const snap = snapOf(view);
  const ring = $("ring");
  ring.querySelectorAll(".seat").forEach((el) => el.remove());
  for (const [seat, place] of Object.entries(ringPlaces(snap.players, 0))) ring.append(seatBox(snap, Number(seat), place));
  ring.dataset.players = String(snap.players);
  fill(
    $("centre"),
    view.table?.label ? h("p", { class: "table-label" }, named(view.table.label, nameOf, readerFor(view, nameOf))) : null,
    playsRow(view.table, nameOf, style()),
    view.stock !== null && view.stock !== undefined ? h("p", { class: "stock", dataset: { count: String(view.stock) } }, t("table.stock", { n: view.stock })) : null,
  );
  fill($("status"), named(view.status || "", nameOf, readerFor(view, nameOf)));
  fill($("me"), meBar(snap));
  showCharacters(view, { ring, me: $("me"), nameOf, style: style() });
  fill($("extra"), renderExtra ? renderExtra(view.extra || {}, { view, snap, style: style(), seatName: nameOf }) : null);
  fitRing(ring);
  $("last-trick-button").disabled = !view.last_trick;
  $("last-trick-button").textContent = tFirst([`table.last_trick.${info.game}`, "table.last_trick"]);
  $("replay-action").textContent = actionText(s);
  $("replay-action").dataset.step = String(s.step);
  const reader = readerFor(view, nameOf);
  const characters = view.extra?.characters;
  const lines = (s.events || [])
    .map((e) => describePower(e, { game: info.game, nameOf, style: style(), characters }) ?? describeEvent(e, nameOf, style(), reader))
    .filter(Boolean);
  fill($("replay-events"), lines.map((line) => h("li", {}, line)));
  $("play").hidden = false;
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
  if (!steps.has(step)) await fetchSteps(Math.max(0, step - (step % CHUNK)));
  const s = steps.get(step);
  if (s && s.step === step) renderStep(s);
}

function renderHeader() {
  document.title = `${t("replay.title")} · ${gameName()}`;
  fill($("table-title"), h("span", {}, gameName()), entry?.code ? [" ", noLang(entry.code, { class: "code" })] : null);
  const options = entry?.options || {};
  $("rules-table-link").href = `/rules/${encodeURIComponent(info.game)}?options=${encodeURIComponent(JSON.stringify(options))}`;
  if (entry) {
    $("replay-names").textContent = t("replay.when", { names: entry.names.join(", "), when: new Date(entry.finished * 1000).toLocaleString() });
    fill($("replay-result"), resultBlock(entry.result, nameOf));
    $("replay-result-panel").hidden = !entry.result;
  }
  fill(
    $("replay-hand"),
    info.hands.map((hd, i) => h("option", { value: String(hd.step) }, t("replay.hand_option", { hand: hd.hand_no ?? i + 1, step: hd.step }))),
  );
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

async function start() {
  try {
    [info, entry] = await Promise.all([fetchSteps(0), findEntry()]);
  } catch (err) {
    fill($("connection"), say(err.detail ?? err.message));
    $("connection").hidden = false;
    return;
  }
  renderExtra = await loadRenderer(info.game);
  renderHeader();
  const wanted = params.get("hand");
  const hand = wanted === null ? null : info.hands.find((hd) => String(hd.hand_no) === wanted);
  await go(hand ? hand.step : 0);
  document.body.classList.add("ready");
}

$("replay-first").addEventListener("click", () => go(0));
$("replay-prev").addEventListener("click", () => go(step - 1));
$("replay-next").addEventListener("click", () => go(step + 1));
$("replay-last").addEventListener("click", () => go(info.total));
$("replay-hand").addEventListener("change", (e) => go(Number(e.target.value)));
$("last-trick-button").addEventListener("click", showLastTrick);
$("sheet-button").addEventListener("click", showSheet);
document.addEventListener("keydown", onKey);
start();
