// Legal actions split into card plays (every argument a card) and the rest, and their button labels.

import { cardLabel, isCard, suitName } from "./cards.js";
import { t } from "./i18n.js";

/** An action's text split into its verb and arguments: "cover 7S 9S" → `{verb: "cover", args: ["7S", "9S"]}`. */
export function parseAction(action) {
  const [verb = "", ...args] = String(action).trim().split(/\s+/);
  return { verb, args };
}

/** `{cardActions: [{action, verb, cards}], otherActions: [{action, verb, args}]}` of a legal-action list. */
export function splitActions(legal) {
  const cardActions = [];
  const otherActions = [];
  for (const action of legal || []) {
    const { verb, args } = parseAction(action);
    if (args.length && args.every(isCard)) cardActions.push({ action, verb, cards: args });
    else otherActions.push({ action, verb, args });
  }
  return { cardActions, otherActions };
}

function argText(arg, style) {
  if (isCard(arg)) return cardLabel(arg, style);
  if (/^[CDHS]$/.test(arg)) return `${t(`suit.symbol.${arg}`)} ${suitName(arg, style)}`;
  const key = `arg.${arg.toLowerCase()}`;
  const text = t(key);
  return text === key ? arg : text;
}

/** A button's text for an action: "Take the pile", "Bid 8 ♠ spades", "Play 8♠ 9♠". */
export function actionLabel(action, style = "french") {
  const { verb, args } = parseAction(action);
  const key = `action.${verb}`;
  const text = t(key, { args: args.map((a) => argText(a, style)).join(" ") });
  return text === key ? action : text.trim();
}

/** True when `a` and `b` hold the same cards, in any order. */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const rest = [...b];
  for (const card of a) {
    const i = rest.indexOf(card);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** The card actions a selection (in the order tapped) makes: the exact order first, else any order. */
export function matchSelection(cardActions, selection) {
  if (!selection.length) return [];
  const exact = cardActions.filter((a) => a.cards.join(" ") === selection.join(" "));
  return exact.length ? exact : cardActions.filter((a) => sameCards(a.cards, selection));
}
