// Taking a seat in a game under way: an away player's from another device (a phone gone flat, its player back on a
// laptop), or a bot's (a friend who came late). The spectator asks for the seat, a player at the table lets him sit
// or not (docs/protocol.md, `claim`).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { isAway, isWatching } from "./seats/names.js";

/** A row of buttons, one per seat in `seats`, each asking for that seat. */
function seatButtons(seats, label, ask, nameOf) {
  return h(
    "div",
    { class: "row-form" },
    seats.map((info) =>
      h("button", { type: "button", class: "claim-take", dataset: { seat: String(info.seat) }, onclick: () => ask(info.seat) }, t(label, { name: nameOf(info.seat) })),
    ),
  );
}

/** What the claims panel holds once the game has begun: for a spectator, the seat he has asked for (`asked`) or a
 * button for each away player's seat and each bot's (but those the players refused him: `refused`, a Set); for a
 * seated player, every open request with its two answers. Empty when there is nothing to say. */
export function claimsPanel(snap, { asked, refused = new Set(), nameOf, ask, answer }) {
  if (snap.state === "waiting") return [];
  const seats = snap.seats || [];
  if (isWatching(snap)) {
    if (asked !== null && asked !== undefined) {
      return [h("p", { class: "claim-wait" }, t("claim.waiting_answer", { name: nameOf(asked) }))];
    }
    const open = seats.filter((info) => !refused.has(info.seat));
    const away = open.filter(isAway);
    const bots = open.filter((info) => info.kind === "bot");
    return [
      away.length ? [h("p", { class: "hint" }, t("claim.offer")), seatButtons(away, "claim.take", ask, nameOf)] : [],
      bots.length ? [h("p", { class: "hint" }, t("claim.join")), seatButtons(bots, "claim.take_bot", ask, nameOf)] : [],
    ].flat();
  }
  return (snap.claims || []).map((claim) =>
    h(
      "div",
      { class: "claim-ask", dataset: { seat: String(claim.seat) } },
      h("p", {}, t(seats[claim.seat]?.kind === "bot" ? "claim.ask_bot" : "claim.ask", { who: claim.name ? t("claim.spectator_named", { name: claim.name }) : t("claim.someone"), name: nameOf(claim.seat) })),
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
