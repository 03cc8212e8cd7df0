// actions.js: how the engine's action strings become card plays and buttons (real legal lists from the engine).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { actionLabel, matchSelection, parseAction, splitActions } from "../../static/js/actions.js";
import { loadRealCatalog } from "./catalog.mjs";

before(() => loadRealCatalog("en"));

// Bank, at a seat that may lay the nine, or the eight with a card, and also draw or pass.
const BANK = ["play 9S", "play 8H 7H", "play 8H 9S", "draw", "pass"];
// Bailiff: cover the jack with two queens (three ways) or take the pile.
const BAILIFF = ["play JH QC QD", "play JH QC QS", "play JH QD QS", "play QC QD QS", "take"];
// Blot's auction: bids whose arguments are numbers and suits, never cards.
const BLOT = ["pass", "bid 8 C", "bid 10 H", "bid 25 S kaput", "contra"];

describe("parseAction", () => {
  it("splits an action into its verb and arguments", () => {
    assert.deepEqual(parseAction("bid 25 C kaput"), { verb: "bid", args: ["25", "C", "kaput"] });
    assert.deepEqual(parseAction("play JH QC QD"), { verb: "play", args: ["JH", "QC", "QD"] });
  });

  it("gives a bare verb no arguments", () => {
    assert.deepEqual(parseAction("take"), { verb: "take", args: [] });
  });
});

describe("splitActions", () => {
  it("puts card plays on the hand and everything else on buttons", () => {
    const { cardActions, otherActions } = splitActions(BANK);
    assert.deepEqual(
      cardActions.map((a) => a.cards),
      [["9S"], ["8H", "7H"], ["8H", "9S"]],
    );
    assert.deepEqual(otherActions.map((a) => a.action), ["draw", "pass"]);
  });

  it("keeps a bid of 10 hearts a button: 10 and H are not a card", () => {
    const { cardActions, otherActions } = splitActions(BLOT);
    assert.equal(cardActions.length, 0);
    assert.deepEqual(otherActions.map((a) => a.verb), ["pass", "bid", "bid", "bid", "contra"]);
  });

  it("has nothing to offer while it is not your turn", () => {
    assert.deepEqual(splitActions(undefined), { cardActions: [], otherActions: [] });
  });
});

describe("actionLabel", () => {
  it("reads each button in words, suits as symbol and name", () => {
    assert.equal(actionLabel("take"), "Take the pile");
    assert.equal(actionLabel("bid 8 C"), "Bid 8 ♣ clubs");
    assert.equal(actionLabel("bid 25 S kaput"), "Bid 25 ♠ spades kaput");
    assert.equal(actionLabel("play 8H 7H"), "Play 8♥ 7♥");
  });

  it("names Eidex suits in an Eidex table", () => {
    assert.equal(actionLabel("discard QS", "eidex"), "Lay face down Raven Q");
    assert.equal(actionLabel("play 10D", "eidex"), "Play Star 10");
  });

  it("shows an action it has no words for as the engine wrote it", () => {
    assert.equal(actionLabel("shuffle twice"), "shuffle twice");
  });
});

describe("matchSelection", () => {
  const bank = splitActions(BANK).cardActions;
  const bailiff = splitActions(BAILIFF).cardActions;

  it("offers the play the cards make, in the order tapped", () => {
    assert.deepEqual(matchSelection(bank, ["8H", "7H"]).map((a) => a.action), ["play 8H 7H"]);
  });

  it("accepts the cards tapped in another order when no play has that order", () => {
    assert.deepEqual(matchSelection(bank, ["7H", "8H"]).map((a) => a.action), ["play 8H 7H"]);
    assert.deepEqual(matchSelection(bailiff, ["QD", "JH", "QC"]).map((a) => a.action), ["play JH QC QD"]);
  });

  it("offers nothing for an incomplete cover or an empty selection", () => {
    assert.deepEqual(matchSelection(bailiff, ["JH", "QC"]), []);
    assert.deepEqual(matchSelection(bailiff, []), []);
  });
});
