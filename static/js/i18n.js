// The message catalog: every user-facing string comes from static/i18n/<lang>.json (English as the fallback).

let messages = {};
let fallback = {};

async function fetchCatalog(lang) {
  const url = new URL(`../i18n/${lang}.json`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no catalog for ${lang}`);
  return response.json();
}

/** Load the catalog of the page's language (the <html lang>), English filling any gaps. */
export async function loadCatalog(lang = document.documentElement.lang || "en") {
  fallback = await fetchCatalog("en");
  messages = fallback;
  if (lang !== "en") {
    try {
      messages = await fetchCatalog(lang);
    } catch {
      messages = fallback;
    }
  }
}

/** `text` with its `{name}` placeholders filled from `params` (unknown ones left as they are). */
export function format(text, params = {}) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The message `key` with `{name}` placeholders filled from `params`; the key itself when missing. */
export function t(key, params = {}) {
  return format(messages[key] ?? fallback[key] ?? key, params);
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
