// A tiny element builder: h("button", {class: "x", onclick: f}, "text", child) -> HTMLElement.

/** Our own markup (a card's SVG, a suit's icon) parsed once each: a table redraws its cards at every move. */
const parsed = new Map();
const PARSED_KEPT = 512;

/** A copy of `markup`'s nodes, parsed the first time it is asked for. */
function markupCopy(markup) {
  let template = parsed.get(markup);
  if (!template) {
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    template = document.createElement("template");
    template.innerHTML = markup;
    parsed.set(markup, template);
  }
  return template.content.cloneNode(true);
}

/** Set one attribute of `h`: a listener, `dataset`, `html` (our own markup), a bare attribute (true) or a value;
 * none when empty. */
function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) return;
  if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
  else if (name === "dataset") Object.assign(el.dataset, value);
  else if (name === "html") el.replaceChildren(markupCopy(value));
  else el.setAttribute(name, value === true ? "" : value);
}

/** Build an element; attributes starting with "on" become listeners, `dataset` an object of data-*. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) setAttr(el, name, value);
  return append(el, children);
}

/** Append `children` (one level of arrays flattened; null, undefined and false left out; text as text) to `el`. */
function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Replace the children of `el` only where the new ones differ from those it holds (the page is laid out again only
 * for a change; the listeners kept are those of the nodes kept); whether they differed. */
export function fillChanged(el, ...children) {
  const fresh = append(document.createDocumentFragment(), children);
  const old = el.childNodes;
  const same = old.length === fresh.childNodes.length && [...fresh.childNodes].every((node, i) => node.isEqualNode(old[i]));
  if (!same) el.replaceChildren(fresh);
  return !same;
}

/** A text in no language (a table or deal code, an address): marked `lang="zxx"` and never translated, so neither
 * a reader's tools nor a check for words of the wrong language take it for a word. */
export function noLang(text, attrs = {}) {
  return h("span", { ...attrs, lang: "zxx", translate: "no" }, text);
}
