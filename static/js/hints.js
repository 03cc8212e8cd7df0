// "Suggest a move": a preference of this browser (off at first); when it is on and you may act, a button asks the
// server (`hint`), which answers the Hard bot's choice and a short reason (a message). The suggested card or button
// is marked until the table moves on, and the reason is shown in the reader's words; meanwhile the button steps aside
// (asking again would give the same answer, and on a phone on its side the room is needed) and comes back on your
// next turn. A forced move (a draw, a pass: the one legal move) is answered here, without asking the server.

import { parseAction } from "./actions.js";
import { request } from "./connection.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const HINTS_KEY = "cardtable.hints";

export function hintsWanted() {
  return globalThis.localStorage?.getItem(HINTS_KEY) === "on";
}

export function setHintsWanted(on) {
  localStorage.setItem(HINTS_KEY, on ? "on" : "off");
}

/** The suggestion the page gives itself: when `snap` leaves the player one legal move, that move and "it is the only
 * move you have" (as the server would say it); else `null`, and the server is asked. */
export function onlyMove(snap) {
  const legal = snap?.legal || [];
  return legal.length === 1 ? { version: snap.version, action: legal[0], reason: { key: "hint.only" } } : null;
}

/** Mark what plays `action` in the hand and the action buttons (its cards; its button, or its power's "Use" button;
 * a picker's choice); the marked elements, first the cards. */
function mark(action, { hand, actions, selection }) {
  const { args } = parseAction(action);
  const marked = [];
  const cards = [...hand.querySelectorAll("[data-card]")].filter((el) => JSON.parse(el.dataset.actions || "[]").includes(action) && args.includes(el.dataset.card));
  marked.push(...cards);
  // a power whose choices are made in its chooser: the button that opens it
  const power = action.startsWith("power ") ? action.split(" ")[1] : null;
  for (const box of [actions, selection]) {
    marked.push(...[...box.querySelectorAll("[data-action]")].filter((el) => el.dataset.action === action));
    marked.push(...[...box.querySelectorAll(".power-use[data-power]")].filter((el) => el.dataset.power === power));
    for (const picker of box.querySelectorAll("select.action-picker")) {
      if ([...picker.options].some((o) => o.value === action)) {
        picker.value = action;
        marked.push(picker, ...box.querySelectorAll(`[data-picker="${picker.dataset.verb}"]`));
      }
    }
  }
  marked.forEach((el) => el.classList.add("hinted"));
  return marked;
}

/** Mark `el` (the reason, kept to three lines on a phone on its side) `more` while some of its text lies below its
 * bottom edge, out of sight until it is scrolled: its last line fades (app.css). */
function showMore(el) {
  el.classList.toggle("more", el.scrollTop + el.clientHeight < el.scrollHeight - 1);
}

/**
 * The hint button and text of one table page: `render(snap, canAct)` after each render of the play area;
 * `els` holds the button, the text box and the hand, actions and selection boxes; `label(action)` puts a move in
 * words, `speak(message)` a message (players' names too), `onError(err)` shows a refusal.
 */
export function createHints({ socket, code, els, label, speak, onError }) {
  let hint = null;
  let asking = false;
  let current = null;
  let wanted = false;

  /** Show the suggestion while it is for the position on the table; the button only while there is none. */
  function paint() {
    const snap = current;
    const shown = Boolean(hint && snap && hint.version === snap.version);
    els.text.hidden = !shown;
    els.button.hidden = !wanted || shown;
    if (!shown) return;
    const marked = mark(hint.action, els);
    fill(els.text, h("strong", {}, t("hint.suggested", { move: label(hint.action) })), " ", h("span", { class: "hint-reason" }, speak(hint.reason)));
    showMore(els.text);
    return marked;
  }

  async function ask() {
    if (asking || !current) return;
    const hadFocus = document.activeElement === els.button;
    const forced = onlyMove(current);
    if (forced) {
      hint = forced;
      keepFocus(hadFocus, paint());
      return;
    }
    asking = true;
    els.button.disabled = true;
    els.button.textContent = t("hint.thinking");
    try {
      const reply = await request(socket, "hint", { code }, 20000);
      hint = { version: reply.version, action: reply.action, reason: reply.reason };
    } catch (err) {
      onError(err);
    } finally {
      asking = false;
      els.button.disabled = false;
      els.button.textContent = t("hint.button");
      keepFocus(hadFocus, paint());
    }
  }

  /** The button stepped aside: the keyboard goes on from the suggested card or button (`marked`). */
  function keepFocus(hadFocus, marked) {
    if (hadFocus && els.button.hidden) (marked?.[0] ?? els.text).focus();
  }

  els.button.addEventListener("click", ask);
  els.text.addEventListener("scroll", () => showMore(els.text));
  if (globalThis.ResizeObserver) new ResizeObserver(() => showMore(els.text)).observe(els.text);

  function render(snap, canAct) {
    current = snap;
    if (hint && hint.version !== snap.version) hint = null;
    wanted = hintsWanted() && canAct;
    if (!asking) els.button.textContent = t("hint.button");
    paint();
  }

  return { render };
}
