// The table's overlays (sheet.js): the hand-end summary, the game-end screen with its hands and replays, the score
// sheet and the last trick.

import { latestFinishedGame } from "../deals.js";
import { h, noLang } from "../dom.js";
import { t, tParts } from "../i18n.js";
import { playsRow } from "../plays.js";
import { gameEndReview } from "../review.js";
import { readerFor } from "../seats/names.js";
import { closeOverlay, openOverlay, resultBlock, sheetTable } from "../sheet.js";
import { seated } from "./ctrl.js";
import { sayAlso } from "./view_log.js";

/** The last hand-end event summarised (the score sheet opens its summary again). */
let lastHandEvent = null;

/** The lines of how a hand or game ended ("how"), in the reader's words. */
const howList = (ctrl, how) => (how ? h("ul", { class: "hand-how" }, how.map((m) => h("li", {}, ctrl.withNames(m)))) : null);

/** Each finished hand of the game with its deal code, "Play this deal again" and "Replay this hand". */
function handsList(ctrl) {
  const codes = ctrl.snap.deal_codes || [];
  if (!codes.length) return null;
  const row = (d, i) => {
    const hand = d.hand_no ?? i + 1;
    return h(
      "li",
      { class: "deal-row", dataset: { code: d.code, hand: String(hand) } },
      h("span", {}, tParts("over.hand_code", { code: noLang(d.code, { class: "code" }) }, { hand })),
      h(
        "span",
        { class: "row-form" },
        h("button", { type: "button", class: "deal-again", onclick: () => ctrl.playAgainDeal(d.code) }, t("deal.again")),
        h("button", { type: "button", class: "replay-hand", onclick: () => ctrl.openReplay(d.hand_no ?? null) }, t("over.replay_hand")),
      ),
    );
  };
  return h("div", { class: "deal-list" }, h("h3", {}, t("over.hands")), h("ul", {}, codes.map(row)));
}

/** The game-end screen: the result, the last hand, the sheet, the review, the hands; Play again, the replay. */
export function showGameOver(ctrl) {
  const { snap, nameOf, style } = ctrl;
  const view = snap.view;
  const you = snap.you ?? null;
  const review = { code: ctrl.code, you, nameOf, style, players: snap.players, game: snap.game };
  openOverlay(
    "over",
    t("over.title"),
    [
      resultBlock(view?.result, nameOf, you, Boolean(view?.status)),
      view?.status ? h("p", {}, ctrl.withNames(view.status)) : null,
      howList(ctrl, view?.extra?.last_hand?.how),
      sheetTable(view?.sheet, nameOf, readerFor(view, nameOf)),
      gameEndReview(() => latestFinishedGame(ctrl.code), review),
      handsList(ctrl),
    ],
    [
      seated(snap) ? { label: t("over.again"), id: "play-again", primary: true, onClick: ctrl.playAgain } : null,
      { label: t("over.replay_game"), id: "replay-game", onClick: () => ctrl.openReplay() },
      { label: t("over.lobby"), onClick: () => location.assign("/") },
      { label: t("table.close"), onClick: () => closeOverlay("over") },
    ].filter(Boolean),
  );
}

/** The score sheet, with the last hand's summary again while the game goes on. */
export function showSheet(ctrl) {
  const { snap, nameOf } = ctrl;
  const lastHand = lastHandEvent || (snap.view?.extra?.last_hand ? {} : null);
  openOverlay("sheet", t("table.score"), sheetTable(snap.view?.sheet, nameOf, readerFor(snap.view, nameOf)), [
    { label: t("table.close"), onClick: () => closeOverlay(), primary: true },
    lastHand && snap.state === "playing" ? { label: t("summary.again"), id: "sheet-last-hand", onClick: () => showHandSummary(ctrl, lastHand) } : null,
  ].filter(Boolean));
}

/** The last trick, and who took it. */
export function showLastTrick(ctrl) {
  const { nameOf } = ctrl;
  const last = ctrl.snap.view?.last_trick;
  if (!last) return;
  const taker = last.winner ?? null;
  openOverlay(
    "last",
    ctrl.withNames(last.label) || t("table.last_trick"),
    [playsRow(last, nameOf, ctrl.style(), taker), taker !== null ? h("p", {}, t("table.taken_by", { name: nameOf(taker) })) : null],
    [{ label: t("table.close"), onClick: () => closeOverlay(), primary: true }],
  );
}

/** The hand's deal code and the word that it can be replayed later (nothing without a deal). */
function dealLines(deal) {
  if (!deal) return [];
  return [
    h("p", { class: "hint deal-code", dataset: { code: deal.code } }, tParts("summary.deal_code", { code: noLang(deal.code, { class: "code" }) })),
    h("p", { class: "hint" }, t("summary.replay_later")),
  ];
}

/** The hand-end summary: a panel docked beside the table, play goes on meanwhile; the score sheet opens it again. */
export function showHandSummary(ctrl, event) {
  lastHandEvent = event;
  const { snap, nameOf } = ctrl;
  const view = snap.view;
  const lastHand = view.extra?.last_hand;
  const row = (ls, seat) => h("li", {}, h("strong", {}, nameOf(seat)), ": ", ctrl.withNames(ls.join(", ")));
  const lines = lastHand?.lines ? h("ul", { class: "hand-lines" }, lastHand.lines.map(row)) : null;
  const number = event.hand_no ?? lastHand?.hand_no;
  const title = typeof number === "number" ? t("summary.title", { hand: number }) : t("summary.title_plain");
  sayAlso(title);
  const codes = snap.deal_codes || [];
  const deal = codes.find((d) => d.hand_no === number) || codes[codes.length - 1] || null;
  const verdict = lastHand?.verdict ? h("p", { class: "hand-verdict" }, ctrl.withNames(lastHand.verdict)) : null;
  openOverlay(
    "hand",
    title,
    [verdict, howList(ctrl, lastHand?.how), lines, sheetTable(view.sheet, nameOf, readerFor(view, nameOf)), ...dealLines(deal)],
    [
      { label: t("summary.continue"), id: "summary-close", onClick: () => closeOverlay("hand"), primary: true },
      deal ? { label: t("deal.again"), id: "summary-deal-again", onClick: () => ctrl.playAgainDeal(deal.code) } : null,
    ].filter(Boolean),
    { docked: true },
  );
}
