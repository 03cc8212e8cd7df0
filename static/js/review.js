// The Hard bot's review of a finished game (GET /api/history/<id>/review, webapp/review.py): per player a line (his
// decisions, how many matched the bot, what he gave away), his three costliest decisions with both moves, the bot's
// reason, the cost in words and "Open in the replay" / "Try again"; in the replay a mark per decision on a timeline
// and the review's word at the step shown. Costs are estimates: always said with their interval.

import { actionLabel } from "./actions.js";
import { saveToken, savedName } from "./connection.js";
import { fill, h } from "./dom.js";
import { catalogLang, say, speaker, t } from "./i18n.js";
import { toast } from "./toast.js";

const POLL_MS = 2000;
const POLL_LIMIT = 150;
const SHOWN = 3;

/** The review of game `id` once it is made: polls while the server says it is being made; null if it never comes. */
export async function fetchReview(id, { onPending = () => {} } = {}) {
  for (let n = 0; n < POLL_LIMIT; n++) {
    const response = await fetch(`/api/history/${id}/review`, { cache: "no-store" });
    const data = await response.json().catch(() => ({}));
    if (response.ok && data.status === "done") return data.review;
    if (response.status !== 202) throw new Error(data.error ? say(data.error) : t("review.failed"));
    onPending();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

/** A cost or its interval as a reader says it: whole numbers from 1 up, else one decimal (two below a tenth). */
export function roughly(value) {
  const abs = Math.abs(value);
  const digits = abs >= 1 ? 0 : abs >= 0.1 ? 1 : 2;
  return Number(value.toFixed(digits)).toLocaleString(catalogLang());
}


/** "About 12 points, give or take 5." in the game's unit (`points`, `banks`, `chance`). */
export function costText(unit, cost, spread) {
  return t(`review.cost.${unit}`, { cost: roughly(cost), spread: roughly(spread) });
}

/** The review's verdicts as a timeline mark's class: a search that could not separate the moves is no verdict. */
export const markOf = (verdict) => ({ match: "match", cost: "cost", skipped: "skipped" })[verdict] ?? "close";

/** A player's one line: his decisions, how many matched the bot, and what he gave away (or, where the game is
 * counted in chances, which do not add up, his costliest decision); "You: …" for the reader's own (`you`). */
export function summaryLine(review, seat, nameOf, you = null) {
  const s = review.seats[String(seat)];
  const given = !s.costly
    ? t("review.given.none")
    : review.unit === "chance"
      ? t("review.given.chance", { cost: roughly(s.worst), spread: roughly(worstSpread(review, seat)) })
      : t(`review.given.${review.unit}`, { cost: roughly(s.given), spread: roughly(s.spread) });
  return t(seat === you ? "review.summary.you" : "review.summary", {
    name: nameOf(seat),
    decisions: t("review.decisions", { n: s.decisions }),
    matched: t("review.matched", { n: s.matched }),
    given,
  });
}

function worstSpread(review, seat) {
  const worst = costliest(review, seat, 1)[0];
  return worst ? worst.spread : 0;
}

/** A seat's `count` costliest decisions, the costliest first. */
export function costliest(review, seat, count = SHOWN) {
  return review.decisions
    .filter((e) => e.seat === seat && e.verdict === "cost")
    .sort((a, b) => b.cost - a.cost || a.step - b.step)
    .slice(0, count);
}

/** The seats a review was made for, as numbers. */
export const reviewedSeats = (review) => Object.keys(review.seats).map(Number).sort((a, b) => a - b);

/** The reason the bot gave, in words, read as the seat it advised sees the game. */
function reasonOf(entry, { nameOf, players, game }) {
  if (!entry.reason) return null;
  const names = Array.from({ length: players }, (_, n) => nameOf(n));
  return say(entry.reason, speaker({ names, seat: entry.seat, game }));
}

/** "Try again": a table where the player stands before that decision again, bots in the other seats. */
async function retry(gameId, entry, nameOf, button) {
  button.disabled = true;
  button.textContent = t("review.retrying");
  try {
    const response = await fetch(`/api/history/${gameId}/retry`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ step: entry.step, name: savedName() || nameOf(entry.seat) || t("review.retry") }),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(say(data.error));
    saveToken(data.code, data.token);
    location.assign(`/t/${data.code}`);
  } catch (err) {
    toast(err.message, "error");
    button.disabled = false;
    button.textContent = t("review.retry");
  }
}

/** One costly decision: the step, both moves, the bot's reason, the cost in words, and its buttons ("Open in the
 * replay" unless `opens` is false: the replay at that step). */
function decisionItem(review, entry, ctx, { opens = true } = {}) {
  const style = ctx.style();
  const mine = entry.seat === ctx.you;
  const made = t(mine ? "review.played.you" : "review.played", { name: ctx.nameOf(entry.seat), move: actionLabel(entry.made, style) });
  const reason = reasonOf(entry, ctx);
  const href = `/replay/${ctx.gameId}?${new URLSearchParams({ ...(ctx.code ? { code: ctx.code } : {}), seat: String(entry.seat), step: String(entry.step) })}`;
  const retryButton = mine && !ctx.lesson
    ? h("button", { type: "button", class: "review-retry primary", onclick: (e) => retry(ctx.gameId, entry, ctx.nameOf, e.currentTarget) }, t("review.retry"))
    : null;
  return h(
    "li",
    { class: "review-item", dataset: { step: String(entry.step), seat: String(entry.seat) } },
    h("p", { class: "review-moves" }, h("strong", {}, t("review.step", { step: entry.step })), " ", made, " · ", h("span", { class: "review-bot" }, t("review.bot", { move: actionLabel(entry.bot, style) }))),
    reason ? h("p", { class: "review-reason" }, reason) : null,
    h("p", { class: "review-cost" }, costText(review.unit, entry.cost, entry.spread)),
    opens || retryButton ? h("p", { class: "row-form review-buttons" }, opens ? h("a", { class: "button review-open", href }, t("review.open")) : null, retryButton) : null,
  );
}

/**
 * The review's panel: a line per player, then the costliest decisions of the player reading (`you`), or of every
 * player for a spectator. `ctx`: {gameId, code, you, nameOf, style, players, game, lesson} (`lesson`: a lesson's hand,
 * its decisions neither opened in a replay nor played again).
 */
export function reviewPanel(review, ctx) {
  const seats = reviewedSeats(review);
  const listed = seats.includes(ctx.you) ? [ctx.you] : seats;
  const skipped = review.decisions.filter((e) => e.verdict === "skipped").length;
  return h(
    "div",
    { class: "review", dataset: { unit: review.unit } },
    h("ul", { class: "review-summary" }, seats.map((seat) => h("li", { dataset: { seat: String(seat) } }, summaryLine(review, seat, ctx.nameOf, ctx.you)))),
    listed.flatMap((seat) => {
      const worst = costliest(review, seat);
      return [
        h("h4", {}, seat === ctx.you ? t("review.costliest.you") : t("review.costliest", { name: ctx.nameOf(seat) })),
        worst.length ? h("ol", { class: "review-list" }, worst.map((e) => decisionItem(review, e, ctx, { opens: !ctx.lesson }))) : h("p", { class: "hint" }, t("review.none")),
      ];
    }),
    h("p", { class: "hint review-sample" }, t("review.sample", { n: review.worlds })),
    skipped ? h("p", { class: "hint" }, t("review.skipped", { n: skipped })) : null,
  );
}

/** The game-end screen's section: "reviewing…" until the review of the table's latest game comes, then its panel.
 * `findGame()` gives that game's id. */
export function gameEndReview(findGame, ctx) {
  const body = h("p", { class: "hint", role: "status" }, t("review.pending"));
  const section = h("section", { class: "review-over", "aria-label": t("review.title") }, h("h3", {}, t("review.title")), body);
  (async () => {
    try {
      const gameId = await findGame();
      const review = gameId === null ? null : await fetchReview(gameId);
      if (!review) return section.remove();
      body.replaceWith(reviewPanel(review, { ...ctx, gameId }));
    } catch (err) {
      fill(body, err.message);
    }
  })();
  return section;
}

/** The review of a lesson's hand (POST /api/lesson/<code>/review with the seat's token) once the hand is played:
 * polls while it is made; null if it never comes. */
async function fetchLessonReview(code, token) {
  for (let n = 0; n < POLL_LIMIT; n++) {
    const response = await fetch(`/api/lesson/${code}/review`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
      cache: "no-store",
    });
    const data = await response.json().catch(() => ({}));
    if (response.ok && data.status === "done") return data.review;
    if (response.status !== 202) throw new Error(data.error ? say(data.error) : t("review.failed"));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

/** The coach's section at a lesson's end: "reviewing…" until the review of the lesson's hand comes, then its panel
 * (no replay nor "try again": the game goes on). `ctx` as the panel's, without `gameId`. */
export function lessonReview(code, token, ctx) {
  const body = h("p", { class: "hint", role: "status" }, t("review.lesson.pending"));
  const section = h("section", { class: "review-over coach-review", "aria-label": t("review.lesson.title") }, h("h3", {}, t("review.lesson.title")), body);
  (async () => {
    try {
      const review = token ? await fetchLessonReview(code, token) : null;
      if (!review) return section.remove();
      body.replaceWith(reviewPanel(review, { ...ctx, lesson: true }));
    } catch (err) {
      fill(body, err.message);
    }
  })();
  return section;
}

/**
 * The replay's review: `load()` once, then `render(s, seat)` after each step is drawn: the timeline's marks (one per
 * decision of the seat the game is seen from, or of every reviewed player) and the review's word at this step.
 * `els`: {panel, timeline, here}; `go(step)` moves the replay.
 */
export function createReplayReview({ gameId, code, els, nameOf, style, go, game }) {
  let review = null;

  async function load(players) {
    els.panel.hidden = false;
    fill(els.panel, h("h2", {}, t("review.title")), h("p", { class: "hint", role: "status" }, t("review.pending")));
    try {
      review = await fetchReview(gameId);
    } catch (err) {
      fill(els.panel, h("h2", {}, t("review.title")), h("p", { class: "hint" }, err.message));
      return;
    }
    if (!review) {
      els.panel.hidden = true;
      return;
    }
    els.players = players;
    return review;
  }

  function ctxFor(seat) {
    return { gameId, code, you: typeof seat === "number" ? seat : null, nameOf, style, players: els.players || 0, game: game() };
  }

  function render(s, seat, total) {
    if (!review) return;
    const ctx = ctxFor(seat);
    if (!els.panel.dataset.drawn || els.panel.dataset.drawn !== String(seat)) {
      fill(els.panel, h("h2", {}, t("review.title")), reviewPanel(review, ctx));
      els.panel.dataset.drawn = String(seat);
    }
    const shown = review.decisions.filter((e) => (typeof seat === "number" ? e.seat === seat : true));
    els.timeline.hidden = !shown.length;
    els.timeline.setAttribute("aria-label", t("review.timeline"));
    fill(
      els.timeline,
      shown.map((e) => {
        const mark = h("button", {
          type: "button",
          class: `review-mark ${markOf(e.verdict)}${e.step === s.step ? " current" : ""}`,
          title: t(`review.mark.${markOf(e.verdict)}`, { step: e.step }),
          "aria-label": t(`review.mark.${markOf(e.verdict)}`, { step: e.step }),
          dataset: { step: String(e.step), verdict: e.verdict },
          onclick: () => go(e.step),
        });
        mark.style.setProperty("--at", `${total ? (100 * e.step) / total : 0}%`);
        return mark;
      }),
    );
    const here = shown.find((e) => e.step === s.step && (typeof seat !== "number" || e.seat === seat));
    els.here.hidden = !here || here.verdict === "skipped";
    if (els.here.hidden) return;
    if (here.verdict === "match") fill(els.here, t("review.here.match"));
    else if (here.verdict === "cost") fill(els.here, h("strong", {}, t("review.here.cost")), Array.from(decisionItem(review, here, ctx, { opens: false }).childNodes));
    else fill(els.here, t("review.here.close", { move: actionLabel(here.bot, style()) }));
    els.here.dataset.verdict = here.verdict;
  }

  return { load, render };
}
