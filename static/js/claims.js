// Taking an away player's seat from another device (a phone gone flat, its player back on a laptop): the spectator
// asks for the seat, a player at the table lets him sit or not (docs/protocol.md, `claim`).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { isAway } from "./seats.js";

const watching = (snap) => snap.you === null || snap.you === undefined;

/** What the claims panel holds once the game has begun: for a spectator, the seat he has asked for (`asked`) or a
 * button for each away player's seat; for a seated player, every open request with its two answers. Empty when
 * there is nothing to say. */
export function claimsPanel(snap, { asked, nameOf, ask, answer }) {
  if (snap.state === "waiting") return [];
  if (watching(snap)) {
    if (asked !== null && asked !== undefined) {
      return [h("p", { class: "claim-wait" }, t("claim.waiting_answer", { name: nameOf(asked) }))];
    }
    const away = (snap.seats || []).filter(isAway);
    if (!away.length) return [];
    return [
      h("p", { class: "hint" }, t("claim.offer")),
      h(
        "div",
        { class: "row-form" },
        away.map((info) =>
          h("button", { type: "button", class: "claim-take", dataset: { seat: String(info.seat) }, onclick: () => ask(info.seat) }, t("claim.take", { name: nameOf(info.seat) })),
        ),
      ),
    ];
  }
  return (snap.claims || []).map((claim) =>
    h(
      "div",
      { class: "claim-ask", dataset: { seat: String(claim.seat) } },
      h("p", {}, t("claim.ask", { who: claim.name || t("claim.someone"), name: nameOf(claim.seat) })),
      h(
        "div",
        { class: "row-form" },
        h("button", { type: "button", class: "claim-allow", onclick: () => answer(claim.seat, true) }, t("claim.allow")),
        h("button", { type: "button", class: "claim-refuse", onclick: () => answer(claim.seat, false) }, t("claim.refuse")),
      ),
    ),
  );
}

/** What the spectator who asked is told when his request ends (`claim_answer`). */
export function claimOutcome(answer, nameOf) {
  if (answer.answer === "allowed") return t("claim.given", { name: nameOf(answer.seat) });
  if (answer.answer === "refused") return t("claim.refused", { by: nameOf(answer.by) });
  return t("claim.back", { name: nameOf(answer.seat) });
}
