// The character game at the table (Cosmic Eidex): each seat's character card, your own power's controls (made of
// the legal actions, never of the rules), the answers a power asks of you, and the log's words for powers.
//
// The first half is pure (no DOM, unit-tested in tests/js/powers.test.mjs): which legal actions belong to a power
// and how a choice made step by step (a player, a card, a suit, a number, a word) narrows them to one action.

import { isCard, cardLabel, cardSvg, rankIndex, suitIcon, suitName } from "./cards.js";
import { h } from "./dom.js";
import { catalogLang, lookup, t } from "./i18n.js";
import { actionLabel, parseAction } from "./actions.js";
import { toast } from "./toast.js";

/** FORMAT.md's notation: the arguments of these powers that are seats (`power dealer SEAT`), by position. Every
 * other number is a number (Radar's limit, Differenzler's points, Quizmaster's "at least N"). */
const SEAT_SLOTS = { dealer: [0], voyeur: [0], quizmaster: [0], shy: [0], farbenfreund: [0], fursorge: [0], fledderer: [0] };
/** Verbs that answer a power's question (FORMAT.md "Answers"); `take`, `give`, `show` are card actions. */
const ANSWERS = new Set(["accept", "refuse", "decline"]);
/** Up to this many actions of one power are offered as whole buttons; more are chosen step by step. */
const WHOLE = 4;
/** A number slot with up to this many values gets a button per value, else a number field. */
const NUMBER_BUTTONS = 8;
/** Letters in a character name's longest word beyond which a seat's badge sets it smaller (a phone's seat box holds
 * about eight of the widest). */
const LONG_NAME = 8;

/** The catalog key of a word argument: "+5" → "plus5", "-" → "minus", "high" → "high". */
export function wordKey(word) {
  return String(word).replace(/^\+/, "plus").replace(/^-/, "minus");
}

/** What an argument of power `name` at `index` is: "seat", "card", "suit", "number" or "word". */
export function tokenKind(name, index, token) {
  if (isCard(token)) return "card";
  if (/^[CDHS]$/.test(token)) return "suit";
  if (/^\d+$/.test(token)) return (SEAT_SLOTS[name] || []).includes(index) ? "seat" : "number";
  return "word";
}

/** The power actions of a legal list by power name: `Map(name → [{action, args}])`, `args` after the name. */
export function powersIn(legal) {
  const out = new Map();
  for (const action of legal || []) {
    const { verb, args } = parseAction(action);
    if (verb !== "power" || !args.length) continue;
    const [name, ...rest] = args;
    if (!out.has(name)) out.set(name, []);
    out.get(name).push({ action, args: rest });
  }
  return out;
}

/** The answers among the legal actions (accept, refuse, decline), in the engine's order. */
export function answersIn(legal) {
  return (legal || []).filter((a) => ANSWERS.has(parseAction(a).verb));
}

/**
 * The next step of choosing one of `options` (`[{action, args}]` of one power) after the arguments `chosen`:
 * `{done}` when the choice names exactly one action; else `{slot, kind, values, bare}`: the argument's position,
 * its kind (tokenKind of the first value), the distinct values in the engine's order, and `bare`, the action that
 * stops here if there is one (Korrektor's plain `power korrektor` beside `power korrektor lead`). `{none: true}`
 * when no option starts with `chosen` any more.
 */
export function nextStep(name, options, chosen = []) {
  const left = options.filter((o) => chosen.every((c, i) => o.args[i] === c));
  if (!left.length) return { none: true };
  const bare = left.find((o) => o.args.length === chosen.length) || null;
  const longer = left.filter((o) => o.args.length > chosen.length);
  if (!longer.length) return { done: bare.action };
  const slot = chosen.length;
  const values = [...new Set(longer.map((o) => o.args[slot]))];
  const kinds = new Set(values.map((v) => tokenKind(name, slot, v)));
  const kind = kinds.size === 1 ? [...kinds][0] : "word";
  return { slot, kind, values, bare: bare ? bare.action : null, left };
}

/**
 * Where an open chooser (`{name, chosen}`) stands against the legal actions now (`powers`, as powersIn gives them):
 * `{step}`, its next step, while some action of its power still starts with the arguments chosen; else
 * `{lapsed: true}`: the table moved on under it (the hand ended, a window passed, the turn went on) and the power is
 * no longer to be had this way. A new snapshot by itself (a bot's any-time power, a chat line) never lapses it.
 */
export function chooserState(chooser, powers) {
  const options = powers.get(chooser.name);
  if (!options) return { lapsed: true };
  const step = nextStep(chooser.name, options, chooser.chosen);
  return step.none || step.done ? { lapsed: true } : { step };
}

/** Where a card argument is chosen: "hand" when every value is in the hand, "trick" when every value lies in the
 * trick, else "grid" (a card anywhere: Fahnder, Umwerter, Wünschelrute, Quizmaster). */
export function cardSource(values, hand = [], trick = []) {
  if (values.every((c) => hand.includes(c))) return "hand";
  if (values.every((c) => trick.includes(c))) return "trick";
  return "grid";
}

/** Whether a list of number values is a run (every integer from the lowest to the highest). */
export function numberRange(values) {
  const nums = values.map(Number).sort((a, b) => a - b);
  return { min: nums[0], max: nums[nums.length - 1], run: nums.every((n, i) => i === 0 || n === nums[i - 1] + 1) };
}

/** The arguments of a Quizmaster question ("atleast 5 D") as a catalog message: `{key, params}`. */
export function questionParts(question) {
  const [kind, ...rest] = String(question).split(/\s+/);
  if (kind === "card") return { key: "power.question.card", params: { card: rest[0] } };
  if (kind === "suit") return { key: "power.question.suit", params: { suit: rest[0] } };
  if (kind === "atleast") return { key: "power.question.atleast", params: { n: Number(rest[0]), suit: rest[1] } };
  return { key: "power.question.trump", params: {} };
}

/** The seat that follows `seat` in the direction of play (+1 or -1) at a table of `players`. */
export function nextSeat(seat, direction = 1, players = 3) {
  return (((seat + direction) % players) + players) % players;
}

// ---- words ----------------------------------------------------------------------------------------------------

/** The length of the longest word in `text`. */
export function longestWord(text) {
  return Math.max(0, ...String(text).split(/[\s-]+/).map((w) => w.length));
}

/** A character's name in the reader's language (`char.<id>.name`), else the view's own names. */
export function characterName(ch) {
  if (!ch) return "";
  const key = `char.${ch.id}.name`;
  if (lookup(key) !== undefined) return t(key);
  return ch.name?.[catalogLang()] || ch.name?.en || ch.id;
}

function suitText(suit, style) {
  // Eidex's own suits have their own pips: their name alone, not a French symbol beside it
  return style === "eidex" ? suitName(suit, style) : `${t(`suit.symbol.${suit}`)} ${suitName(suit, style)}`;
}

/** One argument in words: a seat's name, a card, a suit, a number or a word of the catalog. */
export function tokenLabel(name, index, token, { nameOf, style }) {
  const kind = tokenKind(name, index, token);
  if (kind === "seat") return nameOf(Number(token));
  if (kind === "card") return cardLabel(token, style);
  if (kind === "suit") return suitText(token, style);
  if (kind === "number") return token;
  const key = `power.word.${wordKey(token)}`;
  return lookup(key) === undefined ? token : t(key);
}

/** A whole power action in words: its catalog phrase (`power.do.<name>`) around its arguments, else "Use X". */
export function powerLabel(ch, args, ctx) {
  const name = ch?.id;
  const power = characterName(ch);
  if (!args.length) return t("power.use", { power });
  const text = args.map((a, i) => tokenLabel(name, i, a, ctx)).join(" ");
  const key = `power.do.${name}`;
  return lookup(key) === undefined ? `${power}: ${text}` : t(key, { args: text, power });
}

/** A move in words (a hint's): a power by its phrase (:func:`powerLabel`, its character found in `characters`, the
 * view's cast), any other move by `actionLabel`. */
export function moveLabel(action, { characters = [], nameOf, style }) {
  const { verb, args } = parseAction(action);
  if (verb !== "power" || !args.length) return actionLabel(action, style);
  const ch = characters.find((c) => c.id === args[0]) || { id: args[0] };
  return powerLabel(ch, args.slice(1), { nameOf, style });
}

const EVENT_TEXT = {
  farbenfreund: (e) => (e.lapsed ? "event.power.farbenfreund.lapsed" : "event.power.farbenfreund"),
  kompass: (e) => (e.direction === -1 ? "event.power.kompass.reverse" : "event.power.kompass.forward"),
  laser: (e) => (e.card ? "event.power.laser.lead" : "event.power.laser"),
  sphinx: (e) => (e.suit ? "event.power.sphinx.suit" : "event.power.sphinx"),
  jackpot: (e) => (e.donated ? "event.power.jackpot.donated" : "event.power.jackpot"),
  umwerter: (e) => (e.way === "low" ? "event.power.umwerter.low" : "event.power.umwerter.high"),
  weisheit: (e) => (e.sign ? `event.power.weisheit.${wordKey(e.sign)}` : "event.power.weisheit"),
  computer: (e) => (e.delta < 0 ? "event.power.computer.minus" : "event.power.computer.plus"),
};

/** The numbers a power's event may carry, as its line's parameters ("" when absent). */
const POWER_NUMBERS = ["number", "limit", "points", "tricks", "seen"];

/** The parameters of a power's log line, from the event's public arguments. */
function powerParams(event, { nameOf, style }) {
  // A card the reader may not see arrives redacted (null): it reads as "a card".
  const card = (c) => (c ? cardLabel(c, style) : t("power.hidden_card"));
  const seatOr = (seat) => (seat === undefined ? "" : nameOf(seat));
  const question = event.question ? questionParts(event.question) : null;
  return {
    seat: nameOf(event.seat),
    power: characterName({ id: event.name }),
    target: seatOr(event.target),
    leader: seatOr(event.leader),
    card: "card" in event ? card(event.card) : "",
    cards: (event.cards || []).map(card).join(" "),
    suit: event.suit ? suitText(event.suit, style) : "",
    ...Object.fromEntries(POWER_NUMBERS.map((k) => [k, event[k] ?? ""])),
    question: question ? questionText(question, style) : "",
    answer: event.answer === undefined ? "" : t(event.answer ? "power.answer.yes" : "power.answer.no"),
  };
}

/** The log lines of the character game's other events: the offers and answers of a power, the characters drawn. */
const EIDEX_TEXT = {
  offer: (e, { seat, nameOf, powerOf }) => t("event.eidex.offer", { seat, target: nameOf(e.target), power: powerOf(e.seat, e.name) }),
  accept: (e, { seat }) => t("event.eidex.accept", { seat }),
  refuse: (e, { seat }) => t("event.eidex.refuse", { seat }),
  give: (e, { seat, nameOf }) => t("event.eidex.give", { seat, to: nameOf(e.to) }),
  show: (e, { seat, nameOf }) => t("event.eidex.show", { seat, to: nameOf(e.to), n: e.count ?? 5 }),
  take: (e, { seat }) => t(e.face_down ? "event.eidex.take_face_down" : "event.eidex.take", { seat }),
  characters: (e, { nameOf, characters }) =>
    t("event.eidex.characters", {
      list: (e.cards || []).map((c, s) => `${nameOf(s)} — ${characterName(characters.find((x) => x.seat === s)) || c}`).join(", "),
    }),
};

/** The log line of a character-game event (`power`, the answers to a power, the characters drawn), or null for
 * any other event, which the common log describes. Only the event's public arguments are used. */
export function describePower(event, { game, nameOf, style, characters = [] }) {
  if (game !== "eidex" || !event) return null;
  if (event.event === "power") {
    const key = EVENT_TEXT[event.name]?.(event) || `event.power.${event.name}`;
    const params = powerParams(event, { nameOf, style });
    return lookup(key) === undefined ? t("event.power.other", params) : t(key, params);
  }
  if (!Object.hasOwn(EIDEX_TEXT, event.event)) return null;
  const powerOf = (seat, id) => characterName(characters.find((c) => c.seat === seat) || (id ? { id } : null));
  return EIDEX_TEXT[event.event](event, { seat: nameOf(event.seat), nameOf, powerOf, characters });
}

/** A Quizmaster question in words ("Do you hold A♥?"). */
export function questionText({ key, params }, style) {
  return t(key, {
    n: params.n ?? "",
    card: params.card ? cardLabel(params.card, style) : "",
    suit: params.suit ? suitText(params.suit, style) : "",
  });
}

// ---- the page (DOM) -------------------------------------------------------------------------------------------

/** The open chooser: which power, the arguments chosen so far. Survives re-renders as long as its power is legal;
 * closed when you act, or with a word (`power.lapsed`) when the table moved on under it. */
let chooser = null;
/** The seat whose character card shows its power's text after a tap (hover and focus show it too). */
let openTip = null;

/** Close the chooser (called when you act). */
export function closePowers() {
  chooser = null;
}

/** The characters of a view's extra, or null outside the character game. */
function castOf(snap) {
  const list = snap?.view?.extra?.characters;
  return Array.isArray(list) && list.length ? list : null;
}

/** Whether the page closes an open character card's text on a tap elsewhere (listening since the first card). */
let closesTips = false;

/** Close the character card's text opened by a tap (Escape, or a tap anywhere else). */
function closeTip() {
  openTip = null;
  for (const wrap of document.querySelectorAll(".char.open")) {
    wrap.classList.remove("open");
    wrap.querySelector(".char-badge")?.setAttribute("aria-expanded", "false");
  }
}

/** A tap outside every character card closes the one open. */
function closeTipOutside(e) {
  if (openTip !== null && !e.target.closest?.(".char")) closeTip();
}

/** A character's card: its name in the reader's language, the booklet's German name beside it when it differs, and
 * its power's text on hover, focus or tap. */
export function characterBadge(ch, { nameOf, style, you = null }) {
  const local = characterName(ch);
  const german = ch.name?.de || "";
  if (!closesTips) {
    document.addEventListener("pointerdown", closeTipOutside);
    closesTips = true;
  }
  const tipId = `char-tip-${ch.seat}`;
  const owner = nameOf(ch.seat);
  const wrap = h("span", { class: `char${openTip === ch.seat ? " open" : ""}${ch.active === false ? " inactive" : ""}`, dataset: { seat: String(ch.seat), char: ch.id } });
  const badge = h(
    "button",
    {
      type: "button",
      class: "char-badge",
      "aria-expanded": String(openTip === ch.seat),
      "aria-describedby": tipId,
      onclick: () => {
        openTip = openTip === ch.seat ? null : ch.seat;
        wrap.classList.toggle("open", openTip === ch.seat);
        badge.setAttribute("aria-expanded", String(openTip === ch.seat));
      },
      onkeydown: (e) => {
        if (e.key === "Escape" && openTip === ch.seat) closeTip();
      },
    },
    h("span", { class: "char-card", "aria-hidden": "true", html: `${rankIndex(ch.rank)}${suitIcon(ch.suit, style, 12)}` }),
    h("span", { class: `char-name${longestWord(local) > LONG_NAME ? " long" : ""}` }, local),
    german && german !== local ? h("span", { class: "char-de", lang: "de" }, german) : null,
    h("span", { class: "sr-only" }, t(ch.seat === you ? "power.badge.you" : "power.badge", { seat: owner })),
  );
  wrap.append(badge, characterTip(ch, local, german, tipId));
  return wrap;
}

/** A character card's text: its names, its power's effect, whether it is inactive, how many uses are left. */
function characterTip(ch, local, german, tipId) {
  const uses = ch.uses_left;
  return h(
    "span",
    { class: "char-tip", id: tipId, role: "tooltip" },
    h("strong", {}, local),
    german && german !== local ? [" ", h("span", { lang: "de", class: "char-de" }, `(${german})`)] : null,
    h("span", { class: "char-effect" }, t(`char.${ch.id}.effect`)),
    ch.active === false ? h("span", { class: "char-state" }, t("power.inactive")) : null,
    uses !== null && uses !== undefined ? h("span", { class: "char-state" }, uses > 0 ? t("power.uses_left", { n: uses }) : t("power.used_up")) : null,
  );
}

/** Put each seat's character card into its seat box on the ring and into your own seat line. */
function decorateSeats(cast, { ring, me, nameOf, style, you }) {
  for (const ch of cast) {
    const box = ch.seat === you || (you === null && ch.seat === 0) ? me?.querySelector(".me-line") : ring?.querySelector(`.seat[data-seat="${ch.seat}"]`);
    if (!box) continue;
    // The engine's tag naming the character (eidex.tag.character) says the same as the card: leave it out.
    const names = new Set([ch.name?.de, characterName(ch)].filter(Boolean));
    box.querySelectorAll(".chip").forEach((chip) => {
      if (names.has(chip.textContent.trim())) chip.remove();
    });
    const badge = characterBadge(ch, { nameOf, style, you });
    const names_ = box.querySelector(".seat-name");
    if (names_) names_.after(badge);
    else box.append(badge);
  }
}

/** The characters of a view by the seats, for a page without the table's controls (a replay). */
export function showCharacters(view, { ring, me, nameOf, style }) {
  const cast = castOf({ view });
  if (cast) decorateSeats(cast, { ring, me, nameOf, style, you: null });
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

/** What only you may see of the character game: cards another player showed you (Voyeur), cards revealed to you. */
export function privateBlock(extra, { snap, nameOf, style, miniCard }) {
  const priv = extra?.private || {};
  const line = (data, label, cards) =>
    h("span", { class: "pair power-private", dataset: { private: data } }, h("span", { class: "pair-label" }, label), " ", cards.map((c) => miniCard(c, style)));
  const parts = Object.entries(priv.voyeur || {}).map(([seat, cards]) => line("voyeur", t("power.private.voyeur", { seat: nameOf(Number(seat)) }), cards));
  const known = knownCards(priv, snap);
  if (known.length) parts.push(line("known", t("power.private.known"), known));
  return parts.length ? h("div", { class: "extra-grid power-privates" }, parts) : null;
}

/** The cards revealed to you that you do not see anyway: not in your hand, not shown by a Voyeur, not played. */
function knownCards(priv, snap) {
  const shown = new Set(Object.values(priv.voyeur || {}).flat());
  const hand = new Set(snap?.view?.hand || []);
  const played = new Set(snap?.view?.extra?.played || []);
  return (priv.known || []).filter((c) => !hand.has(c) && !shown.has(c) && !played.has(c));
}

/** The characters' public states worth a chip: `[key, data, params(ch, ctx) or null when the state does not hold]`. */
const STATE_CHIPS = [
  ["power.state.skat", "skat", (ch) => (ch.skat ? {} : null)],
  ["power.state.justice", "justice", (ch) => (ch.justice_tricks ? { n: ch.justice_tricks } : null)],
  ["power.state.schwarzpeter", "schwarzpeter", (ch) => (ch.declared ? {} : null)],
  ["power.state.guess", "guess", (ch, { nameOf }) => (ch.guess !== undefined && ch.guess !== null ? { seat: nameOf(ch.seat), n: ch.guess } : null)],
  [
    "power.state.weisheit",
    "weisheit",
    (ch, { style }) => (ch.shown?.length ? { cards: ch.shown.map((c) => cardLabel(c, style)).join(" "), points: ch.points ?? 0 } : null),
  ],
  [
    "power.state.jackpot",
    "jackpot",
    (ch, { style }) => (ch.seven_suit ? { card: cardLabel(`7${ch.seven_suit}`, style), n: (ch.jackpot || []).length + (ch.donated ? 1 : 0) } : null),
  ],
];

/** Public states of the characters worth a line: Skat called, Justice, Differenzler's announcement, Wisdom's cards,
 * the jackpot, a reversed direction, a changed limit. */
export function publicBlock(extra, { nameOf, style }) {
  const chips = [];
  const chip = (key, params, data) => h("span", { class: "chip power-state", dataset: { state: data } }, t(key, params));
  for (const ch of extra.characters || []) {
    const power = characterName(ch);
    for (const [key, data, params] of STATE_CHIPS) {
      const got = params(ch, { nameOf, style });
      if (got) chips.push(chip(key, { power, ...got }, data));
    }
  }
  if (extra.direction === -1) chips.push(chip("power.state.reversed", {}, "direction"));
  return chips.length ? h("div", { class: "extra-grid power-states" }, chips) : null;
}

