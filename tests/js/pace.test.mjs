// clock.js and forced.js: the countdown reads the seconds the server sent (the move's own, then the bank's), and a
// move is played for the player only when it is the one legal move on his turn.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clockText, remaining } from "../../static/js/clock.js";
import { forcedMove } from "../../static/js/forced.js";
import { inviteLink } from "../../static/js/invite.js";

describe("the turn clock", () => {
  it("counts the move's own seconds first, then the time bank's, never below nothing", () => {
    const turn = { seat: 0, left: 10, bank: 30 };
    assert.deepEqual(remaining(turn, 4), { seconds: 6, bank: false });
    assert.deepEqual(remaining(turn, 15), { seconds: 25, bank: true });
    assert.deepEqual(remaining(turn, 99), { seconds: 0, bank: true });
  });

  it("writes seconds as minutes and seconds, rounded up (a last fraction still shows 0:01)", () => {
    assert.equal(clockText(7.2), "0:08");
    assert.equal(clockText(61), "1:01");
    assert.equal(clockText(0.3), "0:01");
    assert.equal(clockText(-2), "0:00");
  });
});

describe("forced moves", () => {
  it("plays the one legal move on the player's turn, never a choice, never off his turn", () => {
    assert.equal(forcedMove({ legal: ["draw"] }, true), "draw");
    assert.equal(forcedMove({ legal: ["play 9S", "draw"] }, true), null);
    assert.equal(forcedMove({ legal: ["draw"] }, false), null);
    assert.equal(forcedMove({ legal: [] }, true), null);
  });
});

describe("the invite link", () => {
  it("carries the secret in the fragment, which no request sends", () => {
    assert.equal(inviteLink("http://10.0.0.2:5000", "K7QM3X", "a/b"), "http://10.0.0.2:5000/t/K7QM3X#invite=a%2Fb");
    assert.equal(inviteLink("http://10.0.0.2:5000", "K7QM3X", null), "http://10.0.0.2:5000/t/K7QM3X");
  });
});
