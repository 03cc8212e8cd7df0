// The score sheet (view.sheet), a game's result, and the shared overlay box.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { isMessage } from "./messages.js";
import { named } from "./seats/names.js";

/** The score sheet as a table: columns, one row per hand, totals; seats by name when `nameOf` is given, cells that
 * are engine messages through `reader` (seats/names.js readerFor). */
export function sheetTable(sheet, nameOf = null, reader = null) {
  if (!sheet || !sheet.columns?.length) return h("p", { class: "hint" }, t("table.no_sheet"));
  const text = (cell) => (nameOf ? named(cell, nameOf, reader) : cell);
  return h(
    "div",
    { class: "sheet-wrap", tabindex: "0", role: "group", "aria-label": t("table.score") },
    h(
      "table",
      { class: "sheet" },
      h("thead", {}, h("tr", {}, sheet.columns.map((c) => h("th", { scope: "col" }, text(c))))),
      h("tbody", {}, (sheet.rows || []).map((row) => h("tr", {}, row.map((cell) => h("td", {}, text(cell)))))),
      sheet.totals?.length ? h("tfoot", {}, h("tr", { class: "totals" }, sheet.totals.map((c) => h("td", {}, text(c))))) : null,
    ),
    latestHand(sheet, text),
  );
}

/** The latest hand turned on its side, one row per player (or team): his name, what the hand gave him, his total;
 * headed "Hand | 1 | Total". A narrow panel (the hand summary on a phone held sideways) shows it in place of the
 * sheet, whose columns of a player each wrapped into tall stripes. Null for a sheet without hand rows. */
function latestHand(sheet, text) {
  const rows = sheet.rows || [];
  const head = sheet.columns[0];
  if (!rows.length || !isMessage(head) || head.key !== "common.sheet.hand") return null;
  const last = rows[rows.length - 1];
  const totals = sheet.totals || [];
  return h(
    "table",
    { class: "sheet-latest" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, text(head)), h("th", { scope: "col" }, text(last[0])), h("th", { scope: "col" }, totals[0] ? text(totals[0]) : t("common.sheet.total")))),
    h(
      "tbody",
      {},
      sheet.columns.slice(1).map((column, i) => h("tr", {}, h("th", { scope: "row" }, text(column)), h("td", {}, text(last[i + 1] ?? "")), h("td", { class: "total" }, text(totals[i + 1] ?? "")))),
    ),
  );
}

/** A player's verdict on a finished game (`me`, his seat): the key that says he won, lost or neither; null for a
 * spectator. */
function verdictKey(result, me) {
  if (me === null) return null;
  if (result.winners?.includes(me)) return "over.you_won";
  // a player neither among the winners nor the losers (Ass: out between the first out and the Ass) is told so too
  return result.losers?.includes(me) ? "over.you_lost" : "over.you_neither";
}

/** Winners and losers of a finished game, by seat name; for a player (`me`, his seat) first whether he won. When
 * the game's own closing words follow (`told`: they name who won, with the score or the reason), a player's verdict
 * stands alone: "You lost." then "Ann and Bot 3 win 426 to 0.", not the same names twice. */
export function resultBlock(result, seatName, me = null, told = false) {
  if (!result) return null;
  const side = (seats, which) => (seats?.length ? h("p", { class: which }, t(`over.${which}`, { names: seats.map(seatName).join(", ") })) : null);
  const mine = verdictKey(result, me);
  const listed = !(mine && told);
  const kind = { "over.you_won": "won", "over.you_lost": "lost", "over.you_neither": "neither" }[mine];
  return h(
    "div",
    { class: "result" },
    mine ? h("p", { class: `verdict ${kind}` }, t(mine)) : null,
    listed ? side(result.winners, "winners") : null,
    listed ? side(result.losers, "losers") : null,
  );
}

let opener = null;
let wired = false;

/** Escape, and a click on the dimmed page around the box, close the overlay (like its Close button). */
function wireOverlay(overlay) {
  if (wired) return;
  wired = true;
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || overlay.hidden) return;
    e.preventDefault();
    closeOverlay();
  });
  overlay.addEventListener("click", (e) => {
    if (e.target === overlay) closeOverlay();
  });
  overlay.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || overlay.classList.contains("docked")) return;
    const stops = [...overlay.querySelectorAll("button, a[href], input, select, [tabindex='0']")].filter((el) => !el.disabled && el.offsetParent);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  });
}

/** A docked panel's sheet, when it scrolls, opens at the latest hand with the totals under it: that hand's row
 * whole, just under the column heads (held at the top, they would cover the first lines of a row scrolled half
 * under them), and the rows above it scrolled out of sight. */
function showLatestRow(wrap) {
  wrap.scrollTop = 0;
  const rows = wrap.querySelectorAll(".sheet tbody tr");
  const head = wrap.querySelector(".sheet thead");
  if (!rows.length || !head) {
    wrap.scrollTop = wrap.scrollHeight;
    return;
  }
  wrap.scrollTop = rows[rows.length - 1].getBoundingClientRect().top - head.getBoundingClientRect().bottom;
}

/** Show the overlay with a title, body nodes and buttons `[{label, onClick, primary, id}]`; the first button takes
 * the focus, which goes back where it was when the overlay closes. `docked`: a panel beside the table that
 * leaves play open (no dimmed page, no focus taken), closed by its buttons or Escape. */
export function openOverlay(kind, title, body, buttons, { docked = false } = {}) {
  const overlay = document.getElementById("overlay");
  wireOverlay(overlay);
  if (overlay.hidden) opener = document.activeElement;
  overlay.dataset.kind = kind;
  overlay.classList.toggle("docked", docked);
  overlay.querySelector(".overlay-box").setAttribute("aria-modal", docked ? "false" : "true");
  document.getElementById("overlay-title").textContent = title;
  fill(document.getElementById("overlay-body"), body);
  fill(
    document.getElementById("overlay-buttons"),
    buttons.map((b) =>
      h("button", { type: "button", class: b.primary ? "primary" : "", id: b.id || null, onclick: b.onClick }, b.label),
    ),
  );
  overlay.hidden = false;
  overlay.querySelector(".overlay-box").scrollTop = 0;
  if (docked) overlay.querySelectorAll(".sheet-wrap").forEach(showLatestRow);
  if (!docked) overlay.querySelector("#overlay-buttons button")?.focus({ preventScroll: true });
}

export function closeOverlay(kind = null) {
  const overlay = document.getElementById("overlay");
  if (overlay.hidden || (kind !== null && overlay.dataset.kind !== kind)) return;
  overlay.hidden = true;
  const docked = overlay.classList.contains("docked");
  if (docked && overlay.contains(document.activeElement) === false) {
    opener = null;
    return;
  }
  const back = opener && opener.isConnected && opener !== document.body ? opener : document.querySelector("#hand .card[tabindex='0']");
  opener = null;
  back?.focus({ preventScroll: true });
}

export function overlayKind() {
  const overlay = document.getElementById("overlay");
  return overlay.hidden ? null : overlay.dataset.kind;
}
