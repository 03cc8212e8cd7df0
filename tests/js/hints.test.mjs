// hints.js: a forced move is suggested by the page itself, in the words the server would use; a choice is asked.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { onlyMove } from "../../static/js/hints.js";
import { t } from "../../static/js/i18n.js";
import { loadRealCatalog } from "./catalog.mjs";

before(() => loadRealCatalog("ru"));

describe("onlyMove", () => {
  it("suggests the one legal move (a Bank draw) for this position, as the only move there is", () => {
    const hint = onlyMove({ version: 17, legal: ["draw"] });
    assert.deepEqual(hint, { version: 17, action: "draw", reason: { key: "hint.only" } });
    assert.equal(t(hint.reason.key), "Другого хода у вас нет.");
  });

  it("leaves a choice to the server, and a seat with no move to nobody", () => {
    assert.equal(onlyMove({ version: 3, legal: ["play 9S", "draw"] }), null);
    assert.equal(onlyMove({ version: 3, legal: [] }), null);
    assert.equal(onlyMove({ version: 3 }), null);
  });
});
