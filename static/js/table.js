// The table page: one snapshot from the server at a time, rendered whole; intents go back as events.

import { splitActions } from "./actions.js";
import { prefersFourColours, prefersFrench, setPrefersFourColours, setPrefersFrench, suitStyleFor } from "./cards.js";
import { claimOutcome, claimsPanel } from "./claims.js";
import { createClock } from "./clock.js";
import { createCoach } from "./coach.js";
import { connect, dropToken, request, saveName, saveToken, savedName, tokens } from "./connection.js";
import { latestFinishedGame, playDeal, replayUrl } from "./deals.js";
import { fill, h, noLang } from "./dom.js";
import { collapseRepeats, describeEvent as describeCommon } from "./events.js";
import { loadRenderer } from "./extras.js";
import { createForced, forcedWanted, setForcedWanted } from "./forced.js";
import { fitHand, handKeys, renderActions, renderHand, renderSelection } from "./hand.js";
import { createHints, hintsWanted, setHintsWanted } from "./hints.js";
import { seatBots } from "./levels.js";
import { guestName } from "./lobby_games.js";
import { inviteFor, inviteLink, saveInvite, withInvite } from "./invite.js";
import { applyCatalog, loadCatalog, lookup, prefersLatinIndices, setPrefersLatinIndices, t, tFirst, tParts } from "./i18n.js";
import { choiceKey, gameName as gameNameOf, optionLabel } from "./options_form.js";
import { isMutedLine, pacePanel, playersPanel } from "./moderation.js";
import { createMotion, motionWanted, pace, setMotionWanted, setPace } from "./motion.js";
import { ensurePlayer, playerKey, renamePlayer } from "./player.js";
import { eventBar, screenMode } from "./event_link.js";
import { playsRow } from "./plays.js";
import { closePowers, describePower, moveLabel, planPowers } from "./powers.js";
import { fitRing, isAway, isWatching, logReader, meBar, named, readerFor, ringPlaces, seatBox, seatName, waitingSeats } from "./seats.js";
import { gameEndReview, lessonReview } from "./review.js";
import { closeOverlay, openOverlay, overlayKind, resultBlock, sheetTable } from "./sheet.js";
import { createSignal, setSoundPrefs, soundPrefs } from "./signal.js";
import { tapOutcome } from "./tap.js";
import { dismiss, keepClear, toast } from "./toast.js";
import { createUnread, isOwn } from "./unread.js";

await loadCatalog();
applyCatalog();

const code = document.body.dataset.code;
const games = JSON.parse(document.getElementById("games-data").textContent || "[]");
const $ = (id) => document.getElementById(id);
await ensurePlayer(savedName() || guestName()).catch(() => null); // a first visit by an invitation makes the player
const socket = connect([code]);
eventBar(code);
// a message never lies over the moves it may name, the hand, the turn line, the player's own line, the seats or the
// trick: "Bet first" over the two bet buttons, "You now play in … seat" over his own line
keepClear(
  ["#actions button:not([disabled])", "#actions select", "#selection button", "#hand .card", "#status", "#me .me-line"],
  [".bottom-row .tools button", "#ring .seat", "#centre .table-card", "#coach:not([hidden])", "#extra"],
);

let snap = null;
let selection = [];
let seenEvents = null;
let lastState = null;
let chatLines = null;
let renderExtra = null;
let prevTable = null;
let prevHandNo = null;
let lastHandEvent = null;
let lastTurnText = null;
let askedAgain = false;
let powerPlan = null;
/** The seat this page (a spectator) has asked to take, while the players have not answered (null: none); the seats
 * they refused it (not offered again). */
let claimAsked = null;
const claimRefused = new Set();
const motion = createMotion({ ring: $("ring"), centre: $("centre"), hand: $("hand"), me: $("me") });
const signal = createSignal({ mark: () => t("signal.title"), askMark: () => t("signal.claim") });
const coach = createCoach({
  panel: $("coach"),
  ask: () => request(socket, "hint", { code }, 20000),
  say: (m) => withNames(m),
  style: () => style(),
  review: (snap) => lessonReview(code, tokens()[code], { code, you: snap.you, nameOf, style, players: snap.players, game: snap.game }),
});

/** Chat lines this page has sent and not yet seen come back (a spectator's own lines have no seat to tell them). */
const sentChat = [];
const unread = createUnread({
  button: $("chat-button"),
  badge: $("chat-unread"),
  panel: document.querySelector(".panel.chat"),
  label: (n) => (n ? `${t("table.chat")}: ${t("table.chat_unread", { n })}` : t("table.chat")),
  // a keyboard's user goes on to write; a phone's keyboard is not opened unasked
  focusAfter: () => window.matchMedia?.("(pointer: fine)").matches && $("chat-text").focus({ preventScroll: true }),
});
const nameOf = (seat) => seatName(snap, seat);
const withNames = (text) => named(text, nameOf, readerFor(snap?.view, nameOf));
const style = () => suitStyleFor(snap?.game);
/** A log line: the character game's own words for its events (powers.js), else the common ones. */
const describeEvent = (e, ...rest) =>
  describePower(e, { game: snap?.game, nameOf, style: style(), characters: snap?.view?.extra?.characters }) ?? describeCommon(e, ...rest);
const gameName = () => gameNameOf(games.find((g) => g.id === snap?.game)) || snap?.game || "";
const hints = createHints({
  socket,
  code,
  els: { button: $("hint-button"), text: $("hint-text"), hand: $("hand"), actions: $("actions"), selection: $("selection") },
  label: (action) => moveLabel(action, { characters: snap?.view?.extra?.characters, nameOf, style: style() }),
  speak: (message) => withNames(message),
  onError: (err) => toast(withNames(err.detail ?? err.message), "error"),
});

const clockView = createClock({ say: (line) => sayAlso(line) });
const forced = createForced({
  note: $("forced-note"),
  act: (move, version) => snap?.version === version && act(move),
  label: (move) => t("forced.only", { move: moveLabel(move, { characters: snap?.view?.extra?.characters, nameOf, style: style() }) }),
  say: (line) => sayAlso(line),
});

/** A host's or player's request about the table itself (moderation, the clock, the pace): a refusal is shown. */
async function send(event, payload) {
  try {
    await request(socket, event, { code, ...payload });
  } catch (err) {
    toast(withNames(err.detail ?? err.message), "error");
  }
}

/** Whether every human at the table is out of the hand in play (the bots may finish it at once). */
function humansOut() {
  const seats = snap?.view?.seats || [];
  const humans = (snap?.seats || []).filter((s) => s.kind === "human");
  return snap?.state === "playing" && humans.length > 0 && humans.every((s) => seats[s.seat]?.out !== null && seats[s.seat]?.out !== undefined);
}

/** The table version of the move on its way (null: none): a second tap before the table answers (a double tap
 * on a phone) would be refused as stale, so it is not sent. */
let sentAt = null;

async function act(action, confirmed = false) {
  if (!socket.connected) {
    toast(t("table.reconnecting"), "error");
    return;
  }
  if (sentAt === snap.version) return;
  // a lesson's move much worse than the coach's waits for the player's "play it anyway"
  if (!confirmed && !coach.allows(action, () => act(action, true))) return;
  sentAt = snap.version;
  forced.cancel();
  coach.played(action);
  selection = [];
  closePowers();
  motion.skip();
  try {
    await request(socket, "act", { code, action, version: snap.version });
  } catch (err) {
    sentAt = null;
    toast(withNames(err.detail ?? err.message), "error");
    render();
  }
}

async function explain(action) {
  const asked = snap.version;
  try {
    const reply = await request(socket, "explain", { code, action });
    if (reply.reason && snap.version === asked) {
      toast(withNames(reply.reason), "why", { above: [$("actions"), $("selection"), $("hand")] });
      coach.refused(reply.reason);
    }
  } catch (err) {
    toast(withNames(err.detail ?? err.message), "error");
  }
}

function tap(card) {
  if (powerPlan?.tap(card)) return;
  const outcome = tapOutcome(card, splitActions(snap.legal).cardActions, selection);
  if (outcome.kind === "explain") {
    explain(outcome.action);
  } else if (outcome.kind === "play") {
    act(outcome.action);
  } else {
    selection = outcome.selection;
    renderPlay();
  }
}

const seatActions = {
  setSeat: async (seat, value) => {
    const [kind, bot] = value.split(":");
    try {
      await request(socket, "set_seat", { code, seat, kind, ...(bot ? { bot } : {}) });
    } catch (err) {
      toast(withNames(err.detail ?? err.message), "error");
    }
  },
  sit: async (seat) => {
    const input = $("sit-name");
    const name = input?.value.trim();
    if (!name) {
      input?.focus();
      toast(t("seat.name_first"), "error");
      return;
    }
    saveName(name);
    try {
      const reply = await request(socket, "join", withInvite(code, { code, name, seat }));
      saveToken(code, reply.token);
      renamePlayer(name).catch(() => {}); // the name he sits under is his player's too
    } catch (err) {
      toast(withNames(err.detail ?? err.message), "error");
    }
  },
};

const claimActions = {
  ask: async (seat) => {
    try {
      const reply = await request(socket, "claim", withInvite(code, { code, seat, name: savedName() || guestName() }));
      if (reply.token) claimEnded({ answer: "allowed", seat, token: reply.token });
      else claimAsked = seat;
      render();
    } catch (err) {
      toast(withNames(err.detail ?? err.message), "error");
    }
  },
  answer: async (seat, allow) => {
    try {
      await request(socket, "answer_claim", { code, seat, allow });
    } catch (err) {
      toast(withNames(err.detail ?? err.message), "error");
    }
  },
};

/** This page's request for a seat has ended (`claim_answer`): it keeps the seat's new token when it may sit there,
 * and offers a seat the players refused no more. */
function claimEnded(answer) {
  claimAsked = null;
  if (answer.answer === "refused") claimRefused.add(answer.seat);
  if (answer.token) saveToken(code, answer.token);
  toast(claimOutcome(answer, nameOf), answer.answer === "allowed" ? "info" : "error");
}

/** What the players' panel was drawn from last: it is drawn again only when that changes, so a focused button or
 * an open select keeps its place while the game goes on. */
let playersDrawn = null;

function renderPlayers(force = false) {
  const humans = (snap.seats || []).filter((s) => s.kind === "human").map((s) => [s.seat, s.name]);
  const drawn = JSON.stringify([humans, snap.house, snap.you, snap.host_seat, snap.state, document.documentElement.lang]);
  if (drawn === playersDrawn && !force) return;
  playersDrawn = drawn;
  // the button or select that had the focus gets it back in the panel drawn anew (a mute just toggled)
  const active = document.activeElement;
  const row = $("players").contains(active) ? active.closest(".player-row")?.dataset.seat : undefined;
  const kind = $("players").contains(active) ? active.id || active.classList[0] : null;
  fill($("players"), playersPanel(snap, { code, nameOf, send, rerender: () => (renderPlayers(true), renderChat()) }));
  if (kind) {
    const scope = row === undefined ? $("players") : $("players").querySelector(`.player-row[data-seat="${row}"]`);
    scope?.querySelector(`#${CSS.escape(kind)}, .${CSS.escape(kind)}`)?.focus({ preventScroll: true });
  }
}

/** What the claims panel said last: it is drawn again only when that changes, so its live region is not read out
 * again at every move and a focused button keeps the focus. */
let claimsSaid = null;

function renderClaims() {
  const panel = claimsPanel(snap, { asked: claimAsked, refused: claimRefused, nameOf, ...claimActions });
  const said = panel.map((el) => el.textContent).join("\n");
  if (said === claimsSaid) return;
  claimsSaid = said;
  fill($("claims"), panel);
  $("claims").hidden = !panel.length;
}

async function simple(event) {
  try {
    await request(socket, event, { code });
    if (event === "leave") dropToken(code);
  } catch (err) {
    toast(withNames(err.detail ?? err.message), "error");
  }
}

function renderHeader() {
  fill($("table-title"), h("span", {}, gameName()), " ", noLang(code, { class: "code" }), " ", h("span", { class: `state state-${snap.state}` }, t(`state.${snap.state}`)));
  $("rules-table-link").href = `/rules/${encodeURIComponent(snap.game)}?options=${encodeURIComponent(JSON.stringify(snap.options || {}))}`;
  $("suits-pref").hidden = snap.game !== "eidex";
  $("french-suits").checked = prefersFrench();
  $("four-colours-pref").hidden = suitStyleFor(snap.game) !== "french"; // Eidex's own suits have their own colours
  $("indices-pref").hidden = lookup("rank.Q") === "Q" && !prefersLatinIndices();
  $("latin-indices").checked = prefersLatinIndices();
  fill($("latin-indices-label"), tParts("table.latin_indices", { letters: h("span", { lang: "en", translate: "no" }, "J Q K A") }));
  const specs = snap.spectators;
  $("spectators").textContent = specs ? t("table.spectators", { n: specs }) : "";
  $("spectators").parentElement.hidden = !specs;
}

function showInvite(open) {
  $("invite").hidden = !open;
  $("invite-toggle").setAttribute("aria-expanded", String(open));
  if (open && !$("invite-qr").getAttribute("src")) loadInvite();
}

/** The options that differ from the game's defaults, in the reader's words ("Банок в начале: 1"), else "standard
 * rules": from the table's options and the game's schema, never the server's line (its option names). */
function optionsSummary() {
  const schema = games.find((g) => g.id === snap.game)?.options || [];
  const options = snap.options || {};
  const changed = schema
    .filter((opt) => opt.name in options && options[opt.name] !== (opt.default ?? null))
    .map((opt) => `${optionLabel(snap.game, opt)}: ${optionValue(opt, options[opt.name])}`);
  return changed.length ? changed.join("; ") : t("lobby.defaults");
}

/** An option's value in words: a choice's meaning, yes / no, "none", a number. */
function optionValue(opt, value) {
  const key = `option.${snap.game}.${opt.name}.choice.${choiceKey(value)}`;
  if (lookup(key) !== undefined) return t(key);
  if (value === null) return t("lobby.none");
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  return String(value);
}

function renderWaiting() {
  $("options-summary").textContent = t("table.options", { options: optionsSummary() });
  const bots = seatBots(games.find((g) => g.id === snap.game)?.bots || []);
  fill($("seat-list"), waitingSeats(snap, bots.length ? bots : ["random"], seatActions));
  const tools = [];
  const isHost = snap.you !== null && snap.you === snap.host_seat;
  // A guest's name, above the seats he may sit in (what he typed kept when the list is drawn again).
  const typed = $("sit-name")?.value;
  const guest = (snap.you === null || snap.you === undefined) && snap.seats.some((s) => s.kind === "open");
  fill(
    $("waiting-name"),
    guest
      ? h("label", { class: "field inline" }, h("span", {}, t("lobby.your_name")), h("input", { id: "sit-name", maxlength: "24", value: typed ?? (savedName() || guestName()) }))
      : null,
  );
  if (snap.you === null || snap.you === undefined) {
    if (!guest) tools.push(h("p", { class: "hint" }, t("table.full")));
  } else if (isHost) {
    const open = snap.seats.filter((s) => s.kind === "open");
    if (open.length) {
      // "bot" without a name: the server gives each seat the table's level (Normal unless chosen in the lobby).
      tools.push(
        h("button", { type: "button", id: "fill-bots", onclick: () => open.forEach((s) => seatActions.setSeat(s.seat, "bot")) }, t("table.fill_bots")),
      );
    }
    tools.push(h("button", { type: "button", id: "start", class: "primary", disabled: open.length > 0, onclick: () => simple("start") }, t("table.start")));
    if (open.length) tools.push(h("p", { class: "hint" }, t("table.start_hint")));
    // the host may go too: the seat opens and the first other player takes over as host (alone, he closes the table)
    const alone = !snap.seats.some((s) => s.kind === "human" && s.seat !== snap.you);
    const leave = () => simple("leave").then(() => alone && location.assign("/"));
    tools.push(h("button", { type: "button", id: "leave", onclick: leave }, t("table.leave")));
  } else {
    tools.push(h("p", { class: "hint" }, t("table.wait_host")));
    tools.push(h("button", { type: "button", id: "leave", onclick: () => simple("leave") }, t("table.leave")));
  }
  fill($("waiting-tools"), tools);
}

/** True when this page's player must act now. */
function myTurnNow() {
  const view = snap?.view;
  return Boolean(view) && snap.state === "playing" && snap.you !== null && snap.you !== undefined && (view.to_act || []).includes(snap.you) && !view.over;
}

function turnText(view) {
  if (view.over) return t("table.over");
  const waiting = view.to_act || [];
  if (snap.you !== null && waiting.includes(snap.you)) return t("table.your_turn");
  // a player who has lost his connection is named so: the others know why the table waits for him
  const label = (seat) => (isAway(snap.seats?.[seat]) && !snap.seats[seat].stand_in ? t("seat.away_name", { name: nameOf(seat) }) : nameOf(seat));
  return t("table.waiting_for", { names: waiting.map(label).join(", ") });
}

function renderPlay() {
  const view = snap.view;
  const me = snap.you ?? 0;
  const places = ringPlaces(snap.players, me);
  const ring = $("ring");
  ring.querySelectorAll(".seat").forEach((el) => el.remove());
  for (const [seat, place] of Object.entries(places)) ring.append(seatBox(snap, Number(seat), place));
  ring.dataset.players = String(snap.players);
  $("hand").hidden = snap.you === null || snap.you === undefined;

  const stock = view.stock;
  fill(
    $("centre"),
    view.table?.label ? h("p", { class: "table-label" }, withNames(view.table.label)) : null,
    playsRow(view.table, nameOf, style()),
    stock !== null && stock !== undefined ? h("p", { class: "stock", dataset: { count: String(stock) } }, t("table.stock", { n: stock })) : null,
  );

  const myTurn = myTurnNow();
  document.body.classList.toggle("my-turn", myTurn);
  fill($("status"), h("strong", { class: "turn" }, turnText(view)), view.status ? h("span", { class: "engine-status" }, ` ${withNames(view.status)}`) : null);

  const extra = renderExtra ? renderExtra(view.extra || {}, { view, snap, style: style(), seatName: nameOf }) : null;
  fill($("extra"), extra);

  powerPlan = planPowers(snap, splitActions(snap.legal), { act, rerender: renderPlay, nameOf, style: style() });
  const { cardActions, otherActions } = powerPlan;
  selection = selection.filter((c) => (view.hand || []).includes(c));
  renderHand($("hand"), { hand: view.hand, cardActions, myTurn, selection, style: style(), onTap: tap, focusCard: focusedCard() });
  renderSelection($("selection"), { selection, cardActions, style: style(), onAct: act, onClear: () => ((selection = []), renderPlay()) });
  renderActions($("actions"), { otherActions, style: style(), onAct: act });
  fill($("me"), meBar(snap));
  const paceRows = pacePanel(snap, { send, humansOut: humansOut() });
  fill($("pace"), paceRows);
  $("pace").hidden = !paceRows.length;
  renderClaims();
  powerPlan.mount({ actions: $("actions"), ring, me: $("me"), centre: $("centre") });
  coach.update(snap, myTurn);
  hints.render(snap, snap.you !== null && snap.you !== undefined && !view.over && (snap.legal || []).length > 0);
  $("last-trick-button").disabled = !view.last_trick;
  $("last-trick-button").textContent = tFirst([`table.last_trick.${snap.game}`, "table.last_trick"]);
  fitRing(ring);
  forced.update(snap, myTurn);
}

/** The recent events in words, with the clock's notes ("a bot played for Ann: her time was out") before the move
 * they explain. */
function renderEvents() {
  const events = snap.events || [];
  const first = (snap.events_total ?? events.length) - events.length;
  const notes = (snap.notes || []).filter((n) => n.at >= first);
  const said = [];
  events.forEach((e, i) => {
    for (const n of notes) if (n.at === first + i) said.push(t(n.key, { name: nameOf(n.seat) }));
    said.push(describeEvent(e, nameOf, style(), logReader(snap.view, nameOf)));
  });
  for (const n of notes) if (n.at >= first + events.length) said.push(t(n.key, { name: nameOf(n.seat) }));
  const runs = collapseRepeats(said.filter(Boolean)).slice(-12).reverse();
  fill($("events"), runs.map(([line, n]) => h("li", {}, n > 1 ? t("table.log.repeated", { line, n }) : line)));
}

/** Who wrote a chat line: a player by his seat's name, a spectator by the name he gave and as a spectator. */
function chatName(m) {
  if (m.seat !== null && m.seat !== undefined) return m.name || nameOf(m.seat);
  const word = t("table.spectator");
  return m.name ? `${m.name} (${word})` : `${word.slice(0, 1).toUpperCase()}${word.slice(1)}`;
}

function renderChat() {
  fill(
    $("chat-list"),
    (chatLines || []).filter((m) => !isMutedLine(code, m)).map((m) => h("li", {}, h("strong", {}, chatName(m)), " ", m.text)),
  );
  $("chat-list").scrollTop = $("chat-list").scrollHeight;
}

function showSheet() {
  const lastHand = lastHandEvent || (snap.view?.extra?.last_hand ? {} : null);
  openOverlay("sheet", t("table.score"), sheetTable(snap.view?.sheet, nameOf, readerFor(snap.view, nameOf)), [
    { label: t("table.close"), onClick: () => closeOverlay(), primary: true },
    lastHand && snap.state === "playing" ? { label: t("summary.again"), id: "sheet-last-hand", onClick: () => showHandSummary(lastHand) } : null,
  ].filter(Boolean));
}

function showLastTrick() {
  const last = snap.view?.last_trick;
  if (!last) return;
  openOverlay(
    "last",
    withNames(last.label) || t("table.last_trick"),
    [playsRow(last, nameOf, style(), last.winner ?? null), last.winner !== undefined && last.winner !== null ? h("p", {}, t("table.taken_by", { name: nameOf(last.winner) })) : null],
    [{ label: t("table.close"), onClick: () => closeOverlay(), primary: true }],
  );
}

/** The events this snapshot adds to those already seen (none on the first snapshot or after a reconnect). */
function freshEvents() {
  const total = snap.events_total ?? null;
  const events = snap.events || [];
  const before = seenEvents;
  seenEvents = total;
  if (total === null || before === null || total <= before) return [];
  return events.slice(Math.max(0, events.length - (total - before)));
}

/** The card of the hand that has the focus, if any. */
function focusedCard() {
  const el = document.activeElement;
  return el?.closest?.("#hand") && el.dataset.card ? el.dataset.card : null;
}

/** Where the focus was among the hand, the selection bar, the action buttons and the character cards by the seats
 * before a render. */
function focusPlace() {
  const el = document.activeElement;
  if (!el || el === document.body) return { lost: true };
  const char = el.matches?.(".char-badge") ? el.closest(".char[data-seat]") : null;
  if (char) return { charSeat: char.dataset.seat };
  const region = el.closest?.("#hand, #actions, #selection");
  if (!region) return null;
  const cards = [...$("hand").querySelectorAll(".card")];
  return { region: region.id, card: el.dataset.card ?? null, index: Math.max(0, cards.indexOf(el)), action: el.dataset.action ?? el.dataset.picker ?? null };
}

/** Put the focus back after a render replaced the element holding it: the same card or button, else the card now
 * at its place, else the hand; a seat's character card, on its new card (its power's text stays shown). A page whose
 * focus was nowhere keeps it there (no focus is taken on load). */
function restoreFocus(place) {
  if (!place || overlayKind() !== null || snap.state !== "playing") return;
  const active = document.activeElement;
  if (place.lost || (active && active !== document.body && active.isConnected)) return;
  if (place.charSeat !== undefined) {
    document.querySelector(`.char[data-seat="${CSS.escape(place.charSeat)}"] .char-badge`)?.focus({ preventScroll: true });
    return;
  }
  const cards = [...$("hand").querySelectorAll(".card")];
  let target = null;
  if (place.action) target = document.querySelector(`#actions [data-action="${CSS.escape(place.action)}"], #actions [data-picker="${CSS.escape(place.action)}"], #selection [data-action="${CSS.escape(place.action)}"]`);
  if (!target && place.card) target = $("hand").querySelector(`.card[data-card="${CSS.escape(place.card)}"]`);
  if (!target && cards.length) target = cards[Math.min(place.index ?? 0, cards.length - 1)];
  target = target || $("hand").querySelector(".card[tabindex='0']") || document.querySelector("#actions button");
  if (!target) return;
  if (target.closest("#hand")) cards.forEach((c) => c.setAttribute("tabindex", c === target ? "0" : "-1"));
  target.focus({ preventScroll: true });
}

/** Say the new moves and whose turn it is in the live region (screen readers). */
function announce(fresh) {
  if (!snap.view) return;
  const lines = fresh.map((e) => describeEvent(e, nameOf, style(), readerFor(snap.view, nameOf))).filter(Boolean);
  const turn = turnText(snap.view);
  if (turn !== lastTurnText || lines.length) lines.push(turn);
  lastTurnText = turn;
  if (lines.length) $("announce").textContent = lines.join(". ").replace(/\.\./g, ".");
}

/** Add `line` to what the live region says now (the table's news stays, the line comes after it). */
function sayAlso(line) {
  $("announce").textContent = [$("announce").textContent, line].filter(Boolean).join(". ").replace(/\.\./g, ".");
}

/** The hand-end summary: a panel docked beside the table, play goes on meanwhile; the score sheet opens it again. */
function showHandSummary(event) {
  lastHandEvent = event;
  const view = snap.view;
  const lastHand = view.extra?.last_hand;
  const lines = lastHand?.lines
    ? h("ul", { class: "hand-lines" }, lastHand.lines.map((ls, seat) => h("li", {}, h("strong", {}, nameOf(seat)), ": ", withNames(ls.join(", ")))))
    : null;
  const number = event.hand_no ?? lastHand?.hand_no;
  const title = typeof number === "number" ? t("summary.title", { hand: number }) : t("summary.title_plain");
  sayAlso(title);
  const codes = snap.deal_codes || [];
  const deal = codes.find((d) => d.hand_no === number) || codes[codes.length - 1] || null;
  openOverlay(
    "hand",
    title,
    [
      lastHand?.verdict ? h("p", { class: "hand-verdict" }, withNames(lastHand.verdict)) : null,
      lastHand?.how ? h("ul", { class: "hand-how" }, lastHand.how.map((m) => h("li", {}, withNames(m)))) : null,
      lines,
      sheetTable(view.sheet, nameOf, readerFor(view, nameOf)),
      deal ? h("p", { class: "hint deal-code", dataset: { code: deal.code } }, tParts("summary.deal_code", { code: noLang(deal.code, { class: "code" }) })) : null,
      deal ? h("p", { class: "hint" }, t("summary.replay_later")) : null,
    ],
    [
      { label: t("summary.continue"), id: "summary-close", onClick: () => closeOverlay("hand"), primary: true },
      deal ? { label: t("deal.again"), id: "summary-deal-again", onClick: () => playAgainDeal(deal.code) } : null,
    ].filter(Boolean),
    { docked: true },
  );
}

/** A new table from a finished hand's deal, with this player's name (else the lobby's deal form, prefilled). */
async function playAgainDeal(deal) {
  const name = savedName() || (snap.you !== null && snap.you !== undefined ? nameOf(snap.you) : "");
  if (!name) {
    location.assign(`/?deal=${encodeURIComponent(deal)}`);
    return;
  }
  const others = (snap.seats || []).filter((s) => s.seat !== snap.you);
  const bots = others.length && others.every((s) => s.kind === "bot") ? others.map((s) => s.bot) : null;
  try {
    await playDeal(socket, deal, name, bots);
  } catch (err) {
    toast(withNames(err.detail ?? err.message), "error");
  }
}

/** Open the replay of this table's latest finished game (from hand `hand` if given), a player's from his own seat. */
async function openReplay(hand = null) {
  try {
    const id = await latestFinishedGame(code);
    if (id === null) throw new Error(t("replay.missing"));
    location.assign(replayUrl(id, code, hand, snap?.you ?? null));
  } catch (err) {
    toast(withNames(err.detail ?? err.message), "error");
  }
}

/** Each finished hand of the game with its deal code, "Play this deal again" and "Replay this hand". */
function handsList() {
  const codes = snap.deal_codes || [];
  if (!codes.length) return null;
  return h(
    "div",
    { class: "deal-list" },
    h("h3", {}, t("over.hands")),
    h(
      "ul",
      {},
      codes.map((d, i) =>
        h(
          "li",
          { class: "deal-row", dataset: { code: d.code, hand: String(d.hand_no ?? i + 1) } },
          h("span", {}, tParts("over.hand_code", { code: noLang(d.code, { class: "code" }) }, { hand: d.hand_no ?? i + 1 })),
          h("span", { class: "row-form" },
            h("button", { type: "button", class: "deal-again", onclick: () => playAgainDeal(d.code) }, t("deal.again")),
            h("button", { type: "button", class: "replay-hand", onclick: () => openReplay(d.hand_no ?? null) }, t("over.replay_hand")),
          ),
        ),
      ),
    ),
  );
}

function showGameOver() {
  const view = snap.view;
  const seated = snap.you !== null && snap.you !== undefined;
  openOverlay(
    "over",
    t("over.title"),
    [
      resultBlock(view?.result, nameOf, snap.you ?? null, Boolean(view?.status)),
      view?.status ? h("p", {}, withNames(view.status)) : null,
      view?.extra?.last_hand?.how ? h("ul", { class: "hand-how" }, view.extra.last_hand.how.map((m) => h("li", {}, withNames(m)))) : null,
      sheetTable(view?.sheet, nameOf, readerFor(view, nameOf)),
      gameEndReview(() => latestFinishedGame(code), { code, you: snap.you ?? null, nameOf, style, players: snap.players, game: snap.game }),
      handsList(),
    ],
    [
      seated ? { label: t("over.again"), id: "play-again", primary: true, onClick: () => ((askedAgain = true), simple("again")) } : null,
      { label: t("over.replay_game"), id: "replay-game", onClick: () => openReplay() },
      { label: t("over.lobby"), onClick: () => location.assign("/") },
      { label: t("table.close"), onClick: () => closeOverlay("over") },
    ].filter(Boolean),
  );
}

/** On a page's first snapshot (a reload, a reconnect): the last hand's end among the recent events, when no card
 * has been played since (its summary was showing, or about to), else null. */
function unplayedHandEnd() {
  const events = snap.events || [];
  const at = events.findLastIndex((e) => e.event === "hand");
  return at >= 0 && !events.slice(at + 1).some((e) => e.event === "play") ? events[at] : null;
}

function render(fromServer = false) {
  const first = fromServer && seenEvents === null;
  const fresh = fromServer ? freshEvents() : [];
  const before = motion.capture();
  const focus = focusPlace();
  renderHeader();
  const waiting = snap.state === "waiting" || !snap.view;
  $("waiting").hidden = !waiting;
  $("play").hidden = waiting;
  document.body.dataset.state = snap.state;
  document.body.dataset.you = snap.you === null || snap.you === undefined ? "" : String(snap.you);
  document.body.dataset.version = String(snap.version);
  if (waiting) renderWaiting();
  else renderPlay();
  renderEvents();
  renderChat();
  renderPlayers();
  if (fromServer) clockView.update(snap);
  clockView.paint();
  if (!waiting && fromServer) {
    const newHand = prevHandNo !== null && snap.view.hand_no > prevHandNo;
    motion.update(before, { fresh, prevTable, newHand, view: snap.view, game: snap.game, me: snap.you ?? null, myTurn: myTurnNow(), nameOf, style: style() });
    prevTable = snap.view.table || null;
    prevHandNo = snap.view.hand_no ?? null;
  }
  const asked = !isWatching(snap) && (snap.claims || []).length > 0;
  signal.update({ title: `${gameName()} · ${code}`, myTurn: myTurnNow(), asked, fresh });
  if (fromServer) announce(fresh);

  if (lastState === "waiting" && snap.state !== "waiting") showInvite(false);
  const handEvent = fresh.filter((e) => e.event === "hand").pop() || (first ? unplayedHandEnd() : null);
  if (snap.state === "over" && lastState !== "over") showGameOver();
  else if (snap.state !== "over" && overlayKind() === "over") closeOverlay("over");
  else if (snap.state === "playing" && handEvent) showHandSummary(handEvent);
  // another player's "Play again" closed the result he was reading: say why (the old game stays in the history)
  if (lastState === "over" && snap.state === "playing" && !askedAgain) toast(t("over.again_by_other"), "info");
  if (snap.state !== "over") askedAgain = false;
  lastState = snap.state;
  restoreFocus(focus);
}

async function onTable(data) {
  if (data.code !== code) return;
  if (snap === null && data.state === "waiting" && data.you !== null && data.you === data.host_seat) showInvite(true);
  if (!renderExtra || snap?.game !== data.game) renderExtra = await loadRenderer(data.game);
  if (snap && data.version !== snap.version) {
    selection = [];
    dismiss("why");
  }
  if (chatLines === null) chatLines = data.chat || [];
  snap = data;
  document.body.classList.add("ready");
  render(true);
}

async function enter() {
  $("connection").hidden = true;
  document.body.classList.remove("offline");
  chatLines = null;
  claimAsked = null; // a request ends with its connection, and so does a refusal
  claimRefused.clear();
  seenEvents = null;
  prevTable = null;
  prevHandNo = null;
  motion.reset();
  const token = tokens()[code];
  if (!screenMode && (token || playerKey())) {
    try {
      // without a token here, the seat of this browser's player (sat down on another of his devices)
      const back = await request(socket, "resume", token ? { code, token } : { code });
      if (back?.stood_in) toast(t("table.back_after_bot"), "info");
      return;
    } catch {
      if (token) dropToken(code);
    }
  }
  try {
    await request(socket, "watch", withInvite(code, { code }));
    document.body.classList.remove("refused");
  } catch (err) {
    // a private table without its invite link: the page says only that, and leads back to the games
    document.body.classList.add("refused");
    fill($("connection"), h("span", {}, withNames(err.detail ?? err.message)), " ", h("a", { href: "/" }, t("over.lobby")));
    $("connection").hidden = false;
  }
}

async function loadInvite() {
  let base = location.origin;
  try {
    const response = await fetch("/api/lan");
    const lan = response.ok ? await response.json() : null;
    if (lan?.urls?.length) base = lan.urls[0];
  } catch {
    // keep this page's own address
  }
  let secret = inviteFor(code);
  if (!secret && snap && !isWatching(snap)) {
    try {
      secret = (await request(socket, "invite", { code })).invite;
      saveInvite(code, secret);
    } catch {
      // a spectator is not given the secret: the plain link
    }
  }
  const link = inviteLink(base, code, secret);
  Object.assign($("invite-link"), { href: link, textContent: link });
  $("invite-qr").src = `/t/${code}/qr.svg`;
}

$("invite-toggle").addEventListener("click", () => showInvite($("invite").hidden));
$("invite-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("invite-link").href);
    toast(t("table.copied"));
  } catch {
    toast($("invite-link").href);
  }
});
$("french-suits").addEventListener("change", (e) => {
  setPrefersFrench(e.target.checked);
  if (snap) render();
});
$("latin-indices").addEventListener("change", (e) => {
  setPrefersLatinIndices(e.target.checked);
  if (snap) render();
});
$("four-colours").checked = prefersFourColours();
$("four-colours").addEventListener("change", (e) => {
  setPrefersFourColours(e.target.checked);
  if (snap) render();
});
$("forced-on").checked = forcedWanted();
$("forced-on").addEventListener("change", (e) => {
  setForcedWanted(e.target.checked);
  if (snap) render();
});
$("hints-on").checked = hintsWanted();
$("hints-on").addEventListener("change", (e) => {
  setHintsWanted(e.target.checked);
  if (snap) render();
});
$("last-trick-button").addEventListener("click", showLastTrick);
$("sheet-button").addEventListener("click", showSheet);
$("chat-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  sentChat.push(text);
  try {
    await request(socket, "chat", { code, text, ...(savedName() ? { name: savedName() } : {}) });
    $("chat-text").value = "";
  } catch (err) {
    toast(withNames(err.detail ?? err.message), "error");
  }
});
window.addEventListener("resize", () => fitHand($("hand")));
// The ring takes what the status, buttons, hint and hand leave: when that changes, it is fitted again before the
// frame is drawn (fitting may grow it to hold a tall seat box; fitted again it finds the same height and settles).
if (window.ResizeObserver) new ResizeObserver(() => fitRing($("ring"))).observe($("ring"));
// The table fills the screen under the top bar, whose height changes as its links wrap.
const topbar = document.querySelector(".topbar");
if (topbar && window.ResizeObserver) {
  new ResizeObserver(() => document.documentElement.style.setProperty("--topbar-h", `${topbar.offsetHeight}px`)).observe(topbar);
}
if (window.ResizeObserver) new ResizeObserver(() => fitHand($("hand"))).observe($("hand"));
// The hand summary docked over a phone's side column reaches down to the Last trick and Score buttons (over the
// suggestion's button, of no use while it shows), however many rows the buttons wrap to.
const tools = document.querySelector(".bottom-row .tools");
const toolsTop = () => Math.min(...["last-trick-button", "sheet-button"].map((id) => $(id).getBoundingClientRect().top || innerHeight));
const toolsRoom = () => document.documentElement.style.setProperty("--tools-room", `${Math.max(0, innerHeight - toolsTop())}px`);
if (tools && window.ResizeObserver) {
  new ResizeObserver(toolsRoom).observe(tools);
  window.addEventListener("resize", toolsRoom);
}
handKeys($("hand"));

function wirePrefs() {
  const sound = soundPrefs();
  $("sound-on").checked = !sound.muted;
  $("sound-volume").value = String(Math.round(sound.volume * 100));
  $("sound-volume").disabled = sound.muted;
  $("motion-on").checked = motionWanted();
  $("trick-pace").value = pace();
  $("sound-on").addEventListener("change", (e) => {
    setSoundPrefs({ muted: !e.target.checked });
    $("sound-volume").disabled = !e.target.checked;
  });
  $("sound-volume").addEventListener("change", (e) => setSoundPrefs({ volume: Number(e.target.value) / 100 }));
  $("sound-test").addEventListener("click", () => signal.test());
  $("motion-on").addEventListener("change", (e) => setMotionWanted(e.target.checked));
  $("trick-pace").addEventListener("change", (e) => setPace(e.target.value));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && $("prefs").open) {
      $("prefs").open = false;
      $("prefs").querySelector("summary").focus();
    }
  });
  document.addEventListener("click", (e) => {
    if ($("prefs").open && !$("prefs").contains(e.target)) $("prefs").open = false;
  });
}
wirePrefs();

socket.on("connect", enter);
socket.on("disconnect", () => {
  $("connection").textContent = t("table.reconnecting");
  $("connection").hidden = false;
  document.body.classList.add("offline"); // the table shows it cannot be played until the page is back
});
socket.on("table", onTable);
socket.on("chat", (m) => {
  chatLines = [...(chatLines || []), m].slice(-100);
  renderChat();
  const own = isOwn(m, snap?.you, sentChat);
  if (own) sentChat.splice(sentChat.indexOf(m.text), 1);
  else if (!isMutedLine(code, m)) {
    unread.arrived();
    // said politely after what the table says, not over it (the chat's list is no live region: drawn again whole
    // at each line, it would be read again whole)
    sayAlso(t("table.chat_from", { name: chatName(m), text: m.text }));
  }
});
socket.on("claim_answer", (answer) => {
  if (answer.code !== code) return;
  claimEnded(answer);
  if (snap) render();
});
socket.on("removed", (e) => {
  if (e.code !== code) return;
  dropToken(code);
  $("connection").textContent = t("moderation.removed_you");
  $("connection").hidden = false;
  toast(t("moderation.removed_you"), "error");
});
// a refused watch is said on the page itself (enter)
socket.on("error", (e) => e.event !== "watch" && toast(withNames(e.error), "error"));
if (snap === null) fill($("connection"), t("table.connecting"));
$("connection").hidden = false;
