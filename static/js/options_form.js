// A form generated from a game's options schema (Option.to_json()): every option, the default preselected.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The option's label: a catalog entry `option.<name>` when there is one, else its name in words. */
export function optionLabel(name) {
  const key = `option.${name}`;
  const text = t(key);
  return text === key ? name.replaceAll("_", " ") : text;
}

function valueText(value) {
  if (value === null) return t("lobby.none");
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  return String(value);
}

function control(opt) {
  const id = `opt-${opt.name}`;
  const data = { option: opt.name };
  if (opt.type === "bool") {
    return h("input", { id, type: "checkbox", checked: opt.default === true, dataset: data });
  }
  if (opt.type === "choice") {
    return h(
      "select",
      { id, dataset: data },
      opt.choices.map((choice, i) => {
        const help = opt.choice_help?.[String(choice)];
        const label = help ? `${valueText(choice)} — ${help}` : valueText(choice);
        return h("option", { value: String(i), selected: choice === opt.default }, label);
      }),
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

/** What the chosen value means, from the schema's choice_help ("True", "None", "100"...). */
function valueHelp(opt, value) {
  const key = value === null ? "None" : value === true ? "True" : value === false ? "False" : String(value);
  return opt.choice_help?.[key] || "";
}

/** The fields of every option, each with its description and what the chosen value means. */
export function optionsForm(schema) {
  if (!schema.length) return h("p", { class: "hint" }, t("lobby.no_options"));
  return schema.map((opt) => {
    const input = control(opt);
    const label = h("span", { class: "option-name" }, optionLabel(opt.name));
    const help = h("small", { class: "hint", id: `opt-${opt.name}-help` }, opt.description);
    const meaning = h("small", { class: "hint value-help", dataset: { valueHelp: opt.name } });
    const update = () => {
      meaning.textContent = valueHelp(opt, currentValue(opt, input));
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
export function readOptions(schema, root) {
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
        throw new Error(t("lobby.bad_number", { option: optionLabel(opt.name) }));
      }
      out[opt.name] = value;
    }
  }
  return out;
}
