// The seat list before the start: each seat's player, bot or open place; the host sets the other seats open or to
// a bot, a spectator sits down.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { botLabel } from "../levels.js";
import { partners, presence, teamChip } from "./chips.js";
import { isAway, seatName } from "./names.js";

function kindText(info) {
  if (info.kind === "bot") return t("seat.bot_named", { bot: botLabel(info.bot || "") });
  if (info.kind === "open") return t("seat.open");
  return info.connected === false ? t("seat.away") : t("seat.connected");
}

/** The seat list before the start: the host sets each other seat open or to a bot, a player's who is away too (he
 * may not come back); others may sit down. */
export function waitingSeats(snap, bots, actions) {
  const isHost = snap.you !== null && snap.you === snap.host_seat;
  return snap.seats.map((info) => {
    const seat = info.seat;
    const controls = [];
    const away = isAway(info);
    if (isHost && seat !== snap.you && (info.kind !== "human" || away)) {
      const select = h(
        "select",
        {
          class: "seat-kind",
          "aria-label": t("seat.kind_for", { n: seat + 1 }),
          dataset: { seat: String(seat) },
          onchange: (e) => actions.setSeat(seat, e.target.value),
        },
        away ? h("option", { value: "", selected: true, disabled: true }, t("seat.away_keep")) : null,
        h("option", { value: "open", selected: info.kind === "open" }, t("seat.open")),
        bots.map((bot) =>
          h("option", { value: `bot:${bot}`, selected: info.kind === "bot" && info.bot === bot }, t("seat.bot_named", { bot: botLabel(bot) })),
        ),
      );
      controls.push(select);
    }
    if (snap.you === null && info.kind === "open") {
      controls.push(h("button", { type: "button", class: "sit", dataset: { seat: String(seat) }, onclick: () => actions.sit(seat) }, t("seat.sit")));
    }
    return h(
      "li",
      { class: `seat-row kind-${info.kind}${seat === snap.you ? " mine" : ""}`, dataset: { seat: String(seat) } },
      presence(info),
      h("span", { class: "name" }, info.kind === "open" ? t("seat.anonymous", { n: seat + 1 }) : seatName(snap, seat)),
      seat === snap.host_seat ? h("span", { class: "chip" }, t("seat.host")) : null,
      info.team !== undefined && info.team !== null ? teamChip(info.team, partners(snap, seat, info.team)) : null,
      h("span", { class: "hint kind" }, kindText(info)),
      h("span", { class: "controls" }, controls),
    );
  });
}
