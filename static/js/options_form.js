// A form generated from a game's options schema (Option.to_json()): every option, the default preselected.
// Its words come from the catalog (`game.<id>.*`, `option.<id>.<name>…`), the engine's own text filling any gap.

import { h } from "./dom.js";
import { lookup, t } from "./i18n.js";

/** The catalog's text for `key`, else `fallback` (the engine's words), so a new game or option never shows blank. */
function textOr(key, fallback) {
  return lookup(key) === undefined ? fallback : t(key);
}

/** A value as it appears in catalog keys: `true`, `false`, `null`, else the value itself ("own", "15"). */
export function choiceKey(value) {
  return value === null || value === undefined ? "null" : String(value);
}

/** The game's name in the page's language (`game.<id>.name`). */
export function gameName(game) {
  if (!game) return "";
  return textOr(`game.${game.id}.name`, game.name || game.id);
}

/** The game's one-line summary in the page's language (`game.<id>.summary`). */
export function gameSummary(game) {
  if (!game) return "";
  return textOr(`game.${game.id}.summary`, game.summary || "");
}

/** The option's name for players (`option.<game>.<name>`), else its identifier in words. */
export function optionLabel(gameId, opt) {
  return textOr(`option.${gameId}.${opt.name}`, opt.name.replaceAll("_", " "));
}

/** What the option changes (`option.<game>.<name>.help`), else the engine's description. */
export function optionHelp(gameId, opt) {
  return textOr(`option.${gameId}.${opt.name}.help`, opt.description || "");
}

/** What one value of the option means (`option.<game>.<name>.choice.<value>`), else the engine's choice help. */
export function choiceHelp(gameId, opt, value) {
  const engine = opt.choice_help?.[value === null ? "None" : value === true ? "True" : value === false ? "False" : String(value)];
  return textOr(`option.${gameId}.${opt.name}.choice.${choiceKey(value)}`, engine || "");
}

function valueText(value) {
  if (value === null) return t("lobby.none");
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  return String(value);
}

/** A choice as the select lists it: what it means, or the bare value with the engine's help when the catalog has no
 * words for it. */
function choiceLabel(gameId, opt, choice) {
  const key = `option.${gameId}.${opt.name}.choice.${choiceKey(choice)}`;
  if (lookup(key) !== undefined) return t(key);
  const help = choiceHelp(gameId, opt, choice);
  return help ? `${valueText(choice)} — ${help}` : valueText(choice);
}

function control(gameId, opt) {
  const id = `opt-${opt.name}`;
  const data = { option: opt.name };
  if (opt.type === "bool") {
    return h("input", { id, type: "checkbox", checked: opt.default === true, dataset: data });
  }
  if (opt.type === "choice") {
    return h(
      "select",
      { id, dataset: data },
      opt.choices.map((choice, i) =>
        h("option", { value: String(i), selected: choice === opt.default }, choiceLabel(gameId, opt, choice)),
      ),
    );
  }
  return h("input", {
    id,
    type: "number",
    step: "1",
    min: opt.minimum ?? null,
    max: opt.maximum ?? null,
    value: opt.default ?? "",
    required: !opt.nullable,
    placeholder: opt.nullable ? t("lobby.none") : null,
    dataset: data,
  });
}

function currentValue(opt, input) {
  if (opt.type === "bool") return input.checked;
  if (opt.type === "choice") return opt.choices[Number(input.value)];
  return input.value === "" ? null : Number(input.value);
}

/** The fields of every option of `gameId`, each with its description and what the chosen value means (in full
 * below a select too, whose box cuts a long text short on a phone). */
export function optionsForm(schema, gameId = "") {
  if (!schema.length) return h("p", { class: "hint" }, t("lobby.no_options"));
  return schema.map((opt) => {
    const input = control(gameId, opt);
    const label = h("span", { class: "option-name" }, optionLabel(gameId, opt));
    const help = h("small", { class: "hint", id: `opt-${opt.name}-help` }, optionHelp(gameId, opt));
    const meaning = h("small", { class: "hint value-help", dataset: { valueHelp: opt.name } });
    const update = () => {
      meaning.textContent = choiceHelp(gameId, opt, currentValue(opt, input));
    };
    input.addEventListener("input", update);
    input.addEventListener("change", update);
    update();
    input.setAttribute("aria-describedby", help.id);
    const row =
      opt.type === "bool"
        ? h("label", { class: "field check" }, input, label)
        : h("label", { class: "field" }, label, input);
    return h("div", { class: "option", dataset: { option: opt.name } }, row, help, meaning);
  });
}

/** The typed option values the form holds; throws an Error naming a number that is not allowed. */
export function readOptions(schema, root, gameId = "") {
  const out = {};
  for (const opt of schema) {
    const el = root.querySelector(`[data-option="${CSS.escape(opt.name)}"]:is(input, select)`);
    if (!el) continue;
    if (opt.type === "bool") out[opt.name] = el.checked;
    else if (opt.type === "choice") out[opt.name] = opt.choices[Number(el.value)];
    else if (el.value === "" && opt.nullable) out[opt.name] = null;
    else {
      const value = Number(el.value);
      const low = opt.minimum ?? -Infinity;
      const high = opt.maximum ?? Infinity;
      if (!Number.isInteger(value) || value < low || value > high) {
        throw new Error(t("lobby.bad_number", { option: optionLabel(gameId, opt) }));
      }
      out[opt.name] = value;
    }
  }
  return out;
}
