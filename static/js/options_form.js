// A form generated from a game's options schema (Option.to_json()): every option, the default preselected and
// marked, each linked to its row on the rules page (`/rules/<game>#page-option-<name>`). Its words come from the
// catalog (`game.<id>.*`, `option.<id>.<name>…`), the engine's own text filling any gap.

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
  return textOr(`game.${game.id}.summary`, "");
}

/** The option's name for players (`option.<game>.<name>`), else its identifier in words. */
export function optionLabel(gameId, opt) {
  return textOr(`option.${gameId}.${opt.name}`, opt.name.replaceAll("_", " "));
}

/** What the option changes (`option.<game>.<name>.help`). */
export function optionHelp(gameId, opt) {
  return textOr(`option.${gameId}.${opt.name}.help`, "");
}

/** What one value of the option means (`option.<game>.<name>.choice.<value>`). */
export function choiceHelp(gameId, opt, value) {
  return textOr(`option.${gameId}.${opt.name}.choice.${choiceKey(value)}`, "");
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

/** An option's value in words: a choice's meaning, yes / no, a number, "none". */
export function valueWords(gameId, opt, value) {
  return opt.type === "choice" ? choiceLabel(gameId, opt, value) : valueText(value);
}

/** The default value in words. */
export function defaultText(gameId, opt) {
  return valueWords(gameId, opt, opt.default);
}

/** An option's value in a summary: the catalog's words for that value of the option (a choice's meaning, what a
 * yes means), else yes / no, "none", a number. */
function summaryValue(gameId, opt, value) {
  const key = `option.${gameId}.${opt.name}.choice.${choiceKey(value)}`;
  return lookup(key) === undefined ? valueText(value) : t(key);
}

/** The options of a table (`{name: value}`) that differ from the game's defaults, in the schema's order. */
export function changedOptions(game, options = {}) {
  const changed = (game?.options || []).filter((opt) => opt.name in (options || {}) && options[opt.name] !== (opt.default ?? null));
  return Object.fromEntries(changed.map((opt) => [opt.name, options[opt.name]]));
}

/** A table's `options_summary` in the reader's words: "Turn limit: 40 · An ace covers four: yes", or "standard
 * rules". The summary is `{name: value}` of the options that differ from the defaults (empty: none), or the older
 * line "max_turns 40, ace_covers_four True" / "standard rules"; an option it cannot read stays as it is. */
export function summaryWords(game, summary) {
  let entries;
  if (summary && typeof summary === "object" && !Array.isArray(summary)) entries = Object.entries(summary);
  else if (!summary || summary === "standard rules") entries = [];
  else if (typeof summary !== "string") return String(summary);
  else {
    const parse = (text) => {
      if (text === "True" || text === "False") return text === "True";
      if (text === "None") return null;
      return text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    };
    entries = summary.split(", ").map((part) => {
      const [name, ...rest] = part.split(" ");
      return rest.length ? [name, parse(rest.join(" "))] : [part, undefined];
    });
  }
  if (!entries.length) return t("lobby.defaults");
  return entries
    .map(([name, value]) => {
      const opt = game?.options.find((o) => o.name === name);
      const known = opt && value !== undefined && (opt.type !== "choice" || opt.choices.includes(value));
      if (!known) return value === undefined ? name : `${name} ${value}`;
      return `${optionLabel(game.id, opt)}: ${summaryValue(game.id, opt, value)}`;
    })
    .join(" · ");
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
        h(
          "option",
          { value: String(i), selected: choice === opt.default, dataset: choice === opt.default ? { default: "" } : {} },
          choice === opt.default ? `${choiceLabel(gameId, opt, choice)} ${t("lobby.default_mark")}` : choiceLabel(gameId, opt, choice),
        ),
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

/** The fields of every option of `gameId`, each with its description, what the chosen value means (in full
 * below a select too, whose box cuts a long text short on a phone), its default (marked in a select's list, else
 * "Default: …"; the option is marked `changed` when it differs) and a link to its rule. */
export function optionsForm(schema, gameId = "") {
  if (!schema.length) return h("p", { class: "hint" }, t("lobby.no_options"));
  return schema.map((opt) => {
    const input = control(gameId, opt);
    const name = optionLabel(gameId, opt);
    const label = h("span", { class: "option-name" }, name);
    const help = h("small", { class: "hint", id: `opt-${opt.name}-help` }, optionHelp(gameId, opt));
    const meaning = h("small", { class: "hint value-help", dataset: { valueHelp: opt.name } });
    const rule = h(
      "a",
      {
        class: "option-rule",
        href: `/rules/${encodeURIComponent(gameId)}#page-option-${encodeURIComponent(opt.name)}`,
        target: "_blank",
        rel: "noopener",
        title: t("lobby.option_rule_title", { option: name }),
      },
      t("lobby.option_rule"),
    );
    const note = opt.type === "choice" ? null : h("small", { class: "hint default-note" }, t("lobby.default_value", { value: defaultText(gameId, opt) }));
    const box = h("div", { class: "option", dataset: { option: opt.name } });
    const update = () => {
      const value = currentValue(opt, input);
      meaning.textContent = choiceHelp(gameId, opt, value);
      box.classList.toggle("changed", value !== (opt.default ?? null));
    };
    input.addEventListener("input", update);
    input.addEventListener("change", update);
    update();
    input.setAttribute("aria-describedby", help.id);
    const row =
      opt.type === "bool"
        ? h("div", { class: "option-head" }, h("label", { class: "field check" }, input, label), rule)
        : h("div", { class: "option-head" }, h("label", { class: "field" }, label, input), rule);
    box.append(row, help, meaning);
    if (note) box.append(note);
    return box;
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
