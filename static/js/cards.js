// Card faces drawn as our own SVG: French suits, and Eidex suits (Eidex acorn, Raven, Star, Heart).

import { lookup, t } from "./i18n.js";

/** Suit letters and ranks in the order the rules pages lay them out (FORMAT.md: Eidex = C, Raven = S, Star = D). */
export const SUITS = ["C", "D", "H", "S"];
export const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];

const CARD_RE = /^(10|[6-9JQKA])([CDHS])$/;
const PREF_KEY = "cardtable.suits";
const FOUR_KEY = "cardtable.fourColours";

/** The four-colour deck's inks for French suits: ♦ blue and ♣ green beside red ♥ and black ♠. */
const FOUR_COLOURS = { C: "#17752c", D: "#1452b8" };

const starPoints = Array.from({ length: 10 }, (_, i) => {
  const angle = -Math.PI / 2 + (i * Math.PI) / 5;
  const radius = i % 2 ? 20 : 47;
  return `${(50 + radius * Math.cos(angle)).toFixed(1)},${(53 + radius * Math.sin(angle)).toFixed(1)}`;
}).join(" ");

const HEART = "M50 90C36 76 4 58 6 32C8 12 36 6 50 28C64 6 92 12 94 32C96 58 64 76 50 90Z";

/** Suit drawings in a 100×100 box, by style and suit letter. */
const SHAPES = {
  french: {
    C: {
      color: "#111",
      body: '<circle cx="50" cy="28" r="19"/><circle cx="27" cy="56" r="19"/><circle cx="73" cy="56" r="19"/>' +
        '<circle cx="50" cy="50" r="11"/><path d="M46 52L38 94H62L54 52Z"/>',
    },
    D: { color: "#c8102e", body: '<path d="M50 3L87 50L50 97L13 50Z"/>' },
    H: { color: "#c8102e", body: `<path d="${HEART}"/>` },
    S: {
      color: "#111",
      body: '<path d="M50 4C58 22 94 38 92 62C90 80 68 84 56 70C58 80 62 88 68 94H32C38 88 42 80 44 70' +
        'C32 84 10 80 8 62C6 38 42 22 50 4Z"/>',
    },
  },
  eidex: {
    C: {
      color: "#2e7d32",
      body: '<path d="M46 6h8v16h-8z" fill="#5d4037"/><path d="M28 46C28 72 40 88 50 95C60 88 72 72 72 46Z"/>' +
        '<path d="M18 46C18 20 82 20 82 46Z" fill="#6d4c22"/>',
    },
    S: {
      color: "#1a1a1a",
      body: '<path d="M4 40L22 35C24 24 38 22 44 31C58 33 74 38 96 27C88 43 80 51 71 56L76 80H67L62 60' +
        'C52 65 40 63 33 55L31 80H23L26 52C21 48 19 45 21 43Z"/><circle cx="30" cy="33" r="3" fill="#fff"/>',
    },
    D: { color: "#d39b00", body: `<polygon points="${starPoints}" stroke="#7a5a00" stroke-width="3"/>` },
    H: { color: "#c8102e", body: `<path d="${HEART}"/>` },
  },
};

/** `{rank, suit, code}` of a card text such as "10H", or null. */
export function parseCard(text) {
  const match = CARD_RE.exec(String(text).trim().toUpperCase());
  return match ? { rank: match[1], suit: match[2], code: match[1] + match[2] } : null;
}

export function isCard(text) {
  return parseCard(text) !== null;
}

/** True when the player asked for French suits in games that have their own. */
export function prefersFrench() {
  return localStorage.getItem(PREF_KEY) === "french";
}

export function setPrefersFrench(on) {
  localStorage.setItem(PREF_KEY, on ? "french" : "native");
}

/** The suit style to draw a game with: Eidex suits for Eidex unless French suits are preferred. */
export function suitStyleFor(game) {
  return game === "eidex" && !prefersFrench() ? "eidex" : "french";
}

/** True when the player chose the four-colour deck (French suits only). */
export function prefersFourColours() {
  return globalThis.localStorage?.getItem(FOUR_KEY) === "1";
}

export function setPrefersFourColours(on) {
  localStorage.setItem(FOUR_KEY, on ? "1" : "0");
}

/** The ink of a suit in a style, the four-colour deck's where the player chose it. */
function suitColor(style, suit) {
  if (style === "french" && prefersFourColours() && FOUR_COLOURS[suit]) return FOUR_COLOURS[suit];
  return SHAPES[style][suit].color;
}

function shape(style, suit, x, y, size, color = suitColor(style, suit)) {
  return `<g transform="translate(${x} ${y}) scale(${size / 100})" fill="${color}">${SHAPES[style][suit].body}</g>`;
}

/** A small inline SVG of one suit symbol. */
export function suitIcon(suit, style = "french", size = 16) {
  return (
    `<svg class="suit-icon" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" ` +
    `aria-label="${suitName(suit, style)}">${shape(style, suit, 0, 0, 100)}</svg>`
  );
}

/** The suit's name from the catalog ("spades", "Raven"). */
export function suitName(suit, style = "french") {
  return t(`suit.${style}.${suit}`);
}

/** A rank's index in the reader's notation: "Q", or "Д" in Russian (a preference keeps the Latin letters). */
export function rankIndex(rank) {
  return lookup(`rank.${rank}`) ?? rank;
}

/** A card's readable name for labels and screen readers: "Q♠" or "Raven Q" ("Д♠", "Д Воронов" in Russian). */
export function cardLabel(code, style = "french") {
  const c = parseCard(code);
  if (!c) return t("card.back");
  const rank = rankIndex(c.rank);
  if (style === "french") return rank + t(`suit.symbol.${c.suit}`);
  return t("card.suited", { rank, suit: lookup(`suit.${style}.${c.suit}.card`) ?? suitName(c.suit, style) });
}

function corner(c, color, style) {
  const wide = c.rank === "10";
  return (
    `<text x="${wide ? 2 : 4}" y="16" font-size="15" font-weight="700" fill="${color}" ` +
    `font-family="system-ui, Arial, sans-serif" ${wide ? 'letter-spacing="-1.5"' : ""}>${rankIndex(c.rank)}</text>` +
    shape(style, c.suit, 4, 19, 12)
  );
}

const SKIN = "#f4d4b4";
const GOLD = "#e2b33c";
const GOLD_EDGE = "#8a6a12";
const LINE = 'stroke="#3a2a1a" stroke-width="0.45" stroke-linejoin="round"';

/** What tells the three court ranks apart in their picture: headwear, hair and what they hold (the upper half of
 * a double-headed figure in the frame x 16-44, y 5-42 of a 60×84 card; `ink` is the suit's colour). */
const COURT = {
  K: (ink) =>
    // a crown, a full beard, a sword
    `<path d="M40.5 40V23.5" stroke="#8d9aa6" stroke-width="1.4"/><path d="M38 25.5h5" stroke="${GOLD_EDGE}" stroke-width="1.2"/>` +
    `<path d="M24.6 21.5c0 6 2.6 9 5.4 9s5.4-3 5.4-9c-1.2 2.2-3 2.8-5.4 2.8s-4.2-.6-5.4-2.8z" fill="#b3a48e" ${LINE}/>`+
    `<path d="M27 25.2c1-.9 2-.9 3 0 1-.9 2-.9 3 0" stroke="#7d6c56" stroke-width="0.8" fill="none"/>` +
    `<path d="M24.8 14.6V8l2.6 3 2.6-4.6 2.6 4.6 2.6-3v6.6z" fill="${GOLD}" stroke="${GOLD_EDGE}" stroke-width="0.5"/>` +
    `<circle cx="30" cy="12.4" r="1" fill="${ink}"/>`,
  Q: (ink) =>
    // long hair, a small crown, a flower
    `<path d="M24 16c-1.6 6-1.2 11 .6 15h2.2c-1.4-4-1.6-9 .2-13zM36 16c1.6 6 1.2 11-.6 15h-2.2c1.4-4 1.6-9-.2-13z" fill="#5b3a1e"/>` +
    `<path d="M25.6 13.4l1.4-4 1.6 2.6L30 8l1.4 4 1.6-2.6 1.4 4z" fill="${GOLD}" stroke="${GOLD_EDGE}" stroke-width="0.5"/>` +
    `<path d="M21.3 39.5l1.2-8" stroke="#2f7d32" stroke-width="0.9"/>` +
    `<g fill="${ink}" stroke="#fff" stroke-width="0.4"><circle cx="21.2" cy="28.6" r="1.7"/><circle cx="24" cy="29.6" r="1.7"/>` +
    `<circle cx="23.4" cy="32.4" r="1.7"/><circle cx="20.6" cy="31.8" r="1.7"/></g><circle cx="22.3" cy="30.6" r="1" fill="${GOLD}"/>`,
  J: (ink) =>
    // a cap with a feather, short hair, a halberd
    `<path d="M19.8 40.5V13" stroke="#7a5a32" stroke-width="1"/><path d="M19.8 9.5l2.6 3.5h-5.2zM17.2 15.6c1.6-1.4 3.6-1.4 5.2 0" fill="#9aa6b2" stroke="#5c6670" stroke-width="0.4"/>` +
    `<path d="M25 18.5c-.2-2 .4-3 1.2-3.6M35 18.5c.2-2-.4-3-1.2-3.6" stroke="#a0682a" stroke-width="1.4" fill="none"/>` +
    `<path d="M24.4 15.6c.4-4.6 3-6.6 6.2-6.6 3.2 0 5.6 2 5.6 6.6z" fill="${ink}" ${LINE}/>` +
    `<path d="M24.4 15.6h11.8" stroke="${GOLD}" stroke-width="1.1"/>` +
    `<path d="M35 11c2.4-3.6 5.6-4.6 8-3.6-2.4.2-4.6 1.8-6.4 4.4z" fill="${GOLD}" stroke="${GOLD_EDGE}" stroke-width="0.4"/>`,
};

/** The upper half of a court card's figure: shoulders in the suit's colour with a gold collar, a face, and the
 * rank's own headwear and attribute. */
function courtHalf(rank, ink) {
  const trim = ink === SHAPES.eidex.D.color ? "#fbeeb8" : GOLD; // a gold coat (Eidex Star) gets a pale trim
  return (
    `<path d="M18.5 42l.8-7.4c.6-3.6 4.6-5.6 10.7-5.8 6.1.2 10.1 2.2 10.7 5.8l.8 7.4z" fill="${ink}" ${LINE}/>` +
    `<path d="M22.6 42l1.6-7.6M37.4 42l-1.6-7.6" stroke="${trim}" stroke-width="0.8"/>` +
    `<path d="M24.8 29.6c1.6 3.4 3.2 4.8 5.2 4.8s3.6-1.4 5.2-4.8c-1.8-.9-3.4-1.2-5.2-1.2s-3.4.3-5.2 1.2z" fill="${trim}" stroke="${GOLD_EDGE}" stroke-width="0.4"/>` +
    `<ellipse cx="30" cy="20.4" rx="5.2" ry="6.4" fill="${SKIN}" ${LINE}/>` +
    '<circle cx="28" cy="19.6" r="0.6" fill="#2a1a0a"/><circle cx="32" cy="19.6" r="0.6" fill="#2a1a0a"/>' +
    '<path d="M28.6 23.6q1.4.8 2.8 0" stroke="#a0503a" stroke-width="0.5" fill="none"/>' +
    COURT[rank](ink)
  );
}

/** A court card's picture: a framed double-headed figure dressed in the suit's colour. */
function courtPicture(rank, ink) {
  const half = courtHalf(rank, ink);
  return (
    `<rect x="16" y="5" width="28" height="74" rx="1.5" fill="#fbf6ea" stroke="${ink}" stroke-width="0.7"/>` +
    half +
    `<g transform="rotate(180 30 42)">${half}</g>` +
    `<path d="M16.4 42h27.2" stroke="${ink}" stroke-width="0.5"/>`
  );
}

function centre(c, color, style) {
  if (c.rank in COURT) return courtPicture(c.rank, color);
  const size = c.rank === "A" ? 36 : 28;
  return shape(style, c.suit, 30 - size / 2, 42 - size / 2, size);
}

/** The SVG markup of a card face. */
export function cardSvg(code, style = "french") {
  const c = parseCard(code);
  if (!c) return backSvg();
  const color = suitColor(style, c.suit);
  return (
    `<svg class="card-face" viewBox="0 0 60 84" role="img" aria-label="${cardLabel(code, style)}">` +
    '<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fff" stroke="#777" stroke-width="1.5"/>' +
    corner(c, color, style) +
    `<g transform="rotate(180 30 42)">${corner(c, color, style)}</g>` +
    centre(c, color, style) +
    "</svg>"
  );
}

/** Lines of slope ±1 every `step` across the box x0-x1, y0-y1, as one path (the back's lattice, drawn without
 * patterns or clip paths, which a page of many inline SVGs with one id would share badly). */
function lattice(x0, y0, x1, y1, step) {
  const parts = [];
  for (let c = x0 + y0 + step / 2; c < x1 + y1; c += step) {
    const a = Math.max(x0, c - y1);
    const b = Math.min(x1, c - y0);
    parts.push(`M${a.toFixed(1)} ${(c - a).toFixed(1)}L${b.toFixed(1)} ${(c - b).toFixed(1)}`);
  }
  for (let c = x0 - y1 + step / 2; c < x1 - y0; c += step) {
    const a = Math.max(x0, c + y0);
    const b = Math.min(x1, c + y1);
    parts.push(`M${a.toFixed(1)} ${(a - c).toFixed(1)}L${b.toFixed(1)} ${(b - c).toFixed(1)}`);
  }
  return parts.join("");
}

const BACK_LATTICE = lattice(5, 5, 55, 79, 5);

/** The SVG markup of a card back: a blue lattice inside a light border, and a medallion of the four suits. */
export function backSvg() {
  const rosette = [
    ["S", 30, 34.6],
    ["H", 30, 49.4],
    ["D", 24.2, 42],
    ["C", 35.8, 42],
  ]
    .map(([suit, x, y]) => shape("french", suit, (x - 3.2).toFixed(1), (y - 3.2).toFixed(1), 6.4, "#d8e6f8"))
    .join("");
  return (
    `<svg class="card-back" viewBox="0 0 60 84" role="img" aria-label="${t("card.back")}">` +
    '<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#f4f1e8" stroke="#0d2547" stroke-width="1.5"/>' +
    '<rect x="4" y="4" width="52" height="76" rx="2.5" fill="#1d4a86"/>' +
    `<path d="${BACK_LATTICE}" stroke="#5f88c4" stroke-width="0.7"/>` +
    '<rect x="5.5" y="5.5" width="49" height="73" rx="2" fill="none" stroke="#d8e6f8" stroke-width="0.8"/>' +
    '<ellipse cx="30" cy="42" rx="13" ry="15.5" fill="#163a6b" stroke="#d8e6f8" stroke-width="1"/>' +
    '<ellipse cx="30" cy="42" rx="10.8" ry="13.3" fill="none" stroke="#5f88c4" stroke-width="0.6"/>' +
    rosette +
    "</svg>"
  );
}
