// The score sheet (view.sheet), a game's result, and the shared overlay box.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { named } from "./seats.js";

/** The score sheet as a table: columns, one row per hand, totals; seats by name when `nameOf` is given, cells that
 * are engine messages through `reader` (seats.js readerFor). */
export function sheetTable(sheet, nameOf = null, reader = null) {
  if (!sheet || !sheet.columns?.length) return h("p", { class: "hint" }, t("table.no_sheet"));
  const text = (cell) => (nameOf ? named(cell, nameOf, reader) : cell);
  return h(
    "div",
    { class: "sheet-wrap" },
    h(
      "table",
      { class: "sheet" },
      h("thead", {}, h("tr", {}, sheet.columns.map((c) => h("th", { scope: "col" }, text(c))))),
      h("tbody", {}, (sheet.rows || []).map((row) => h("tr", {}, row.map((cell) => h("td", {}, text(cell)))))),
      sheet.totals?.length ? h("tfoot", {}, h("tr", { class: "totals" }, sheet.totals.map((c) => h("td", {}, text(c))))) : null,
    ),
  );
}

/** Winners and losers of a finished game, by seat name. */
export function resultBlock(result, seatName) {
  if (!result) return null;
  const names = (seats) => (seats || []).map(seatName).join(", ");
  return h(
    "div",
    { class: "result" },
    result.winners?.length ? h("p", { class: "winners" }, t("over.winners", { names: names(result.winners) })) : null,
    result.losers?.length ? h("p", { class: "losers" }, t("over.losers", { names: names(result.losers) })) : null,
  );
}

/** Show the overlay with a title, body nodes and buttons `[{label, onClick, primary, id}]`. */
export function openOverlay(kind, title, body, buttons) {
  const overlay = document.getElementById("overlay");
  overlay.dataset.kind = kind;
  document.getElementById("overlay-title").textContent = title;
  fill(document.getElementById("overlay-body"), body);
  fill(
    document.getElementById("overlay-buttons"),
    buttons.map((b) =>
      h("button", { type: "button", class: b.primary ? "primary" : "", id: b.id || null, onclick: b.onClick }, b.label),
    ),
  );
  overlay.hidden = false;
}

export function closeOverlay(kind = null) {
  const overlay = document.getElementById("overlay");
  if (kind === null || overlay.dataset.kind === kind) overlay.hidden = true;
}

export function overlayKind() {
  const overlay = document.getElementById("overlay");
  return overlay.hidden ? null : overlay.dataset.kind;
}
