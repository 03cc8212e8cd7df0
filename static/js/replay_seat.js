// What a replay shows of the hands and what it asks the Hard bot, by the seat the game is seen from (`seat`: a player's
// number, "all" for every hand open, null for a spectator): that player's hand, or a row of cards per seat, and "What
// would the Hard bot play?" for the seat that acts (GET /api/history/<id>/advice), its answer marked in its cards.

import { actionLabel, parseAction } from "./actions.js";
import { cardSvg } from "./cards.js";
import { fill, h } from "./dom.js";
import { miniCard } from "./extra_parts.js";
import { fitHand } from "./hand.js";
import { say, t } from "./i18n.js";
import { named, readerFor } from "./seats/names.js";

/** The player whose hand is shown (a number), or null: every hand open, or a spectator. */
export const playerOf = (seat) => (typeof seat === "number" ? seat : null);

/** The hand of the player the game is seen from, face up, into `el`; nothing is played from it here. */
export function showHand(el, view, seat, { nameOf, style }) {
  const mine = playerOf(seat);
  el.hidden = mine === null;
  if (mine === null) el.removeAttribute("aria-label");
  else el.setAttribute("aria-label", t("replay.hand_of", { name: nameOf(mine) }));
  fill(el, (mine === null ? [] : view.hand || []).map((card) => h("span", { class: "card", dataset: { card }, html: cardSvg(card, style) })));
  fitHand(el);
}

/** Every seat's hand of step `s` (`s.open`, every hand open), face up, a row each into `el`; the seats to act named
 * in gold. */
export function showOpenHands(el, s, { nameOf, style }) {
  el.hidden = !s.open;
  const acting = s.view.to_act || [];
  fill(
    el,
    (s.open || []).map((cards, n) =>
      h(
        "div",
        { class: `open-hand${acting.includes(n) ? " to-act" : ""}`, role: "group", "aria-label": t("replay.hand_of", { name: nameOf(n) }), dataset: { seat: String(n) } },
        h("span", { class: "open-name" }, nameOf(n)),
        h("span", { class: "open-cards" }, cards.map((c) => miniCard(c, style))),
      ),
    ),
  );
}

/** The seat "What would the Hard bot play?" asks for at step `s`: the player the game is seen from, or with every
 * hand open the first to act; null for a spectator. */
function adviser(s, seat) {
  return seat === "all" ? ((s.view.to_act || [])[0] ?? null) : playerOf(seat);
}

/**
 * The replay's "What would the Hard bot play?" of finished game `gameId`: `render(s, { seat, total, next })` after
 * each drawing of step `s` (`next`: the move made after it, if known); `els` holds the button and the answer's box;
 * `onAnswer()` draws the step again once an answer came. One answer is kept: the last asked.
 */
export function createAdvice({ gameId, els, nameOf, style, onAnswer }) {
  let advice = null;
  let asking = false;
  let shown = null;

  function render(s, { seat, total, next }) {
    shown = { s, seat };
    const who = adviser(s, seat);
    const acts = who !== null && s.step < total && (s.view.to_act || []).includes(who);
    const answer = advice && advice.step === s.step && advice.seat === who ? advice : null;
    els.button.hidden = !acts || Boolean(answer);
    els.button.disabled = asking;
    els.button.textContent = t(asking ? "hint.thinking" : "replay.ask");
    els.text.hidden = !answer;
    if (!answer) return;
    if (answer.error) fill(els.text, say(answer.error));
    else showAnswer(s, { seat, who, answer, next });
  }

  /** The suggested move marked on its cards, in words with its reason, and the move made in the game after it. */
  function showAnswer(s, { seat, who, answer, next }) {
    const { args } = parseAction(answer.action);
    const cards = seat === "all" ? `#open-hands [data-seat="${who}"] [data-card]` : "#hand [data-card]";
    document.querySelectorAll(cards).forEach((el) => el.classList.toggle("hinted", args.includes(el.dataset.card)));
    const move = actionLabel(answer.action, style());
    const made = next && next[0] === who ? (next[1] === answer.action ? t("replay.played_same") : t("replay.played", { move: actionLabel(next[1], style()) })) : null;
    fill(
      els.text,
      h("strong", {}, seat === "all" ? t("replay.suggested_for", { name: nameOf(who), move }) : t("hint.suggested", { move })),
      " ",
      named(answer.reason, nameOf, readerFor({ ...s.view, seat: who }, nameOf)),
      made ? [" ", made] : null,
    );
  }

  async function ask() {
    const at = { step: shown.s.step, seat: adviser(shown.s, shown.seat) };
    asking = true;
    els.button.disabled = true;
    els.button.textContent = t("hint.thinking");
    try {
      const response = await fetch(`/api/history/${gameId}/advice?step=${at.step}&seat=${at.seat}`);
      const data = await response.json();
      advice = response.ok ? data : { ...at, error: typeof data.error === "object" ? data.error : { key: "server.hint.failed" } };
    } catch {
      advice = { ...at, error: { key: "server.hint.failed" } };
    } finally {
      asking = false;
    }
    onAnswer();
  }

  els.button.addEventListener("click", ask);
  return { render };
}
