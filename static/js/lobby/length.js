// A game's length on its card: how long it lasts, full and short (bench.lengths measured it from bot games), and
// "Play now" asking which when the game offers a short one.

import { h } from "../dom.js";
import { t } from "../i18n.js";

/** How long each game lasts, full and short; empty if unknown. */
export async function loadLengths() {
  try {
    const response = await fetch("/static/lengths.json");
    return response.ok ? (await response.json()).games || {} : {};
  } catch {
    return {};
  }
}

/** "Play now" for a game that offers a short game (`entry`: its lengths): the card asks which, with each one's
 * minutes, in place of its buttons (the first choice takes the focus; Cancel or Escape gives the buttons back);
 * `start(options, button)` opens the table (no options: the full game). */
export function chooseLength(entry, button, start) {
  const row = button.closest(".game-card").querySelector(".game-card-actions");
  const buttons = [...row.children];
  const restore = () => {
    row.replaceChildren(...buttons);
    button.focus();
  };
  const choice = h(
    "div",
    { class: "length-choice", role: "group", "aria-label": t("length.choose"), onkeydown: (e) => e.key === "Escape" && restore() },
    h("span", { class: "hint" }, t("length.choose")),
    h("button", { type: "button", class: "primary length-short", onclick: (e) => start(entry.short.options, e.currentTarget) }, t("length.short", { minutes: entry.short.minutes })),
    h("button", { type: "button", class: "length-full", onclick: (e) => start(undefined, e.currentTarget) }, t("length.full", { minutes: entry.full.minutes })),
    h("button", { type: "button", class: "link-button length-cancel", onclick: restore }, t("length.cancel")),
  );
  row.replaceChildren(choice);
  choice.querySelector("button").focus();
}
