import assert from "node:assert/strict";
import { test } from "node:test";

import { muchWorse } from "../../static/js/coach_check.js";

test("a kaput bid far below the coach's pass is much worse; a close second is not", () => {
  const values = { pass: 40, "bid 9C": 35, "bid 43D": -180 };
  assert.equal(muchWorse(values, "pass", "bid 43D"), true);
  assert.equal(muchWorse(values, "pass", "bid 9C"), false);
});

test("the coach's own move, a move not searched and noise are never much worse", () => {
  const values = { "play 7H": 50.02, "play 8H": 50 };
  assert.equal(muchWorse(values, "play 7H", "play 7H"), false);
  assert.equal(muchWorse(values, "play 7H", "play KH"), false);
  assert.equal(muchWorse(values, "play 7H", "play 8H"), false);
  assert.equal(muchWorse({}, "play 7H", "play 8H"), false);
});

test("a game won or lost (Bailiff's 1 and -1) counts", () => {
  assert.equal(muchWorse({ "take": 1, "play 6S": -1 }, "take", "play 6S"), true);
});
