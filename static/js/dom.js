// A tiny element builder: h("button", {class: "x", onclick: f}, "text", child) -> HTMLElement.

/** Set one attribute of `h`: a listener, `dataset`, `html`, a bare attribute (true) or a value; none when empty. */
function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) return;
  if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
  else if (name === "dataset") Object.assign(el.dataset, value);
  else if (name === "html") el.innerHTML = value;
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

/** A text in no language (a table or deal code, an address): marked `lang="zxx"` and never translated, so neither
 * a reader's tools nor a check for words of the wrong language take it for a word. */
export function noLang(text, attrs = {}) {
  return h("span", { ...attrs, lang: "zxx", translate: "no" }, text);
}
