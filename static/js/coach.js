// The coach of a lesson ("Learn by playing"): a panel beside the table. At the start it says what the prepared
// hand shows, and once that hand is played, that the game goes on with new deals; before each of your moves, what
// to look at (the cards you may play) and the move it would make, with the engine's own reason (the Hard bot's
// hint), its card or button marked; before a move much worse than the coach's, a warning and one tap to play it
// anyway; after your move, whether it was the coach's (until the hand ends); at each hand's end, how often you made
// the coach's move; a tapped card that is not allowed, why not (the engine's refusal); once the lesson's hand is
// played, the Hard bot's review of your decisions in it. Nothing here is written per move.

import { actionLabel } from "./actions.js";
import { muchWorse } from "./coach_check.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const RETRIES = 20;
const RETRY_MS = 400;

/** Scroll `box` so that `el` inside it is in sight, when the moves scroll within their column (a phone on its side):
 * the move the coach marks must not lie hidden under the others. */
function reveal(box, el) {
  if (!box || box.scrollHeight <= box.clientHeight) return;
  const outer = box.getBoundingClientRect();
  const inner = el.getBoundingClientRect();
  if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 6;
  else if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + 6;
}

/** `panel`: the coach's element; `ask()`: resolves with the hint for the current position ({version, action,
 * reason}); `say(message)`: an engine message in words for this reader; `style()`: the card style; `review(snap)`:
 * the section of the Hard bot's review of the lesson's hand, asked for once that hand is played. */
export function createCoach({ panel, ask, say, style, review }) {
  let asked = null;
  let advice = null;
  let feedback = null;
  let shows = null;
  let played = false; // the lesson's hand is over: the game goes on with new deals
  let active = false;
  let hand = null; // the hand being played, its moves and how many were the coach's
  let tally = { moves: 0, followed: 0 };
  let summed = null; // the last hand's sum, in words
  let warning = null; // a move much worse than the coach's, held back: {action, go}
  let lastSnap = null;
  let reviewed = null; // the review's section, once the lesson's hand is played

  function mark() {
    document.querySelectorAll(".coach-pick").forEach((el) => el.classList.remove("coach-pick"));
    if (!advice) return;
    const [verb, ...cards] = advice.action.split(" ");
    for (const card of cards) document.querySelector(`#hand .card[data-card="${card}"]`)?.classList.add("coach-pick");
    for (const el of document.querySelectorAll("#actions [data-action]")) {
      if (el.dataset.action === advice.action || (!cards.length && el.dataset.action === verb)) {
        el.classList.add("coach-pick");
        reveal(document.getElementById("actions"), el);
        // once the table is laid out again (the game's panel keeps its rows, so the moves' column may shrink)
        requestAnimationFrame(() => reveal(document.getElementById("actions"), el));
      }
    }
  }

  function draw(snap, myTurn) {
    const lines = [];
    if (shows) lines.push(h("p", { class: played ? "coach-shows coach-done" : "coach-shows" }, shows));
    if (summed) lines.push(h("p", { class: "coach-sum" }, summed));
    if (feedback) lines.push(h("p", { class: "coach-feedback", dataset: { verdict: feedback.verdict } }, feedback.text));
    if (warning && myTurn) {
      const go = warning.go;
      lines.push(
        h(
          "p",
          { class: "coach-warning", role: "alert" },
          t("coach.warn", { action: actionLabel(warning.action, style()), best: actionLabel(advice.action, style()) }),
          " ",
          h("button", { type: "button", class: "coach-anyway", onclick: () => ((warning = null), go()) }, t("coach.anyway")),
        ),
      );
    }
    if (myTurn) {
      const cards = document.querySelectorAll("#hand .card.legal").length;
      lines.push(h("p", { class: "coach-look" }, cards ? t("coach.look", { n: cards }) : t("coach.look_buttons")));
      if (advice) {
        lines.push(
          h(
            "p",
            { class: "coach-advice", dataset: { action: advice.action, values: JSON.stringify(advice.values || {}) } },
            t("coach.advice", { action: actionLabel(advice.action, style()) }),
            " ",
            h("span", { class: "coach-reason" }, say(advice.reason)),
          ),
        );
      } else {
        lines.push(h("p", { class: "coach-thinking hint" }, t("coach.thinking")));
      }
    } else if (snap.view?.over) {
      lines.push(h("p", { class: "coach-end" }, t("coach.over")));
    } else if (!feedback) {
      lines.push(h("p", { class: "hint" }, t("coach.wait")));
    }
    if (reviewed) lines.push(reviewed);
    fill(panel.querySelector(".coach-lines"), lines);
    mark();
  }

  /** Ask for the coach's move at this snapshot's position; a refusal (the server still thinking about the position
   * before, say) is asked again a moment later while the position stands. */
  function request(snap, myTurn, left) {
    const version = snap.version;
    ask()
      .then((reply) => {
        if (asked !== version) return;
        advice = reply;
        draw(snap, myTurn);
      })
      .catch(() => {
        if (asked === version && left > 0) setTimeout(() => asked === version && request(snap, myTurn, left - 1), RETRY_MS);
      });
  }

  /** The hand of `snap` (or the game's end): when it moved on, the finished hand's sum replaces the praise or the
   * word on the last move, which spoke of that hand. */
  function nextHand(snap) {
    const now = snap.view?.over ? "over" : snap.view?.hand_no;
    if (hand !== null && now !== hand && tally.moves) {
      summed = t("coach.hand_done", { followed: tally.followed, moves: tally.moves });
      tally = { moves: 0, followed: 0 };
      feedback = null;
    }
    hand = now;
  }

  /** What the lesson shows: its own words on the first hand, then that play goes on; the review once played. */
  function lessonWords(snap) {
    shows = feedback || summed ? null : t(snap.lesson.shows.key);
    played = snap.view?.hand_no > 1;
    if (played) shows = t("coach.played_on");
    if ((played || snap.view?.over) && !reviewed && snap.you != null) reviewed = review(snap);
  }

  return {
    /** Show or hide the coach for this snapshot; ask for the coach's move once per turn of yours. */
    update(snap, myTurn) {
      lastSnap = snap;
      active = Boolean(snap.lesson);
      panel.hidden = !active;
      if (!active) return;
      nextHand(snap);
      lessonWords(snap);
      panel.querySelector(".coach-again").href = `/?learn=${encodeURIComponent(snap.game)}`;
      if (!myTurn) {
        advice = null;
        asked = null;
        warning = null;
      } else if (asked !== snap.version) {
        asked = snap.version;
        advice = null;
        warning = null;
        request(snap, myTurn, RETRIES);
      }
      draw(snap, myTurn);
    },
    /** Whether `action` may be sent now: not a move much worse than the coach's, unless the player said so (`go`
     * sends it anyway, from the warning's button). */
    allows(action, go) {
      if (!active || !advice || !muchWorse(advice.values, advice.action, action)) return true;
      warning = { action, go };
      draw(lastSnap, true);
      panel.querySelector(".coach-anyway")?.focus();
      return false;
    },
    /** The player made `action`: was it the coach's move? */
    played(action) {
      if (!active || !advice) return;
      const same = action === advice.action;
      tally.moves += 1;
      if (same) tally.followed += 1;
      summed = null;
      feedback = {
        verdict: same ? "good" : "other",
        text: same
          ? t("coach.good")
          : `${t("coach.other", { action: actionLabel(advice.action, style()) })} ${say(advice.reason)}`,
      };
    },
    /** A tapped move the rules refuse: the engine's reason, kept in the coach's words too. */
    refused(reason) {
      if (!active) return;
      feedback = { verdict: "refused", text: t("coach.refused", { reason: say(reason) }) };
      const lines = panel.querySelector(".coach-lines");
      const old = lines.querySelector(".coach-feedback");
      const line = h("p", { class: "coach-feedback", dataset: { verdict: "refused" } }, feedback.text);
      if (old) old.replaceWith(line);
      else lines.prepend(line);
    },
  };
}
