// events.js: the table log's lines.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { collapseRepeats } from "../../static/js/events.js";

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
