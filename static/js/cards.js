// Card faces drawn as our own SVG: French suits, and Eidex suits (Eidex acorn, Raven, Star, Heart).

import { lookup, t } from "./i18n.js";

/** Suit letters and ranks in the order the rules pages lay them out (FORMAT.md: Eidex = C, Raven = S, Star = D). */
export const SUITS = ["C", "D", "H", "S"];
export const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];

const CARD_RE = /^(10|[6-9JQKA])([CDHS])$/;
const PREF_KEY = "cardtable.suits";

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

function shape(style, suit, x, y, size) {
  const s = SHAPES[style][suit];
  return `<g transform="translate(${x} ${y}) scale(${size / 100})" fill="${s.color}">${s.body}</g>`;
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

/** A card's readable name for labels and screen readers: "Q♠" or "Q Raven" ("Д♠" in Russian). */
export function cardLabel(code, style = "french") {
  const c = parseCard(code);
  if (!c) return t("card.back");
  const rank = rankIndex(c.rank);
  return style === "french" ? rank + t(`suit.symbol.${c.suit}`) : `${rank} ${suitName(c.suit, style)}`;
}

function corner(c, color, style) {
  const wide = c.rank === "10";
  return (
    `<text x="${wide ? 2 : 4}" y="16" font-size="15" font-weight="700" fill="${color}" ` +
    `font-family="system-ui, Arial, sans-serif" ${wide ? 'letter-spacing="-1.5"' : ""}>${rankIndex(c.rank)}</text>` +
    shape(style, c.suit, 4, 19, 12)
  );
}

function centre(c, color, style) {
  if (c.rank === "J" || c.rank === "Q" || c.rank === "K") {
    return (
      '<rect x="14" y="18" width="32" height="48" rx="3" fill="none" stroke="#bbb"/>' +
      `<text x="30" y="49" font-size="26" font-weight="700" text-anchor="middle" fill="${color}" ` +
      `font-family="system-ui, Arial, sans-serif">${rankIndex(c.rank)}</text>` +
      shape(style, c.suit, 23, 52, 14)
    );
  }
  const size = c.rank === "A" ? 36 : 28;
  return shape(style, c.suit, 30 - size / 2, 42 - size / 2, size);
}

/** The SVG markup of a card face. */
export function cardSvg(code, style = "french") {
  const c = parseCard(code);
  if (!c) return backSvg();
  const color = SHAPES[style][c.suit].color;
  return (
    `<svg class="card-face" viewBox="0 0 60 84" role="img" aria-label="${cardLabel(code, style)}">` +
    '<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fff" stroke="#777" stroke-width="1.5"/>' +
    corner(c, color, style) +
    `<g transform="rotate(180 30 42)">${corner(c, color, style)}</g>` +
    centre(c, color, style) +
    "</svg>"
  );
}

/** The SVG markup of a card back. */
export function backSvg() {
  return (
    `<svg class="card-back" viewBox="0 0 60 84" role="img" aria-label="${t("card.back")}">` +
    '<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#1f4e8c" stroke="#0d2547" stroke-width="1.5"/>' +
    '<rect x="5" y="5" width="50" height="74" rx="3" fill="none" stroke="#9db7e0" stroke-width="1.2"/>' +
    '<path d="M30 14L48 42L30 70L12 42Z" fill="none" stroke="#9db7e0" stroke-width="1.2"/>' +
    '<circle cx="30" cy="42" r="6" fill="#9db7e0"/>' +
    "</svg>"
  );
}
