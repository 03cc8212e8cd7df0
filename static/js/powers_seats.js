// The character game's cards by the seats (Cosmic Eidex): the characters' names, each seat's character card with its power's text on
// hover, focus or tap, in the seat boxes of the ring and your own line; and the extra panel's lines of the
// characters' public states and of what only you were shown.

import { cardLabel, rankIndex, suitIcon } from "./cards.js";
import { h } from "./dom.js";
import { catalogLang, lookup, t } from "./i18n.js";

/** The length of the longest word in `text`. */
export function longestWord(text) {
  return Math.max(0, ...String(text).split(/[\s-]+/).map((w) => w.length));
}

/** A character's name in the reader's language (`char.<id>.name`), else the view's own names. */
export function characterName(ch) {
  if (!ch) return "";
  const key = `char.${ch.id}.name`;
  if (lookup(key) !== undefined) return t(key);
  return ch.name?.[catalogLang()] || ch.name?.en || ch.id;
}

/** Letters in a character name's longest word beyond which a seat's badge sets it smaller (a phone's seat box holds
 * about eight of the widest). */
const LONG_NAME = 8;

/** The seat whose character card shows its power's text after a tap (hover and focus show it too). */
let openTip = null;

/** The characters of a view's extra, or null outside the character game. */
export function castOf(snap) {
  const list = snap?.view?.extra?.characters;
  return Array.isArray(list) && list.length ? list : null;
}

/** Whether the page closes an open character card's text on a tap elsewhere (listening since the first card). */
let closesTips = false;

/** Close the character card's text opened by a tap (Escape, or a tap anywhere else). */
function closeTip() {
  openTip = null;
  for (const wrap of document.querySelectorAll(".char.open")) {
    wrap.classList.remove("open");
    wrap.querySelector(".char-badge")?.setAttribute("aria-expanded", "false");
  }
}

/** A tap outside every character card closes the one open. */
function closeTipOutside(e) {
  if (openTip !== null && !e.target.closest?.(".char")) closeTip();
}

/** A character's card: its name in the reader's language, the booklet's German name beside it when it differs, and
 * its power's text on hover, focus or tap. */
export function characterBadge(ch, { nameOf, style, you = null }) {
  const local = characterName(ch);
  const german = ch.name?.de || "";
  if (!closesTips) {
    document.addEventListener("pointerdown", closeTipOutside);
    closesTips = true;
  }
  const tipId = `char-tip-${ch.seat}`;
  const owner = nameOf(ch.seat);
  const wrap = h("span", { class: `char${openTip === ch.seat ? " open" : ""}${ch.active === false ? " inactive" : ""}`, dataset: { seat: String(ch.seat), char: ch.id } });
  const badge = h(
    "button",
    {
      type: "button",
      class: "char-badge",
      "aria-expanded": String(openTip === ch.seat),
      "aria-describedby": tipId,
      onclick: () => {
        openTip = openTip === ch.seat ? null : ch.seat;
        wrap.classList.toggle("open", openTip === ch.seat);
        badge.setAttribute("aria-expanded", String(openTip === ch.seat));
      },
      onkeydown: (e) => {
        if (e.key === "Escape" && openTip === ch.seat) closeTip();
      },
    },
    h("span", { class: "char-card", "aria-hidden": "true", html: `${rankIndex(ch.rank)}${suitIcon(ch.suit, style, 12)}` }),
    h("span", { class: `char-name${longestWord(local) > LONG_NAME ? " long" : ""}` }, local),
    german && german !== local ? h("span", { class: "char-de", lang: "de" }, german) : null,
    h("span", { class: "sr-only" }, t(ch.seat === you ? "power.badge.you" : "power.badge", { seat: owner })),
  );
  wrap.append(badge, characterTip(ch, local, german, tipId));
  return wrap;
}

/** A character card's text: its names, its power's effect, whether it is inactive, how many uses are left. */
function characterTip(ch, local, german, tipId) {
  const uses = ch.uses_left;
  return h(
    "span",
    { class: "char-tip", id: tipId, role: "tooltip" },
    h("strong", {}, local),
    german && german !== local ? [" ", h("span", { lang: "de", class: "char-de" }, `(${german})`)] : null,
    h("span", { class: "char-effect" }, t(`char.${ch.id}.effect`)),
    ch.active === false ? h("span", { class: "char-state" }, t("power.inactive")) : null,
    uses !== null && uses !== undefined ? h("span", { class: "char-state" }, uses > 0 ? t("power.uses_left", { n: uses }) : t("power.used_up")) : null,
  );
}

/** Put each seat's character card into its seat box on the ring and into your own seat line. */
export function decorateSeats(cast, { ring, me, nameOf, style, you }) {
  for (const ch of cast) {
    const box = ch.seat === you || (you === null && ch.seat === 0) ? me?.querySelector(".me-line") : ring?.querySelector(`.seat[data-seat="${ch.seat}"]`);
    if (!box) continue;
    // The engine's tag naming the character (eidex.tag.character) says the same as the card: leave it out.
    const names = new Set([ch.name?.de, characterName(ch)].filter(Boolean));
    box.querySelectorAll(".chip").forEach((chip) => {
      if (names.has(chip.textContent.trim())) chip.remove();
    });
    const badge = characterBadge(ch, { nameOf, style, you });
    const names_ = box.querySelector(".seat-name");
    if (names_) names_.after(badge);
    else box.append(badge);
  }
}

/** The characters of a view by the seats, for a page without the table's controls (a replay). */
export function showCharacters(view, { ring, me, nameOf, style }) {
  const cast = castOf({ view });
  if (cast) decorateSeats(cast, { ring, me, nameOf, style, you: null });
}

/** What only you may see of the character game: cards another player showed you (Voyeur), cards revealed to you. */
export function privateBlock(extra, { snap, nameOf, style, miniCard }) {
  const priv = extra?.private || {};
  const line = (data, label, cards) =>
    h("span", { class: "pair power-private", dataset: { private: data } }, h("span", { class: "pair-label" }, label), " ", cards.map((c) => miniCard(c, style)));
  const parts = Object.entries(priv.voyeur || {}).map(([seat, cards]) => line("voyeur", t("power.private.voyeur", { seat: nameOf(Number(seat)) }), cards));
  const known = knownCards(priv, snap);
  if (known.length) parts.push(line("known", t("power.private.known"), known));
  return parts.length ? h("div", { class: "extra-grid power-privates" }, parts) : null;
}

/** The cards revealed to you that you do not see anyway: not in your hand, not shown by a Voyeur, not played. */
function knownCards(priv, snap) {
  const shown = new Set(Object.values(priv.voyeur || {}).flat());
  const hand = new Set(snap?.view?.hand || []);
  const played = new Set(snap?.view?.extra?.played || []);
  return (priv.known || []).filter((c) => !hand.has(c) && !shown.has(c) && !played.has(c));
}

/** The characters' public states worth a chip: `[key, data, params(ch, ctx) or null when the state does not hold]`. */
const STATE_CHIPS = [
  ["power.state.skat", "skat", (ch) => (ch.skat ? {} : null)],
  ["power.state.justice", "justice", (ch) => (ch.justice_tricks ? { n: ch.justice_tricks } : null)],
  ["power.state.schwarzpeter", "schwarzpeter", (ch) => (ch.declared ? {} : null)],
  ["power.state.guess", "guess", (ch, { nameOf }) => (ch.guess !== undefined && ch.guess !== null ? { seat: nameOf(ch.seat), n: ch.guess } : null)],
  [
    "power.state.weisheit",
    "weisheit",
    (ch, { style }) => (ch.shown?.length ? { cards: ch.shown.map((c) => cardLabel(c, style)).join(" "), points: ch.points ?? 0 } : null),
  ],
  [
    "power.state.jackpot",
    "jackpot",
    (ch, { style }) => (ch.seven_suit ? { card: cardLabel(`7${ch.seven_suit}`, style), n: (ch.jackpot || []).length + (ch.donated ? 1 : 0) } : null),
  ],
];

/** Public states of the characters worth a line: Skat called, Justice, Differenzler's announcement, Wisdom's cards,
 * the jackpot, a reversed direction, a changed limit. */
export function publicBlock(extra, { nameOf, style }) {
  const chips = [];
  const chip = (key, params, data) => h("span", { class: "chip power-state", dataset: { state: data } }, t(key, params));
  for (const ch of extra.characters || []) {
    const power = characterName(ch);
    for (const [key, data, params] of STATE_CHIPS) {
      const got = params(ch, { nameOf, style });
      if (got) chips.push(chip(key, { power, ...got }, data));
    }
  }
  if (extra.direction === -1) chips.push(chip("power.state.reversed", {}, "direction"));
  return chips.length ? h("div", { class: "extra-grid power-states" }, chips) : null;
}
