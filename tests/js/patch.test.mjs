// connection.js applyPatch: a table_patch turns the snapshot it was made from into the next one, as
// webapp/patches.py's apply_patch does (events added, trimmed, then the rewritten ones put in place).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyPatch, followPatches, request } from "../../static/js/connection.js";

const play = (seat, card) => ({ event: "play", seat, card });
const snap = {
  code: "ABCD",
  seq: 7,
  version: 30,
  you: 0,
  view: { hand: ["6S", "QH"], status: "old" },
  events: [play(0, "7S"), play(1, "8S"), play(2, "9S")],
};

describe("applying a lean update", () => {
  it("adds events, keeps the last events_len, then rewrites the events hidden again", () => {
    const patch = {
      code: "ABCD",
      seq: 8,
      from: 7,
      version: 31,
      set: {},
      view: { status: "new" },
      events_add: [play(0, "10S")],
      events_len: 3,
      events_fix: [[0, play(1, "?")], [1, play(2, "?")]],
    };
    const next = applyPatch(snap, patch);
    assert.deepEqual(next.events, [play(1, "?"), play(2, "?"), play(0, "10S")]);
    assert.deepEqual(next.view, { hand: ["6S", "QH"], status: "new" });
    assert.equal(next.seq, 8);
    assert.deepEqual(snap.events[0], play(0, "7S"), "the snapshot held is not changed");
  });

  it("rewrites events with nothing added", () => {
    const next = applyPatch(snap, { code: "ABCD", seq: 8, from: 7, version: 31, set: {}, events_fix: [[2, play(2, "?")]] });
    assert.deepEqual(next.events, [play(0, "7S"), play(1, "8S"), play(2, "?")]);
    assert.deepEqual(snap.events[2], play(2, "9S"));
  });

  it("refuses a patch made from another snapshot", () => {
    assert.equal(applyPatch(snap, { code: "ABCD", seq: 9, from: 8, version: 32, set: {} }), null);
  });
});

describe("an ack that carries the mover's own patch", () => {
  /** A socket whose every emit is answered with `reply`, and whose table_patch listener records what it gets. */
  const answering = (reply, got) => ({
    timeout() {
      return this;
    },
    emit(_event, _payload, callback) {
      got.push("acked");
      callback(null, reply);
    },
    listeners: (name) => (name === "table_patch" ? [(patch) => got.push(patch)] : []),
  });

  it("hands the patch to the table_patch listeners before the request resolves", async () => {
    const patch = { code: "ABCD", seq: 8, from: 7, version: 31, set: {} };
    const got = [];
    const reply = await request(answering({ ok: true, version: 31, patch }, got), "act", { code: "ABCD" });
    assert.deepEqual(got, ["acked", patch]);
    assert.equal(reply.version, 31);
  });

  it("hands nothing on when the ack has no patch or refuses", async () => {
    const got = [];
    await request(answering({ ok: true, version: 31 }, got), "act", {});
    await assert.rejects(request(answering({ ok: false, error: "no", patch: {} }, got), "act", {}));
    assert.deepEqual(got, ["acked", "acked"]);
  });
});

describe("a patch that does not fit the snapshot held", () => {
  /** A socket that keeps its listeners, records each `sync` asked and answers it with `answer` (null: not yet). */
  const fakeSocket = (answer) => {
    const on = { table: [], table_patch: [] };
    const socket = {
      asked: 0,
      shown: [],
      on: (name, listener) => on[name].push(listener),
      listeners: (name) => on[name],
      emit(event, _payload, callback) {
        assert.equal(event, "sync");
        socket.asked += 1;
        if (answer) callback(answer);
      },
      hear: (name, data) => on[name].forEach((listener) => listener(data)),
    };
    socket.on("table", (held) => socket.shown.push(held.version));
    followPatches(socket);
    return socket;
  };
  const missed = (seq) => ({ code: "ABCD", seq: seq + 1, from: seq, version: 30 + seq, set: {} });

  it("asks once for the whole snapshot while the ask is under way, and plays on from the snapshot sent", () => {
    const socket = fakeSocket(null);
    socket.hear("table", snap);
    socket.hear("table_patch", missed(8));
    socket.hear("table_patch", missed(9));
    assert.equal(socket.asked, 1);
    socket.hear("table", { ...snap, seq: 10, version: 40 });
    socket.hear("table_patch", missed(10));
    assert.deepEqual(socket.shown, [30, 40, 40]);
  });

  it("asks again at the next patch that does not fit when the server refused the ask", () => {
    const socket = fakeSocket({ ok: false, error: { key: "server.slow_down" } });
    socket.hear("table", snap);
    socket.hear("table_patch", missed(8));
    socket.hear("table_patch", missed(9));
    assert.equal(socket.asked, 2, "a refused ask must not leave the page on its old snapshot for good");
  });
});
