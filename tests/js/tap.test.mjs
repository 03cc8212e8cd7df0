// tap.js: what tapping a card of your hand does (play it, select it for a multi-card play, or ask why not).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { splitActions } from "../../static/js/actions.js";
import { tapKind, tapOutcome } from "../../static/js/tap.js";

const cards = (legal) => splitActions(legal).cardActions;

describe("tapping a card", () => {
  it("plays a card at once when its only legal action is playing it alone", () => {
    const legal = cards(["play 7D", "play 9D", "play KD"]);
    assert.deepEqual(tapOutcome("9D", legal), { kind: "play", action: "play 9D" });
  });

  it("plays with the game's own verb (Eidex: lay a card face down)", () => {
    assert.deepEqual(tapOutcome("JS", cards(["discard JS", "discard 6H"])), { kind: "play", action: "discard JS" });
  });

  it("selects a card that is part of a multi-card play, even when it could be played alone", () => {
    // Bank: the nine may be laid alone or after the eight; the eight only with a card.
    const legal = cards(["play 9S", "play 8H 7H", "play 8H 9S", "draw"]);
    assert.equal(tapKind("9S", legal), "select");
    assert.equal(tapKind("8H", legal), "select");
    assert.deepEqual(tapOutcome("8H", legal, []), { kind: "select", selection: ["8H"] });
  });

  it("adds taps to the selection in order and a second tap takes a card back", () => {
    const legal = cards(["play JH QC QD", "play JH QC QS", "play JH QD QS", "take"]);
    assert.deepEqual(tapOutcome("QC", legal, ["JH"]).selection, ["JH", "QC"]);
    assert.deepEqual(tapOutcome("JH", legal, ["JH", "QC"]).selection, ["QC"]);
  });

  it("asks why a card in no legal action may not be played", () => {
    const legal = cards(["play 7D", "play 9D"]);
    assert.deepEqual(tapOutcome("AS", legal), { kind: "explain", action: "play AS" });
    assert.deepEqual(tapOutcome("6H", cards(["discard JS"])), { kind: "explain", action: "discard 6H" });
  });

  it("asks why when it is not your turn (no legal card actions at all)", () => {
    assert.deepEqual(tapOutcome("AS", cards(["take"])), { kind: "explain", action: "play AS" });
    assert.deepEqual(tapOutcome("AS", []), { kind: "explain", action: "play AS" });
  });
});
