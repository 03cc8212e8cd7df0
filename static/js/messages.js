// Engine messages in words: a message is {key, ...params} (engine/messages.py); the catalog gives its text.
// The same rules as webapp/i18n.py (tests/i18n_cases.json holds the cases both must render alike):
// plural forms by Intl.PluralRules, a "<key>.you" text when the message is about the reader's own seat,
// typed values ({seat}, {team}, {card}, {cards}, {suit}, {rank}, {option}, {list}) in the reader's notation.

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const KINDS = new Set(["seat", "team", "card", "cards", "suit", "rank", "option", "list"]);
const PLACEHOLDER = /\{(\w+)\}/g;
const HIDDEN_CARD = "??"; // a card the reader may not see, as the server's redaction leaves it

/** Whether `value` is a message (an object with a string `key`). */
export function isMessage(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof value.key === "string";
}

/**
 * A renderer for one reader. `lookup(key)` returns the catalog's entry (a string, a plural object or undefined);
 * `names[seat]` are the players' names; `seat` is the reader's own (null for a spectator); `game` the game id.
 */
export function messageRenderer({ lang, lookup, names = [], seat = null, game = "", ownSuits = true }) {
  const plurals = new Intl.PluralRules(lang);
  const own = (key) => lookup(key);

  function text(key, params = {}) {
    return render({ key, ...params });
  }

  function entryOf(key, params) {
    const subject = params.seat;
    const side = params.team;
    const mine =
      seat !== null &&
      ((subject && typeof subject === "object" && subject.seat === seat) || (side && typeof side === "object" && side.team === seat % 2));
    if (mine && own(`${key}.you`) !== undefined) return own(`${key}.you`);
    return own(key) ?? key;
  }

  function render(message) {
    if (Array.isArray(message)) return message.map(render).join(" ");
    if (!isMessage(message)) return value(message);
    const { key, ...params } = message;
    let entry = entryOf(key, params);
    if (entry && typeof entry === "object") {
      const count = params[entry.by];
      entry = entry[plurals.select(typeof count === "number" ? count : 0)] ?? entry.other ?? "";
    }
    return String(entry).replace(PLACEHOLDER, (whole, name) => (name in params ? value(params[name]) : whole));
  }

  // A game with suits of its own (Eidex) names them in words, unless the reader plays it with French suits
  // (`ownSuits` false); the others show the French symbol.
  const suitOwn = (key) => (ownSuits ? own(key) : undefined);
  const suitWord = (suit) => suitOwn(`suit.${game}.${suit}`);
  const suitSymbol = (suit) => suitOwn(`suit.${game}.${suit}.sym`) || suitWord(suit) || SUIT_SYMBOLS[suit] || suit;
  function card(code) {
    if (code === HIDDEN_CARD) return own("card.hidden") ?? code;
    const rank = own(`rank.${code.slice(0, -1)}`) ?? code.slice(0, -1);
    const suit = code.slice(-1);
    const word = worded(suit);
    if (word) return text("card.suited", { rank, suit: word });
    return `${rank}${suitOwn(`suit.${game}.${suit}.sym`) || SUIT_SYMBOLS[suit] || suit}`;
  }

  // How a card's name says its suit in a game that names suits in words ("Raven Q", "Д Воронов"), else nothing.
  function worded(suit) {
    if (suitOwn(`suit.${game}.${suit}.sym`)) return undefined;
    return suitOwn(`suit.${game}.${suit}.card`) || suitWord(suit);
  }

  /** The cards shown, then the hidden ones counted ("Q♥ and 2 hidden cards"), never "a hidden card" twice. */
  function cardList(cards) {
    const seen = cards.filter((c) => c !== HIDDEN_CARD);
    const shown = seen.map(card).join(seen.some((c) => worded(c.slice(-1))) ? ", " : " ");
    const hidden = cards.filter((c) => c === HIDDEN_CARD).length;
    if (!hidden) return shown;
    const counted = text("cards.hidden", { n: hidden });
    return shown ? text("list.and", { a: shown, b: counted }) : counted;
  }

  function seatName(n) {
    if (n === seat) return own("you") ?? "you";
    return names[n] || text("seat.anonymous", { n: n + 1 });
  }

  const typed = {
    seat: (v) => seatName(v.seat),
    team: (v) =>
      seat !== null && seat % 2 === v.team
        ? text("team.yours", { partner: seatName((seat + 2) % 4) })
        : text("list.and", { a: seatName(v.team), b: seatName(v.team + 2) }),
    card: (v) => card(v.card),
    cards: (v) => cardList(v.cards),
    suit: (v) => suitSymbol(v.suit),
    rank: (v) => own(`rank.${v.rank}`) ?? v.rank,
    option: (v) => own(`option.${game}.${v.option}`) || own(`option.${v.option}`) || v.option,
    list: (v) => {
      const parts = v.list.map(render);
      if (v.join === "sentences") return parts.filter(Boolean).map((p) => `${p.slice(0, 1).toUpperCase()}${p.slice(1)}.`).join(" ");
      if (v.join === "plus") return parts.join(" + ");
      if (parts.length < 2) return parts.join("");
      return text(`list.${v.join || "or"}`, { a: parts.slice(0, -1).join(", "), b: parts[parts.length - 1] });
    },
  };

  function value(v) {
    if (v === null || v === undefined) return "";
    if (typeof v === "object" && !Array.isArray(v)) {
      if (isMessage(v)) return render(v);
      // The kind is found among the keys: a sorted JSON (Flask's jsonify) puts a list's "join" before it.
      const kind = Object.keys(v).find((k) => KINDS.has(k));
      if (kind) return typed[kind](v);
    }
    return String(v);
  }

  return { render, text, seatName };
}
