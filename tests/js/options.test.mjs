// options_form.js: a table's options in words, as the lobby's open tables and the table page's "Options: …" line
// both show them (one summary), against a schema as the server sends it (GameDecl.to_json(), Ass's options).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { t } from "../../static/js/i18n.js";
import { changedOptions, optionLabel, summaryWords } from "../../static/js/options_form.js";
import { loadRealCatalog } from "./catalog.mjs";

before(() => loadRealCatalog("en"));

const ASS = {
  id: "ass",
  options: [
    { name: "trumps", type: "choice", default: "own", choices: ["own", "none", "one", "two", "senior-junior"], minimum: null, maximum: null, nullable: false },
    { name: "draw_after_trick", type: "bool", default: true, choices: [], minimum: null, maximum: null, nullable: false },
    { name: "start_banks", type: "int", default: 3, choices: [], minimum: 1, maximum: 10, nullable: false },
    { name: "lose_banks", type: "int", default: 6, choices: [], minimum: 2, maximum: 12, nullable: false },
  ],
};
const opt = (name) => ASS.options.find((o) => o.name === name);

describe("changedOptions", () => {
  it("keeps only the options that differ from the defaults, in the schema's order", () => {
    const options = { lose_banks: 2, trumps: "own", start_banks: 1, draw_after_trick: true };
    assert.deepEqual(Object.entries(changedOptions(ASS, options)), [["start_banks", 1], ["lose_banks", 2]]);
  });

  it("gives nothing for a table at the defaults or without options", () => {
    assert.deepEqual(changedOptions(ASS, { trumps: "own", start_banks: 3 }), {});
    assert.deepEqual(changedOptions(ASS, null), {});
  });
});

describe("summaryWords of the changed options", () => {
  it("says standard rules when nothing changed", () => {
    assert.equal(summaryWords(ASS, changedOptions(ASS, { trumps: "own" })), t("lobby.defaults"));
  });

  it("names each changed option and its value in the catalog's words", () => {
    const line = summaryWords(ASS, changedOptions(ASS, { trumps: "one", start_banks: 1 }));
    const trumps = `${optionLabel("ass", opt("trumps"))}: ${t("option.ass.trumps.choice.one")}`;
    assert.equal(line, `${trumps} · ${optionLabel("ass", opt("start_banks"))}: 1`);
    assert.notEqual(t("option.ass.trumps.choice.one"), "option.ass.trumps.choice.one");
  });

  it("reads a yes/no option by what its value means when the catalog says so", () => {
    const line = summaryWords(ASS, changedOptions(ASS, { draw_after_trick: false }));
    assert.equal(line, `${optionLabel("ass", opt("draw_after_trick"))}: ${t("option.ass.draw_after_trick.choice.false")}`);
  });
});
