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

test("Eidex played with French suits names its cards and suits by the French symbols", () => {
  const texts = { "suit.eidex.H": "Heart", "suit.eidex.H.card": "Heart", "card.suited": "{suit} {rank}", "t.trumps": "Trumps: {suit}", "t.card": "{card} led" };
  const lookup = (k) => texts[k];
  const own = messageRenderer({ lang: "en", lookup, game: "eidex" });
  const french = messageRenderer({ lang: "en", lookup, game: "eidex", ownSuits: false });
  assert.equal(own.render({ key: "t.trumps", suit: { suit: "H" } }), "Trumps: Heart");
  assert.equal(own.render({ key: "t.card", card: { card: "10H" } }), "Heart 10 led");
  assert.equal(french.render({ key: "t.trumps", suit: { suit: "H" } }), "Trumps: ♥");
  assert.equal(french.render({ key: "t.card", card: { card: "10H" } }), "10♥ led");
});
