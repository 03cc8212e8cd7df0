// The lobby's lists (the open tables, the finished games) drawn as tables, or a hint when there is nothing to list.

import { h, fill } from "../dom.js";
import { t } from "../i18n.js";

/** Fill the box `id` with a table of `items` (a header from the message keys `columns`, a row each from `row`),
 * or with the hint `emptyKey` when there are none. */
export function listTable(id, items, emptyKey, className, columns, row) {
  const box = document.getElementById(id);
  if (!items.length) {
    fill(box, h("p", { class: "hint" }, t(emptyKey)));
    return;
  }
  const head = h("tr", {}, columns.map((k) => h("th", { scope: "col" }, t(k))));
  fill(box, h("table", { class: className }, h("thead", {}, head), h("tbody", {}, items.map(row))));
}
