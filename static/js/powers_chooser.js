// Your power's controls in the character game (Cosmic Eidex), made of the legal actions, never of the rules: a
// power's button, the chooser that narrows its actions step by step (a player, a card of your hand or the trick or
// any, a suit, a number, a word), and the answers a power asks of you; drawn into the action row by the table's
// plug-in plan (plugins.js).

import { cardLabel, cardSvg } from "./cards.js";
import { h } from "./dom.js";
import { lookup, t } from "./i18n.js";
import { ANSWERS, answersIn, cardSource, chooserState, nextSeat, nextStep, numberRange, powerLabel, powersIn, tokenLabel } from "./powers.js";
import { castOf, characterName, decorateSeats } from "./powers_seats.js";
import { toast } from "./toast.js";

/** Up to this many actions of one power are offered as whole buttons; more are chosen step by step. */
const WHOLE = 4;
/** A number slot with up to this many values gets a button per value, else a number field. */
const NUMBER_BUTTONS = 8;

/** The open chooser: which power, the arguments chosen so far. Survives re-renders as long as its power is legal;
 * closed when you act, or with a word (`power.lapsed`) when the table moved on under it. */
let chooser = null;
/** Close the chooser (called when you act). */
export function closePowers() {
  chooser = null;
}

/** A step's question: a power's own (`power.ask.<name>.<slot>`), else the kind's. */
function askText(name, step, extra = {}) {
  const own = `power.ask.${name}.${step.slot}`;
  if (lookup(own) !== undefined) return t(own, extra);
  if (step.kind === "card") return t(`power.ask.card_${extra.source || "grid"}`);
  return t(`power.ask.${step.kind}`, extra);
}

function button(label, attrs, onclick) {
  return h("button", { type: "button", class: "action", ...attrs, onclick }, label);
}

/** A grid of small card buttons by suit, for a card anywhere (not in your hand). */
function cardGrid(values, style, onPick, action = null) {
  const bySuit = new Map();
  for (const c of values) {
    const suit = c.slice(-1);
    if (!bySuit.has(suit)) bySuit.set(suit, []);
    bySuit.get(suit).push(c);
  }
  return h(
    "div",
    { class: "power-grid" },
    [...bySuit.values()].map((cards) =>
      h(
        "div",
        { class: "power-grid-row" },
        cards.map((c) =>
          h("button", {
            type: "button",
            class: "power-card",
            dataset: { card: c, ...(action ? { action: action(c) } : { powerStep: c }) },
            html: cardSvg(c, style),
            onclick: () => onPick(c),
          }),
        ),
      ),
    ),
  );
}

/** A number field with − and + (a long run of values: Radar 80-120, Differenzler 0-157), or a button per value. */
function numberControl(name, step, onPick) {
  if (step.values.length <= NUMBER_BUTTONS) {
    return step.values.map((v) => button(v, { dataset: { powerStep: v } }, () => onPick(v)));
  }
  const { min, max } = numberRange(step.values);
  const start = step.values.includes(String(Math.round((min + max) / 2))) ? Math.round((min + max) / 2) : Number(step.values[0]);
  const input = h("input", { type: "number", class: "power-number", min: String(min), max: String(max), step: "1", value: String(start), inputmode: "numeric", "aria-label": askText(name, step, { min, max }) });
  const nudge = (d) => {
    const v = Math.min(max, Math.max(min, (Number(input.value) || start) + d));
    input.value = String(v);
  };
  const submit = () => {
    const v = String(Math.round(Number(input.value)));
    if (!step.values.includes(v)) {
      input.setCustomValidity(t("power.number_bad", { min, max }));
      input.reportValidity();
      return;
    }
    onPick(v);
  };
  input.addEventListener("input", () => input.setCustomValidity(""));
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      submit();
    }
  });
  return h(
    "span",
    { class: "power-number-row" },
    button("−", { class: "action step", "aria-label": t("power.less") }, () => nudge(-1)),
    input,
    button("+", { class: "action step", "aria-label": t("power.more") }, () => nudge(1)),
    button(t("power.set"), { class: "action primary", dataset: { powerSet: name } }, submit),
  );
}

/** The open chooser's next step, else null; a chooser whose power is no longer legal is closed with a word. */
function chooserStep(cast, powers) {
  if (!chooser) return null;
  const state = chooserState(chooser, powers);
  if (!state.lapsed) return state.step;
  // Not silently: the player was in the middle of choosing and must know his choice can no longer be made.
  const ch = cast.find((c) => c.id === chooser.name) || { id: chooser.name };
  toast(t("power.lapsed", { power: characterName(ch) }), "lapsed");
  chooser = null;
  return null;
}

/**
 * Plan the character game's part of one render: the card actions the hand offers (a card to pick while the chooser
 * asks for one of your cards), the buttons left for the common action row, and `mount(...)` that draws the
 * characters by the seats, the answers a power asks of you and your power's controls. Outside the character game
 * it changes nothing.
 */
export function planPowers(snap, { cardActions, otherActions }, { act, rerender, nameOf, style }) {
  const cast = castOf(snap);
  if (!cast) return { cardActions, otherActions, tap: () => false, mount: () => {} };
  const view = snap.view;
  const extra = view.extra || {};
  const you = snap.you ?? null;
  const mine = cast.find((c) => c.seat === you) || null;
  const hand = view.hand || [];
  const trick = (view.table?.plays || []).flatMap((p) => p.cards || []);
  const powers = powersIn(snap.legal);
  const answers = answersIn(snap.legal);
  const rest = otherActions.filter((a) => a.verb !== "power" && !ANSWERS.has(a.verb));
  const inHand = cardActions.filter((a) => a.cards.every((c) => hand.includes(c)));
  const elsewhere = cardActions.filter((a) => !a.cards.every((c) => hand.includes(c)));
  const ctx = { nameOf, style };

  const step = chooserStep(cast, powers);
  // After each step the focus goes to the chooser's first control (or back to the power's button on Cancel).
  const focus = (...selectors) => {
    for (const sel of selectors) {
      const el = document.querySelector(sel);
      if (el) return el.focus({ preventScroll: true });
    }
  };
  const firstControl = [
    "#centre .pickable",
    '#actions:has(.power-chooser[data-source="hand"]) ~ #hand .card.legal',
    ".power-chooser .power-number",
    ".power-chooser button:not(.power-cancel)",
    ".power-chooser button",
  ];
  /** Send a move made through the power controls. Until the table's answer re-renders the page, those controls say
   * the move is on its way (`data-sent`, disabled): a second tap has nothing left to choose. */
  const send = (action) => {
    document.querySelectorAll("#actions .powers .power-chooser, #actions .powers .power-uses").forEach((el) => {
      el.dataset.sent = "true";
      el.setAttribute("aria-busy", "true");
      el.querySelectorAll("button, input").forEach((c) => {
        c.disabled = true;
      });
    });
    act(action);
  };
  const choose = (value) => {
    if (!chooser) return; // a second tap on a control of a chooser already used: its move is on its way
    const next = nextStep(chooser.name, powers.get(chooser.name), [...chooser.chosen, value]);
    if (next.done) send(next.done);
    else if (next.none) closeAndRender();
    else {
      chooser = { ...chooser, chosen: [...chooser.chosen, value] };
      rerender();
      focus(...firstControl);
    }
  };
  const closeAndRender = () => {
    const name = chooser?.name;
    chooser = null;
    rerender();
    if (name) focus(`.powers [data-power="${CSS.escape(name)}"]`);
  };
  const open = (name) => {
    const first = nextStep(name, powers.get(name), []);
    if (first.done) send(first.done);
    else {
      chooser = { name, chosen: [] };
      rerender();
      focus(...firstControl);
    }
  };

  const source = step && step.kind === "card" ? cardSource(step.values, hand, trick) : null;
  const pickCards = source === "hand" || source === "trick" ? new Set(step.values) : null;
  const handActions =
    source === "hand"
      ? step.values.map((c) => ({ action: `power ${chooser.name} ${[...chooser.chosen, c].join(" ")}`, verb: "power", cards: [c] }))
      : inHand;

  function tap(card) {
    if (!pickCards) return false;
    if (pickCards.has(card)) choose(card);
    else {
      chooser = null; // playing on dismisses the chooser
      return false;
    }
    return true;
  }

  function chooserBlock() {
    const name = chooser.name;
    const ch = cast.find((c) => c.id === name) || mine || { id: name };
    const parts = [];
    const options = powers.get(name);
    if (!chooser.chosen.length && options.length <= WHOLE) {
      parts.push(...options.map((o) => button(powerLabel(ch, o.args, ctx), { class: "action primary", dataset: { action: o.action } }, () => send(o.action))));
    } else {
      const { min, max } = step.kind === "number" ? numberRange(step.values) : {};
      parts.push(h("span", { class: "power-ask" }, askText(name, step, { min, max, source })));
      if (step.bare) parts.push(button(powerLabel(ch, chooser.chosen, ctx), { class: "action primary", dataset: { action: step.bare } }, () => send(step.bare)));
      if (step.kind === "card" && source === "grid") parts.push(cardGrid(step.values, style, choose));
      else if (step.kind === "number") parts.push(numberControl(name, step, choose));
      else if (step.kind !== "card") {
        parts.push(...step.values.map((v) => button(tokenLabel(name, step.slot, v, ctx), { dataset: { powerStep: v } }, () => choose(v))));
      }
    }
    parts.push(button(t("power.cancel"), { class: "action power-cancel" }, closeAndRender));
    // what was chosen at the steps before ("Re-valuer · K♠ · Make it:"), so the step asked reads in full
    const chosen = chooser.chosen.map((v, i) => h("span", { class: "power-chosen" }, tokenLabel(name, i, v, ctx)));
    return h("div", { class: "power-chooser", dataset: { power: name, source: source || "" } }, h("strong", { class: "power-title" }, characterName(ch)), ...chosen, ...parts);
  }

  /** The question a power puts to you, in words (`power.prompt.<kind>`), when you are among its answerers. */
  function promptLine() {
    const prompt = extra.prompt;
    if (!prompt || you === null || !(prompt.seats || []).includes(you)) return null;
    const owner = cast.find((c) => c.seat === prompt.owner);
    const [first, second] = [nextSeat(prompt.owner, extra.direction || 1), nextSeat(prompt.owner, -(extra.direction || 1))];
    const shy = extra.private?.shy?.card;
    const key = lookup(`power.prompt.${prompt.kind}`) === undefined ? "power.prompt.other" : `power.prompt.${prompt.kind}`;
    return h(
      "p",
      { class: "power-prompt", dataset: { prompt: prompt.kind } },
      t(key, { owner: nameOf(prompt.owner), power: characterName(owner), card: shy ? cardLabel(shy, style) : "", first: nameOf(first), second: nameOf(second) }),
    );
  }

  function mount({ actions, ring, me, centre }) {
    decorateSeats(cast, { ring, me, nameOf, style, you });
    const blocks = [];
    const prompt = promptLine();
    if (prompt) blocks.push(prompt);
    // Answers that are not cards of your hand: Zombie's card back from your last trick.
    if (elsewhere.length) {
      const cards = elsewhere.map((a) => a.cards[0]);
      blocks.push(cardGrid(cards, style, (c) => act(elsewhere.find((a) => a.cards[0] === c).action), (c) => elsewhere.find((a) => a.cards[0] === c).action));
    }
    const consent = answers.filter((a) => a !== "decline");
    if (consent.length) {
      blocks.push(h("div", { class: "power-answers" }, consent.map((a) => button(t(`power.answer.${a}`), { class: `action${a === "accept" ? " primary" : ""}`, dataset: { action: a } }, () => act(a)))));
    }
    if (chooser && step) blocks.push(chooserBlock());
    else if (powers.size) {
      // A window asks now, or Laser waits for your power before he draws your first lead blind: use it or not.
      const window = answers.includes("decline");
      const uses = [...powers.entries()].flatMap(([name, options]) => {
        const ch = cast.find((c) => c.id === name) || { id: name };
        // A window asks now: a few whole choices are offered at once (Computer's +5 / -5, Dealer's partners).
        if (window && options.length <= WHOLE && options.some((o) => o.args.length)) {
          return options.map((o) => button(powerLabel(ch, o.args, ctx), { class: "action primary", dataset: { action: o.action } }, () => send(o.action)));
        }
        return [button(t("power.use", { power: characterName(ch) }), { class: `action power-use${window ? " primary" : ""}`, dataset: { power: name } }, () => open(name))];
      });
      blocks.push(
        h(
          "div",
          { class: `power-uses${window ? " window" : ""}` },
          window ? h("span", { class: "power-ask" }, t("power.window")) : null,
          uses,
          window ? button(t("power.decline"), { class: "action", dataset: { action: "decline" } }, () => send("decline")) : null,
        ),
      );
    } else if (answers.includes("decline")) {
      blocks.push(button(t("power.decline"), { class: "action", dataset: { action: "decline" } }, () => act("decline")));
    }
    if (blocks.length) actions.append(h("div", { class: "powers", role: "group", "aria-label": t("power.group") }, blocks));
    if (pickCards && source === "trick" && centre) markTrick(centre, pickCards, choose);
  }

  return { cardActions: handActions, otherActions: rest, tap, mount };
}

/** Make the trick's cards that may be chosen into buttons (tap, Enter or Space). */
function markTrick(centre, cards, onPick) {
  centre.querySelectorAll(".table-card[data-card]").forEach((el) => {
    const card = el.dataset.card;
    if (!cards.has(card)) return;
    el.classList.add("pickable");
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.addEventListener("click", () => onPick(card));
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onPick(card);
      }
    });
  });
}
