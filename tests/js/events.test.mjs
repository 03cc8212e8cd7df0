// events.js: the table log's lines.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { collapseRepeats, describeEvent } from "../../static/js/events.js";
import { speaker } from "../../static/js/i18n.js";
import { loadRealCatalog } from "./catalog.mjs";

before(() => loadRealCatalog("en"));

describe("collapseRepeats", () => {
  it("says a line repeated in a row once, with its count", () => {
    const bank = "A one-card bank is not taken by the player who laid it: Ann takes nothing.";
    assert.deepEqual(collapseRepeats(["Ann lays 7♥.", bank, bank, bank, "Bob lays 7♠."]), [
      ["Ann lays 7♥.", 1],
      [bank, 3],
      ["Bob lays 7♠.", 1],
    ]);
  });
  it("keeps the same line apart when something else was said between", () => {
    assert.deepEqual(collapseRepeats(["a", "b", "a"]), [["a", 1], ["b", 1], ["a", 1]]);
    assert.deepEqual(collapseRepeats([]), []);
  });
});

describe("a trick holding a face-down card (Eidex's Sphinx, rulings §1.9.2 #7)", () => {
  const nameOf = (seat) => ["Ann", "Bob", "Cid"][seat];
  it("says who takes it, not that it is worth 0, while its points are hidden", () => {
    const trick = { event: "trick", winner: 1, cards: [[0, "7S"], [1, null], [2, "8H"]], points: null };
    const line = describeEvent(trick, nameOf, "french");
    assert.match(line, /^Bob takes the trick/);
    assert.doesNotMatch(line, /\d/);
    assert.equal(describeEvent({ ...trick, points: 20 }, nameOf, "french"), "Bob takes the trick (20 points)");
  });
  it("tells the trick's points when the card is turned up", () => {
    const msg = { key: "eidex.event.face_up", n: 1, cards: { cards: ["JH"] }, points: 20 };
    const line = describeEvent({ event: "face_up", trick_no: 1, msg }, nameOf, "french", speaker({ names: ["Ann", "Bob", "Cid"] }));
    assert.match(line, /Trick 1: .*J.*20/);
  });
});
