// The browser's message renderer against the cases the server's renderer passes too (tests/i18n_cases.json).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { messageRenderer } from "../../static/js/messages.js";

const CASES = JSON.parse(readFileSync(new URL("../i18n_cases.json", import.meta.url), "utf-8"));

for (const c of CASES.cases) {
  test(`renders: ${c.expect}`, () => {
    const texts = { ...CASES.catalogs.en, ...CASES.catalogs[c.lang] };
    const render = messageRenderer({ lang: c.lang, lookup: (k) => texts[k], names: c.names, seat: c.seat, game: c.game || "" });
    assert.equal(render.render(c.message), c.expect);
  });
}
