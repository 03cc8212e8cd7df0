// The character game at the table (Cosmic Eidex), its rules of choosing and its words (no DOM, unit-tested in
// tests/js/powers.test.mjs): which legal actions belong to a power and how a choice made step by step (a player, a
// card, a suit, a number, a word) narrows them to one action; the names of characters, choices and moves, and the
// log's words for powers. Its page parts: powers_seats.js (the character cards, the public and private lines),
// powers_chooser.js (your power's controls, the answers a power asks of you); games/eidex.js makes them Eidex's
// plug-in.

import { isCard, cardLabel, suitName } from "./cards.js";
import { lookup, t } from "./i18n.js";
import { actionLabel, parseAction } from "./actions.js";
import { characterName } from "./powers_seats.js";

// the character cards and their names, for the page's checks and the unit tests that import them from here
export { characterBadge, characterName, longestWord } from "./powers_seats.js";

/** FORMAT.md's notation: the arguments of these powers that are seats (`power dealer SEAT`), by position. Every
 * other number is a number (Radar's limit, Differenzler's points, Quizmaster's "at least N"). */
const SEAT_SLOTS = { dealer: [0], voyeur: [0], quizmaster: [0], shy: [0], farbenfreund: [0], fursorge: [0], fledderer: [0] };
/** Verbs that answer a power's question (FORMAT.md "Answers"); `take`, `give`, `show` are card actions. */
export const ANSWERS = new Set(["accept", "refuse", "decline"]);

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
