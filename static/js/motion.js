// Motion at the table (Web Animations API): a played card travels from its player's place to the table, a
// finished trick (a taken pile, a won bank, a pile sent out of play) stays a moment with its taker marked and then
// sweeps to where it goes. The page itself is always drawn from the server's snapshot: motion only animates the
// elements a render has already put in place, and the finished trick is a separate "ghost" layer over the middle
// that leaves by itself; at a new deal the cards come out of the middle to the seats and into your hand.
// `planMotion` (no DOM) reads what a snapshot's new events move.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { playsRow } from "./plays.js";
import { fitRing } from "./seats/fit.js";

const MOTION_KEY = "cardtable.motion";
const PACE_KEY = "cardtable.pace";

/** How long a finished trick stays on the table, in ms, by pace. */
export const HOLD_MS = { fast: 800, normal: 1500, slow: 2600 };
const FLY_MS = 380;
const SWEEP_MS = 480;
const SHIFT_MS = 200;
const DEAL_STEP_MS = 45;

/** Where each kind of sweep sends the cards: to the seat that takes them, or out of play. */
const AWAY = { bailiff: new Set(["clear"]) };
const SWEEPS = new Set(["trick", "take", "clear"]);

/** The cards of a play event: `cards` (Bailiff, Bank) or the single `card` (null for a card laid face down). */
function playCards(event) {
  if (Array.isArray(event.cards)) return event.cards;
  return [event.card ?? null];
}

const copyPlays = (plays) => (plays || []).map((p) => ({ seat: p.seat, cards: [...(p.cards || [])] }));

/** The cards a finished trick or pile (`event`) takes away: the trick's own cards when the event lists them by
 * seat, else those that lay on the table (`running`), else the snapshot's last trick, else the event's cards. */
function sweptPlays(event, running, lastTrick) {
  const bySeat = Array.isArray(event.cards) && event.cards.length && event.cards.every((c) => Array.isArray(c));
  if (event.event === "trick" && bySeat) return event.cards.map(([seat, card]) => ({ seat, cards: [card ?? null] }));
  if (running.length) return running;
  if (lastTrick?.plays?.length) return copyPlays(lastTrick.plays);
  if (Array.isArray(event.cards)) return [{ seat: event.seat ?? null, cards: [...event.cards] }];
  return running;
}

/** Where a finished trick or pile goes: its taker's seat (a trick's winner, a pile's player), null for out of play. */
function sweepTarget(event, game) {
  const kind = event.event;
  if (AWAY[game]?.has(kind)) return null;
  return (kind === "trick" ? event.winner : event.seat) ?? null;
}

/**
 * What a snapshot's new public events move, in order: `plays` are the cards that came to the table
 * (`{seat, cards}`), `sweep` the last finished trick or pile that left it (`{event, to, winner, plays}`: `to` is
 * the seat it goes to, null for out of play), and `later` the plays made after that sweep (they lie on the table
 * now), `dealt` whether the cards were dealt anew. `prevTable` is the table as the previous snapshot showed it,
 * `lastTrick` this snapshot's `view.last_trick`.
 */
export function planMotion(fresh, prevTable, game, lastTrick = null) {
  let running = copyPlays(prevTable?.plays);
  const plays = [];
  let later = [];
  let sweep = null;
  let dealt = false;
  for (const event of fresh || []) {
    const kind = event?.event;
    if (kind === "play") {
      const play = { seat: event.seat, cards: playCards(event) };
      plays.push(play);
      later.push(play);
      running.push(play);
    } else if (SWEEPS.has(kind)) {
      const to = sweepTarget(event, game);
      sweep = { event: kind, to, winner: to, plays: sweptPlays(event, running, lastTrick) };
      running = [];
      later = [];
    } else if (kind === "deal" || kind === "hand") {
      running = [];
      dealt ||= kind === "deal";
    }
  }
  return { plays, sweep, later, dealt };
}

/** True when the player wants motion: their own choice, else not when the system asks for reduced motion. */
export function motionWanted() {
  const stored = localStorage.getItem(MOTION_KEY);
  if (stored === "on") return true;
  if (stored === "off") return false;
  return !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

export function setMotionWanted(on) {
  localStorage.setItem(MOTION_KEY, on ? "on" : "off");
}

/** The pace of the pause on a finished trick: "fast", "normal" or "slow". */
export function pace() {
  const stored = localStorage.getItem(PACE_KEY);
  return stored in HOLD_MS ? stored : "normal";
}

export function setPace(value) {
  localStorage.setItem(PACE_KEY, value in HOLD_MS ? value : "normal");
}

const centreOf = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

function rectsOf(root, selector, inner = false) {
  const out = new Map();
  if (!root) return out;
  for (const el of root.querySelectorAll(selector)) {
    const card = el.dataset.card;
    const box = inner ? el.querySelector("svg") || el : el;
    if (card && !out.has(card)) out.set(card, box.getBoundingClientRect());
  }
  return out;
}

/** Move `el` from the box `from` to where it lies now (a FLIP), scaled from `from`'s width. */
function flyFrom(el, from, { duration = FLY_MS, fade = false, delay = 0 } = {}) {
  const to = el.getBoundingClientRect();
  if (!to.width || !from) return null;
  const a = centreOf(from);
  const b = centreOf(to);
  const scale = Math.max(0.3, Math.min(2, from.width / to.width || 1));
  if (Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2 && Math.abs(scale - 1) < 0.02) return null;
  const start = { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${scale})` };
  if (fade) start.opacity = 0.4;
  return el.animate([start, { transform: "none", opacity: 1 }], { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

/**
 * The table's motion: `capture()` before a render, `update()` after it; the elements are the ring, the middle,
 * the hand and your own seat line.
 */
export function createMotion({ ring, centre, hand, me }) {
  let ghost = null; // {el, timer, phase}

  function seatBox(seat) {
    if (seat === null || seat === undefined) return null;
    const onRing = ring.querySelector(`.seat[data-seat="${seat}"]`);
    if (onRing) return onRing.getBoundingClientRect();
    const mine = me?.querySelector(`.me-line[data-seat="${seat}"]`);
    if (mine && hand && !hand.hidden && hand.querySelector(".card")) return hand.getBoundingClientRect();
    return mine ? mine.getBoundingClientRect() : null;
  }

  function capture() {
    return {
      hand: rectsOf(hand, ".card[data-card]", true),
      centre: ghost ? new Map() : rectsOf(centre, ".table-card[data-card]"),
      ghost: ghost ? rectsOf(ghost.el, ".table-card[data-card]") : new Map(),
    };
  }

  function reveal() {
    centre.classList.remove("under-ghost");
    if (!motionWanted()) return;
    for (const fig of centre.querySelectorAll(".pile-play")) {
      const from = seatBox(Number(fig.dataset.seat));
      for (const card of fig.querySelectorAll(".table-card")) flyFrom(card, from, { fade: true });
    }
  }

  function removeGhost(show = true) {
    if (!ghost) return;
    clearTimeout(ghost.timer);
    for (const a of ghost.el.getAnimations({ subtree: true })) a.cancel();
    ghost.el.remove();
    ghost = null;
    fitRing(ring);
    if (show) reveal();
    else centre.classList.remove("under-ghost");
  }

  function sweepGhost() {
    if (!ghost || ghost.phase !== "hold") return;
    clearTimeout(ghost.timer);
    ghost.phase = "sweep";
    ghost.el.classList.add("sweeping");
    if (!motionWanted()) {
      removeGhost();
      return;
    }
    const target = ghost.to === null ? null : seatBox(ghost.to);
    const box = ring.getBoundingClientRect();
    const moves = [];
    for (const card of ghost.el.querySelectorAll(".table-card")) {
      const r = card.getBoundingClientRect();
      const c = centreOf(r);
      const end = target ? centreOf(target) : { x: box.right + r.width, y: c.y - r.height };
      const turn = target ? 0 : 35;
      moves.push(
        card.animate(
          [
            { transform: "none", opacity: 1 },
            { transform: `translate(${end.x - c.x}px, ${end.y - c.y}px) rotate(${turn}deg) scale(.35)`, opacity: 0.15 },
          ],
          { duration: SWEEP_MS, easing: "cubic-bezier(.5,0,.7,.4)", fill: "forwards" },
        ).finished,
      );
    }
    ghost.el.querySelector(".ghost-label")?.animate([{ opacity: 1 }, { opacity: 0 }], { duration: SWEEP_MS / 2, fill: "forwards" });
    const mine = ghost;
    Promise.allSettled(moves).then(() => {
      if (ghost === mine) removeGhost();
    });
  }

  function showGhost(sweep, { nameOf, style }) {
    removeGhost(false);
    const label =
      sweep.to === null ? t("motion.out_of_play") : t(sweep.event === "trick" ? "motion.takes_trick" : "motion.takes_pile", { name: nameOf(sweep.to) });
    const el = h(
      "div",
      {
        class: "centre trick-ghost",
        dataset: { event: sweep.event, to: sweep.to === null ? "" : String(sweep.to) },
        title: t("motion.tap_to_skip"),
        onclick: () => sweepGhost(),
      },
      h("p", { class: "ghost-label" }, label),
      playsRow({ kind: "trick", plays: sweep.plays }, nameOf, style, sweep.winner),
    );
    el.setAttribute("aria-hidden", "true");
    ring.append(el);
    fitRing(ring);
    centre.classList.add("under-ghost");
    ghost = { el, phase: "hold", to: sweep.to, shown: performance.now(), timer: setTimeout(() => sweepGhost(), HOLD_MS[pace()]) };
    return el;
  }

  /** Your turn came with cards laid under the held trick (the next trick's lead): the held trick leaves once it has
   * shown for half its pause, so what was led is in sight while you choose. */
  function yieldGhost() {
    if (!ghost || ghost.phase !== "hold") return;
    clearTimeout(ghost.timer);
    const left = ghost.shown + HOLD_MS[pace()] / 2 - performance.now();
    ghost.timer = setTimeout(() => sweepGhost(), Math.max(0, left));
  }

  /** The deal: a card back's worth of space in the middle, from which the seats' backs and your new cards come,
   * one after another round the table. Every card of a new hand is dealt, even one you held in the last hand (the
   * snapshot before may still show your last card, and the new deal may give you the same card again). */
  function deal() {
    const middle = centreOf(centre.getBoundingClientRect());
    const from = { left: middle.x - 15, top: middle.y - 21, width: 30, height: 42 };
    const seats = [...ring.querySelectorAll(".seat .mini-fan")];
    const cards = [...(hand?.querySelectorAll(".card[data-card]") || [])];
    let step = 0;
    for (const fan of seats) flyFrom(fan, from, { fade: true, delay: DEAL_STEP_MS * step++ });
    for (const el of cards) flyFrom(el.querySelector("svg") || el, from, { fade: true, delay: DEAL_STEP_MS * step++ });
  }

  /**
   * Animate what changed: `before` from `capture()`, `fresh` the snapshot's new events, `prevTable` the table of
   * the snapshot before, `newHand` whether this snapshot is of a later hand than that one (its deal is dealt out
   * even when the deal's event is no longer among the recent events it carries), `view` this snapshot's view, `me`
   * your seat (null for a spectator), `myTurn` whether you may act now.
   */
  function update(before, { fresh, prevTable, newHand = false, view, game, me: mySeat, myTurn = false, nameOf, style }) {
    const plan = planMotion(fresh, prevTable, game, view?.last_trick);
    const sources = sourcesOf(plan, before, mySeat);
    const swept = Boolean(plan.sweep?.plays.length);
    if (swept) showGhost(plan.sweep, { nameOf, style });
    if (myTurn && plan.later.length) yieldGhost();
    if (!motionWanted()) return plan;
    flyTable(before, sources, swept);
    if (plan.dealt || newHand) deal();
    else shiftHand(before);
    return plan;
  }

  /** Where each card played comes from: its place in your hand before (your own), else its player's seat box. */
  function sourcesOf(plan, before, mySeat) {
    const sources = new Map();
    for (const play of plan.plays) {
      for (const card of play.cards.filter(Boolean)) {
        const fromHand = play.seat === mySeat ? before.hand.get(card) : null;
        sources.set(card, fromHand || seatBox(play.seat));
      }
    }
    return sources;
  }

  /** The table's cards (and the held trick's, when one was swept) move from where they lay, or fly in from their
   * player. */
  function flyTable(before, sources, swept) {
    const layers = ghost && swept ? [ghost.el] : [];
    if (!centre.classList.contains("under-ghost")) layers.push(centre);
    for (const layer of layers) {
      for (const el of layer.querySelectorAll(".table-card[data-card]")) {
        const card = el.dataset.card;
        const old = before.centre.get(card) || before.ghost.get(card);
        if (old) flyFrom(el, old, { duration: SHIFT_MS });
        else if (sources.has(card)) flyFrom(el, sources.get(card), { fade: true });
      }
    }
  }

  /** The cards left in your hand slide to their new places. */
  function shiftHand(before) {
    for (const el of hand?.querySelectorAll(".card[data-card]") || []) {
      const old = before.hand.get(el.dataset.card);
      const face = el.querySelector("svg");
      if (old && face) flyFrom(face, old, { duration: SHIFT_MS });
    }
  }

  return {
    capture,
    update,
    /** End the pause on a finished trick now (a tap, or you acted). */
    skip: () => sweepGhost(),
    /** Drop every animation and the ghost (a new table, a reconnect). */
    reset: () => removeGhost(),
    active: () => ghost !== null,
  };
}
