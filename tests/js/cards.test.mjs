// cards.js: court cards show figures (not a framed letter), the back is a pattern, the four-colour deck re-inks ♦ and
// ♣ only, and every picture keeps its name.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { backSvg, cardLabel, cardSvg, setPrefersFourColours, suitIcon } from "../../static/js/cards.js";
import { t } from "../../static/js/i18n.js";
import { loadRealCatalog } from "./catalog.mjs";

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => store.get(key) ?? null,
  setItem: (key, value) => store.set(key, String(value)),
};

/** The letters a picture writes: its `<text>` elements' contents. */
const texts = (svg) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
/** The colours it fills or strokes with. */
const inks = (svg) => new Set([...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{3,6})"/gi)].map((m) => m[1].toLowerCase()));

describe("card faces", () => {
  before(() => loadRealCatalog("en"));

  it("draws court cards as figures: only the corners carry letters, and each rank has its own picture", () => {
    for (const style of ["french", "eidex"]) {
      for (const suit of ["C", "D", "H", "S"]) {
        const pictures = ["J", "Q", "K"].map((rank) => cardSvg(rank + suit, style));
        pictures.forEach((svg, i) => {
          assert.deepEqual(texts(svg), Array(2).fill("JQK"[i]), `${"JQK"[i]}${suit} ${style}: corners only`);
          assert.ok(svg.length > cardSvg(`7${suit}`, style).length + 2000, "a figure, not a symbol");
        });
        assert.equal(new Set(pictures.map((svg) => svg.replace(/aria-label="[^"]*"/, ""))).size, 3);
      }
    }
  });

  it("keeps every card's name on its picture", () => {
    for (const code of ["QS", "10H", "KD", "JC"]) {
      assert.match(cardSvg(code), new RegExp(`role="img" aria-label="${cardLabel(code)}"`));
      assert.match(cardSvg(code, "eidex"), new RegExp(`aria-label="${cardLabel(code, "eidex")}"`));
    }
  });

  it("draws the back as a lattice with a medallion, named as a back", () => {
    const back = backSvg();
    assert.ok(back.includes(`aria-label="${t("card.back")}"`));
    const lines = back.match(/M[\d.]+ [\d.]+L/g) ?? [];
    assert.ok(lines.length >= 20, `a pattern of lines, got ${lines.length}`);
    assert.ok((back.match(/<ellipse/g) ?? []).length >= 1, "a medallion");
  });

  it("inks diamonds blue and clubs green in the four-colour deck, hearts and spades as before", () => {
    setPrefersFourColours(false);
    const two = Object.fromEntries(["C", "D", "H", "S"].map((s) => [s, inks(cardSvg(`9${s}`))]));
    setPrefersFourColours(true);
    const four = Object.fromEntries(["C", "D", "H", "S"].map((s) => [s, inks(cardSvg(`9${s}`))]));
    assert.ok(two.D.has("#c8102e") && two.C.has("#111"));
    assert.ok(four.D.has("#1452b8") && !four.D.has("#c8102e"), "diamonds blue");
    assert.ok(four.C.has("#17752c") && !four.C.has("#111"), "clubs green");
    assert.deepEqual(four.H, two.H);
    assert.deepEqual(four.S, two.S);
    assert.ok(inks(suitIcon("D")).has("#1452b8"), "the suit icons of texts too");
    assert.ok(inks(cardSvg("9D", "eidex")).has("#d39b00"), "Eidex suits keep their own colours");
    setPrefersFourColours(false);
  });
});
