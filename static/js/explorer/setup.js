// The explorer's set-up form: the players count, the leader, every choice and bool option, the game's context
// fields and its trump suits; any change starts the trick again.

import { SUITS } from "../cards.js";
import { h } from "../dom.js";
import { pretty, suitText } from "./words.js";

/** A context field's choice in words: none, a suit, the field's own word for it (`js.ctx_<key>_<choice>`: the
 * modes), else the cards it names. */
function contextChoice(ex, key, choice) {
  if (choice === "") return "—";
  if (SUITS.includes(choice)) return suitText(choice);
  return ex.msg[`ctx_${key}_${choice}`] || pretty(choice);
}

/** A context field's select (Eidex: the trump and the mode; Bank: the centre). */
function contextControl(ex, field, onChange) {
  const id = `explorer-ctx-${field.key}`;
  const value = ex.contextValues[field.key] ?? field.choices[0];
  const select = h(
    "select",
    { id, onchange: (e) => { ex.contextValues[field.key] = e.target.value; onChange(); } },
    field.choices.map((c) => h("option", { value: c, selected: c === value }, contextChoice(ex, field.key, c))),
  );
  const label = ex.msg[`ctx_${field.key}`] || field.key;
  return h("span", { class: "control" }, h("label", { for: id }, label), " ", select);
}

/** The players count and every option of explorer `ex` as a form control; any change starts the trick again. */
export function renderSetup(ex) {
  const restart = () => {
    const activeId = document.activeElement && document.activeElement.id;
    ex.plays = [];
    ex.renderSetup();
    if (activeId) document.getElementById(activeId)?.focus();
    ex.ask();
  };
  const players = h(
    "select",
    { id: "explorer-players", onchange: (e) => { ex.players = Number(e.target.value); ex.leader = 0; restart(); } },
    Array.from({ length: ex.config.maxPlayers - ex.config.minPlayers + 1 }, (_, i) => {
      const n = ex.config.minPlayers + i;
      return h("option", { value: n, selected: n === ex.players }, n);
    }),
  );
  const controls = [h("span", { class: "control" }, h("label", { for: "explorer-players" }, ex.msg.players), " ", players)];
  const leader = h(
    "select",
    { id: "explorer-leader", onchange: (e) => { ex.leader = Number(e.target.value); restart(); } },
    Array.from({ length: ex.players }, (_, n) => h("option", { value: n, selected: n === ex.leader }, ex.player(n))),
  );
  controls.push(h("span", { class: "control" }, h("label", { for: "explorer-leader" }, ex.msg.leader), " ", leader));
  for (const opt of ex.config.schema) if (opt.type !== "int") controls.push(optionControl(ex, opt, restart));
  for (const field of ex.config.context) controls.push(contextControl(ex, field, restart));
  const trumpBox = ex.trumpOption ? ex.trumps.controls(ex.options.trumps, ex.players, restart) : null;
  ex.setup.replaceChildren(h("fieldset", {}, h("legend", {}, ex.msg.setup), controls), trumpBox || "");
}

/** A checkbox (bool) or a select (choice); number options keep the page's values (they do not change a trick). */
function optionControl(ex, opt, onChange) {
  const id = `explorer-opt-${opt.name}`;
  const value = ex.options[opt.name];
  if (opt.type === "bool") {
    const input = h("input", { type: "checkbox", id, checked: !!value,
      onchange: (e) => { ex.options[opt.name] = e.target.checked; onChange(); } });
    return h("span", { class: "control" }, input, " ", h("label", { for: id }, optionLabel(ex, opt)));
  }
  const input = h(
    "select",
    { id, onchange: (e) => { ex.options[opt.name] = opt.choices.find((c) => String(c) === e.target.value); onChange(); } },
    opt.choices.map((c) => h("option", { value: String(c), selected: c === value }, choiceLabel(ex, opt, c))),
  );
  return h("span", { class: "control" }, h("label", { for: id }, optionLabel(ex, opt)), " ", input);
}

/** An option's name for players (the catalog's), else its identifier. */
function optionLabel(ex, opt) {
  return (ex.config.labels || {})[opt.name] || opt.name;
}

/** A choice in words (the catalog's), else as declared. */
function choiceLabel(ex, opt, value) {
  const words = ((ex.config.choices || {})[opt.name] || {})[value === null ? "null" : String(value)];
  return words || String(value);
}
