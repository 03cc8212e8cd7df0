// What stands by a seat's name: its presence dot (or a bot's mark), the dealer, the team naming the partners, a
// bot's level, out of the game, and the game's own tags.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { botLabel } from "../levels.js";
import { isMessage } from "../messages.js";
import { named, readerFor, seatName } from "./names.js";

/** A tag's key: an engine message's catalog key, or the text of a tag from a game not yet speaking messages. */
const tagKey = (tag) => (isMessage(tag) ? tag.key : String(tag));
const isDealerTag = (tag) => ["dealer", "common.tag.dealer"].includes(tagKey(tag));
const isOutTag = (tag) => /^out|\.tag\.out$/.test(tagKey(tag));

/** The names of a seat's partners: the other seats of its team (an open seat by its number, "Player 3", as in the list of seats). */
export function partners(snap, seat, team) {
  const seats = snap.view?.seats?.length ? snap.view.seats.map((vs, i) => [i, vs.team]) : (snap.seats || []).map((info, i) => [i, info.team]);
  return seats
    .filter(([i, other]) => i !== seat && other === team)
    .map(([i]) => seatName(snap, i))
    .join(", ");
}

/** A team's chip, in the team's colour, naming the partners rather than numbering the team. */
export function teamChip(team, names) {
  return h("span", { class: `chip team team-${team}` }, t("table.partner", { names }));
}

/** The bot's level of a bot seat, or of the stand-in playing for a player away past the grace (a bot plays his
 * cards for him until he is back). */
function botChips(info) {
  if (!info.bot) return [];
  const tags = [];
  if (info.kind === "bot") tags.push(h("span", { class: "chip level" }, botLabel(info.bot)));
  if (info.stand_in) tags.push(h("span", { class: "chip level stand-in" }, t("seat.stand_in", { bot: botLabel(info.bot) })));
  return tags;
}

export function chips(snap, seat, info) {
  const view = snap.view;
  const vs = view.seats?.[seat] || {};
  const given = vs.tags || [];
  const reader = readerFor(view, (s) => seatName(snap, s));
  const tags = [];
  if (view.dealer === seat && !given.some(isDealerTag)) tags.push(h("span", { class: "chip dealer", title: t("table.dealer") }, t("table.dealer_short")));
  const team = vs.team ?? info.team;
  if (team !== undefined && team !== null) tags.push(teamChip(team, partners(snap, seat, team)));
  tags.push(...botChips(info));
  if (vs.out && !given.some(isOutTag)) tags.push(h("span", { class: "chip out" }, t("table.out_place", { place: vs.out })));
  for (const tag of given) {
    const keyClass = isMessage(tag) ? ` tag-${tag.key.replaceAll(".", "-")}` : "";
    tags.push(h("span", { class: `chip tag${isDealerTag(tag) ? " dealer" : ""}${keyClass}` }, named(tag, (s) => seatName(snap, s), reader)));
  }
  return tags;
}

export function presence(info) {
  if (info.kind === "bot") return h("span", { class: "presence bot", title: t("seat.bot") }, t("seat.bot_short"));
  // a finished game's replay: nobody is at that table now, at it or away
  if (info.connected === null) return null;
  const on = info.connected !== false;
  return h("span", {
    class: `presence ${on ? "on" : "off"}`,
    role: "img",
    title: t(on ? "seat.connected" : "seat.away"),
    "aria-label": t(on ? "seat.connected" : "seat.away"),
  });
}
