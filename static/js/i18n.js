// The message catalog: every user-facing string comes from static/i18n/<lang>.json (English as the fallback).
// An entry is a text with {name} placeholders or a plural object {by, one, few, many, other} (docs/messages.md).

import { messageRenderer } from "./messages.js";

let messages = {};
let fallback = {};
let lang = "en";
let plurals = new Intl.PluralRules("en");

/** A catalog's address: the page's versioned one (its `<link rel="preload" data-catalog>`, cached for long), else
 * the plain file next to the scripts. */
async function fetchCatalog(language) {
  const link = globalThis.document?.querySelector(`link[data-catalog="${language}"]`);
  const url = link ? link.href : new URL(`../i18n/${language}.json`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no catalog for ${language}`);
  return response.json();
}

/** Load the catalog of the page's language (the <html lang>), English filling any gaps. */
export async function loadCatalog(wanted = document.documentElement.lang || "en") {
  fallback = await fetchCatalog("en");
  messages = fallback;
  lang = "en";
  if (wanted !== "en") {
    try {
      messages = await fetchCatalog(wanted);
      lang = wanted;
    } catch {
      messages = fallback;
    }
  }
  plurals = new Intl.PluralRules(lang);
}

/** The language of the loaded catalog. */
export function catalogLang() {
  return lang;
}

const LATIN_KEY = "cardtable.latinIndices";

/** Whether cards show the Latin letters J Q K A instead of the language's own (В Д К Т in Russian). */
export function prefersLatinIndices() {
  return globalThis.localStorage?.getItem(LATIN_KEY) === "1";
}

/** Remember the choice of card letters for this browser. */
export function setPrefersLatinIndices(on) {
  localStorage.setItem(LATIN_KEY, on ? "1" : "0");
}

/** The catalog's entry for `key` (a text or a plural object), English filling gaps; undefined when none has it.
 * A rank's letter (`rank.Q`) is the Latin one when the reader prefers it. */
export function lookup(key) {
  if (key.startsWith("rank.") && prefersLatinIndices()) return key.slice(5);
  return messages[key] ?? fallback[key];
}

/** A renderer of engine messages for one reader: the players' `names`, his own `seat`, the `game`, whether its own
 * suits are named (`ownSuits`: not when he plays Eidex with French suits) (messages.js). */
export function speaker({ names = [], seat = null, game = "", ownSuits = true } = {}) {
  return messageRenderer({ lang, lookup, names, seat, game, ownSuits });
}

/** `text` with its `{name}` placeholders filled from `params` (unknown ones left as they are). */
export function format(text, params = {}) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A reason or text as the reader reads it: an engine message through the catalog, a plain text as it is. */
export function say(value, reader = speaker()) {
  return typeof value === "string" ? value : reader.render(value);
}

/** The message `key` with `{name}` placeholders filled from `params`; the key itself when missing. */
export function t(key, params = {}) {
  let entry = lookup(key) ?? key;
  if (typeof entry === "object") {
    const count = params[entry.by];
    entry = entry[plurals.select(typeof count === "number" ? count : Number(count) || 0)] ?? entry.other ?? key;
  }
  return format(entry, params);
}

/** The message `key` as an element's children: its text, each placeholder named in `nodes` replaced by that node
 * (a code marked `lang="zxx"`, letters in another language), the others filled from `params`. */
export function tParts(key, nodes, params = {}) {
  const text = t(key, params);
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    if (!(match[1] in nodes)) continue;
    parts.push(text.slice(last, match.index), nodes[match[1]]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}

/** The message of the first key the catalog has, e.g. a game's own word before the general one. */
export function tFirst(keys, params = {}) {
  const key = keys.find((k) => k in messages || k in fallback) ?? keys[keys.length - 1];
  return t(key, params);
}

/** Fill every [data-i18n], [data-i18n-placeholder], [data-i18n-title] and [data-i18n-label] under `root`. */
export function applyCatalog(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}
