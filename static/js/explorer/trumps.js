// The explorer's per-seat trump suits, for a game whose options use the shared trump set-ups (Ass, Bank): what
// the set-up asks for, the selects, and the context sent with the position.

import { SUITS } from "../cards.js";
import { h } from "../dom.js";
import { format } from "../i18n.js";
import { playerName, suitText } from "./words.js";

/** The per-seat trump suits for a game whose options use the shared trump set-ups (Ass, Bank). */
export class TrumpContext {
  constructor(msg, table) {
    this.msg = msg;
    this.table = table || {};
    this.own = [];
    this.common = [];
  }

  /** What the set-up asks for, as the engine says (engine.trumps.explorer_needs, sent with the page): how many
   * suits, whether they belong to seats, and the suits every seat holds without a choice. */
  needs(setup, players) {
    const need = this.table[setup]?.[players] || { per_seat: false, count: 0, fixed: "" };
    return { perSeat: need.per_seat, count: need.count, fixed: need.fixed };
  }

  /** The explorer's context: {"trumps": [suit letters per seat]}. */
  value(setup, players) {
    const { perSeat, count, fixed } = this.needs(setup, players);
    const per = [];
    for (let seat = 0; seat < players; seat++) {
      if (fixed) per.push(fixed);
      else if (perSeat) per.push(seat < count ? this.own[seat] || SUITS[(3 - seat + 4) % 4] : "");
      else per.push(this.common.slice(0, count).join(""));
    }
    return { trumps: per };
  }

  /** Selects for the suits the set-up needs (none for "none" and "senior-junior"). */
  controls(setup, players, onChange) {
    const { perSeat, count } = this.needs(setup, players);
    if (!count) return null;
    const selects = [];
    for (let i = 0; i < count; i++) {
      const store = perSeat ? this.own : this.common;
      if (!store[i]) store[i] = SUITS[(3 - i + 4) % 4];
      const id = `explorer-trump-${i}`;
      const select = h(
        "select",
        { id, onchange: (e) => { store[i] = e.target.value; onChange(); } },
        SUITS.map((s) => h("option", { value: s, selected: store[i] === s }, suitText(s))),
      );
      const label = perSeat
        ? format(this.msg.trump_of_seat, { n: i, player: playerName(this.msg, i) })
        : format(this.msg.common_trump, { n: i + 1 });
      selects.push(h("span", { class: "control" }, h("label", { for: id }, label), " ", select));
    }
    return h("fieldset", { class: "trumps" }, h("legend", {}, this.msg.trumps), selects);
  }
}
