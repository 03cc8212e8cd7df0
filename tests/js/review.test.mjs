// review.js: a player's line and a decision's cost in words, always with the interval; the costliest first.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { costText, costliest, markOf, summaryLine } from "../../static/js/review.js";
import { loadRealCatalog } from "./catalog.mjs";

const review = {
  unit: "points",
  worlds: 64,
  seats: { 0: { decisions: 24, reviewed: 24, matched: 15, costly: 3, given: 12.4, spread: 5.2, worst: 7.1 } },
  decisions: [
    { step: 3, seat: 0, verdict: "cost", cost: 2.2, spread: 1.1 },
    { step: 9, seat: 0, verdict: "cost", cost: 7.1, spread: 3.0 },
    { step: 11, seat: 0, verdict: "close", cost: 0.5, spread: 2.0 },
    { step: 14, seat: 0, verdict: "cost", cost: 3.1, spread: 1.5 },
    { step: 20, seat: 0, verdict: "cost", cost: 0.4, spread: 0.2 },
    { step: 21, seat: 1, verdict: "cost", cost: 30, spread: 2 },
  ],
};
const nameOf = (n) => ["Ann", "Bob"][n];

describe("the review in words", () => {
  it("says a player's decisions, his matches and the points given away with their interval", async () => {
    await loadRealCatalog("en");
    assert.equal(summaryLine(review, 0, nameOf), "Ann: 24 decisions, 15 as the Hard bot would play; about 12 points given away, give or take 5.");
    assert.equal(summaryLine(review, 0, nameOf, 0), "You: 24 decisions, 15 as the Hard bot would play; about 12 points given away, give or take 5.");
    assert.equal(costText("points", 12.4, 5.2), "About 12 points, give or take 5.");
    assert.equal(costText("banks", 0.13, 0.1), "About 0.1 banks, give or take 0.1.");
    await loadRealCatalog("ru");
    assert.equal(summaryLine(review, 0, nameOf), "Ann: 24 решения, 15 как у сильного бота; отдано около 12 очков, плюс-минус 5.");
    assert.equal(costText("points", 1, 0.4), "Около 1 очка, плюс-минус 0,4.");
  });

  it("lists a seat's three costliest decisions, the costliest first, and nobody else's", () => {
    assert.deepEqual(costliest(review, 0).map((e) => e.step), [9, 14, 3]);
    assert.deepEqual(costliest(review, 1).map((e) => e.step), [21]);
  });

  it("marks a decision the search could not separate, or where the bot did not search, as no verdict", () => {
    assert.deepEqual(["match", "cost", "close", "unsearched", "skipped"].map(markOf), ["match", "cost", "close", "close", "skipped"]);
  });
});
