// signal.js: when the table sounds (your turn starts, a trick is taken) and the tab title of a hidden tab.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { signalPlan, tabTitle } from "../../static/js/signal.js";

describe("the turn signal", () => {
  it("sounds when your turn starts, not while it lasts nor on the page's first snapshot", () => {
    assert.deepEqual(signalPlan({ myTurn: false }, { myTurn: true }, []), { turn: true, ask: false, trick: false });
    assert.equal(signalPlan({ myTurn: true }, { myTurn: true }, []).turn, false);
    assert.equal(signalPlan(null, { myTurn: true }, []).turn, false);
    assert.equal(signalPlan({ myTurn: true }, { myTurn: false }, []).turn, false);
  });

  it("sounds when a spectator's request for a seat comes to a player, once, not while it waits", () => {
    assert.equal(signalPlan({ myTurn: false, asked: false }, { myTurn: false, asked: true }, []).ask, true);
    assert.equal(signalPlan({ myTurn: false, asked: true }, { myTurn: false, asked: true }, []).ask, false);
    assert.equal(signalPlan(null, { myTurn: false, asked: true }, []).ask, false);
    assert.equal(signalPlan({ myTurn: false }, { myTurn: true }, []).ask, false);
  });

  it("sounds when a trick or a pile is taken or cleared", () => {
    for (const event of ["trick", "take", "clear"]) {
      assert.equal(signalPlan({ myTurn: false }, { myTurn: false }, [{ event: "play" }, { event }]).trick, true, event);
    }
    assert.equal(signalPlan({ myTurn: false }, { myTurn: false }, [{ event: "play" }]).trick, false);
    assert.equal(signalPlan(null, { myTurn: false }, [{ event: "trick" }]).trick, false);
  });

  it("marks the title only while you must act in a hidden tab", () => {
    assert.equal(tabTitle("Blot · ABC", true, true, "Your turn"), "Your turn · Blot · ABC");
    assert.equal(tabTitle("Blot · ABC", true, false, "Your turn"), "Blot · ABC");
    assert.equal(tabTitle("Blot · ABC", false, true, "Your turn"), "Blot · ABC");
  });
});
