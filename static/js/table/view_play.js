// The table in play: the seats around the ring, the middle (the trick or pile, the stock), the turn line, the
// game's panel, the hand, the selection bar and the action buttons, with the game's plug-in's controls mounted.

import { splitActions } from "../actions.js";
import { fill, h } from "../dom.js";
import { renderActions, renderHand, renderSelection } from "../hand.js";
import { t, tFirst } from "../i18n.js";
import { pacePanel } from "../moderation.js";
import { playsRow } from "../plays.js";
import { fitRing } from "../seats/fit.js";
import { meBar, ringPlaces, seatBox } from "../seats/ring.js";
import { seated } from "./ctrl.js";
import { focusedCard } from "./focus.js";
import { turnText } from "./view_log.js";
import { renderClaims } from "./view_panels.js";

const $ = (id) => document.getElementById(id);

/** The ring's seat boxes and the middle: the table's label, the plays, the stock. */
function renderRing(ctrl) {
  const { snap } = ctrl;
  const view = snap.view;
  const ring = $("ring");
  ring.querySelectorAll(".seat").forEach((el) => el.remove());
  for (const [seat, place] of Object.entries(ringPlaces(snap.players, snap.you ?? 0))) ring.append(seatBox(snap, Number(seat), place));
  ring.dataset.players = String(snap.players);
  const stock = view.stock;
  fill(
    $("centre"),
    view.table?.label ? h("p", { class: "table-label" }, ctrl.withNames(view.table.label)) : null,
    playsRow(view.table, ctrl.nameOf, ctrl.style()),
    stock !== null && stock !== undefined ? h("p", { class: "stock", dataset: { count: String(stock) } }, t("table.stock", { n: stock })) : null,
  );
}

/** The hand, the selection bar and the action buttons, as the plug-in's plan leaves them. */
function renderMoves(ctrl, myTurn) {
  const { snap } = ctrl;
  const view = snap.view;
  const style = ctrl.style();
  const plan = ctrl.plugin.plan(snap, splitActions(snap.legal), { act: ctrl.act, rerender: ctrl.redrawPlay, nameOf: ctrl.nameOf, style });
  ctrl.plan = plan;
  const { cardActions, otherActions } = plan;
  ctrl.selection = ctrl.selection.filter((c) => (view.hand || []).includes(c));
  const selection = ctrl.selection;
  const onTap = (card) => ctrl.tap(card, [$("actions"), $("selection"), $("hand")]);
  renderHand($("hand"), { hand: view.hand, cardActions, myTurn, selection, style, onTap, focusCard: focusedCard() });
  renderSelection($("selection"), { selection, cardActions, style, onAct: ctrl.act, onClear: ctrl.clearSelection });
  renderActions($("actions"), { otherActions, style, onAct: ctrl.act });
}

/** The table in play, drawn from `ctrl.snap`. */
export function renderPlay(ctrl) {
  const { snap, parts } = ctrl;
  const view = snap.view;
  renderRing(ctrl);
  $("hand").hidden = !seated(snap);
  const myTurn = ctrl.myTurn();
  document.body.classList.toggle("my-turn", myTurn);
  const status = view.status ? h("span", { class: "engine-status" }, ` ${ctrl.withNames(view.status)}`) : null;
  fill($("status"), h("strong", { class: "turn" }, turnText(ctrl, view)), status);
  const extra = ctrl.plugin.renderExtra(view.extra || {}, { view, snap, style: ctrl.style(), seatName: ctrl.nameOf });
  fill($("extra"), extra);
  renderMoves(ctrl, myTurn);
  fill($("me"), meBar(snap));
  const paceRows = pacePanel(snap, { send: ctrl.send, humansOut: ctrl.humansOut() });
  fill($("pace"), paceRows);
  $("pace").hidden = !paceRows.length;
  renderClaims(ctrl);
  ctrl.plan.mount({ actions: $("actions"), ring: $("ring"), me: $("me"), centre: $("centre") });
  parts.coach.update(snap, myTurn);
  parts.hints.render(snap, seated(snap) && !view.over && (snap.legal || []).length > 0);
  $("last-trick-button").disabled = !view.last_trick;
  $("last-trick-button").textContent = tFirst([`table.last_trick.${snap.game}`, "table.last_trick"]);
  fitRing($("ring"));
  parts.forced.update(snap, myTurn);
}
