// What a tap on a card of your hand does: pure logic (no DOM), used by table.js and unit-tested in tests/js.

/** How a tap on `card` behaves: "play" at once, "select" (part of a multi-card play) or "explain". A card whose
 * only legal action is a single-card play is played; a card in a multi-card action always selects, so a card
 * that could also start a cover is never played by accident; a card in no legal action asks why not. */
export function tapKind(card, cardActions) {
  const mine = cardActions.filter((a) => a.cards.includes(card));
  if (!mine.length) return "explain";
  const single = mine.filter((a) => a.cards.length === 1);
  return single.length === 1 && mine.length === 1 ? "play" : "select";
}

/** The outcome of a tap, given the card actions of `splitActions` and the cards selected so far (in tap order):
 * `{kind: "play", action}` to send, `{kind: "select", selection}` the new selection (the card added, or removed
 * when it was selected), or `{kind: "explain", action}` to ask the server why that card may not be played. */
export function tapOutcome(card, cardActions, selection = []) {
  const kind = tapKind(card, cardActions);
  if (kind === "play") return { kind, action: cardActions.find((a) => a.cards.includes(card)).action };
  if (kind === "select") {
    return { kind, selection: selection.includes(card) ? selection.filter((c) => c !== card) : [...selection, card] };
  }
  return { kind, action: `${cardActions[0]?.verb || "play"} ${card}` };
}
