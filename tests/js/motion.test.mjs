// motion.js planMotion: which cards a snapshot's new events bring to the table and which finished trick or pile
// leaves it, and for whom (events as the engines send them).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HOLD_MS, planMotion } from "../../static/js/motion.js";

const table = (...plays) => ({ kind: "trick", plays: plays.map(([seat, ...cards]) => ({ seat, cards })) });

describe("planning the motion of a snapshot", () => {
  it("flies a single played card in and sweeps nothing", () => {
    const plan = planMotion([{ event: "play", seat: 1, card: "KD" }], table([0, "KH"]), "ass");
    assert.deepEqual(plan.plays, [{ seat: 1, cards: ["KD"] }]);
    assert.equal(plan.sweep, null);
  });

  it("holds the whole trick for its winner when the last card completes it (Blot, Ass, Eidex)", () => {
    const fresh = [
      { event: "play", seat: 0, card: "10S" },
      { event: "trick", leader: 1, cards: [[1, "7S"], [2, "QC"], [3, "AS"], [0, "10S"]], winner: 3, points: 24 },
      { event: "play", seat: 3, card: "KH" },
    ];
    const plan = planMotion(fresh, table([1, "7S"], [2, "QC"], [3, "AS"]), "blot");
    assert.equal(plan.sweep.event, "trick");
    assert.equal(plan.sweep.to, 3);
    assert.equal(plan.sweep.winner, 3);
    assert.deepEqual(plan.sweep.plays.map((p) => p.cards[0]), ["7S", "QC", "AS", "10S"]);
    assert.deepEqual(plan.later, [{ seat: 3, cards: ["KH"] }], "the next lead lies on the table now");
    assert.equal(plan.plays.length, 2);
  });

  it("rebuilds a trick from the table and the plays when the event lists no cards", () => {
    const fresh = [{ event: "play", seat: 2, card: "9C" }, { event: "trick", winner: 2 }];
    const plan = planMotion(fresh, table([0, "6C"], [1, "7C"]), "ass");
    assert.deepEqual(plan.sweep.plays, [{ seat: 0, cards: ["6C"] }, { seat: 1, cards: ["7C"] }, { seat: 2, cards: ["9C"] }]);
  });

  it("keeps a face-down card as an unknown card", () => {
    const fresh = [
      { event: "play", seat: 1, card: null, face_down: true },
      { event: "trick", cards: [[0, "6H"], [1, null]], winner: 0 },
    ];
    const plan = planMotion(fresh, table([0, "6H"]), "eidex");
    assert.deepEqual(plan.sweep.plays[1], { seat: 1, cards: [null] });
  });

  it("sends Bailiff's taken pile to the taker, even when the snapshot hides its cards", () => {
    const fresh = [{ event: "take", seat: 1, count: 2, text: "Seat 1 takes the pile (2 cards)" }, { event: "lead", seat: 2 }];
    const plan = planMotion(fresh, { kind: "pile", plays: [{ seat: 2, cards: ["KS"] }, { seat: 0, cards: ["KC"] }] }, "bailiff");
    assert.equal(plan.sweep.event, "take");
    assert.equal(plan.sweep.to, 1);
    assert.deepEqual(plan.sweep.plays.flatMap((p) => p.cards), ["KS", "KC"]);
  });

  it("sends Bailiff's pile out of play after an ace, to no seat", () => {
    const fresh = [
      { event: "play", seat: 0, cards: ["AS"], move: "raise" },
      { event: "clear", seat: 0, cards: ["9D", "AS"], reason: "ace" },
    ];
    const plan = planMotion(fresh, { kind: "pile", plays: [{ seat: 2, cards: ["9D"] }] }, "bailiff");
    assert.equal(plan.sweep.to, null);
    assert.deepEqual(plan.sweep.plays.flatMap((p) => p.cards), ["9D", "AS"]);
  });

  it("gives Bank's won bank to its winner, from the last bank when the table is already clear", () => {
    const last = { kind: "pile", plays: [{ seat: 2, cards: ["7D", "10C"] }, { seat: 0, cards: ["10D"] }], winner: 0 };
    const plan = planMotion([{ event: "clear", seat: 0, cards: ["7D", "10C", "10D"], points: 20 }], null, "bank", last);
    assert.equal(plan.sweep.to, 0);
    assert.deepEqual(plan.sweep.plays, last.plays);
  });

  it("starts afresh at a new deal and does nothing without new events", () => {
    assert.deepEqual(planMotion([], table([0, "KH"]), "ass"), { plays: [], sweep: null, later: [], dealt: false });
    const plan = planMotion([{ event: "hand" }, { event: "deal", hand_no: 2 }, { event: "trick", winner: 1 }], table([0, "KH"]), "ass");
    assert.deepEqual(plan.sweep.plays, []);
    assert.equal(plan.dealt, true, "the cards come out to the seats");
    assert.equal(planMotion([{ event: "hand" }], table([0, "KH"]), "ass").dealt, false, "a hand's end deals nothing");
  });

  it("holds a finished trick longer at a slower pace", () => {
    assert.ok(HOLD_MS.fast < HOLD_MS.normal && HOLD_MS.normal < HOLD_MS.slow);
    assert.ok(HOLD_MS.normal >= 1200 && HOLD_MS.normal <= 2000, "about 1.5 s by default");
  });
});
