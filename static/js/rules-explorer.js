// The rules page's explorer: lay cards one by one and show the engine's verdict.
// Every verdict comes from POST /api/explore/<game> (the engine's DECL.explore); nothing here knows the rules.
// Its words come from the page (data-messages, in the page's language); suit symbols from the app's catalog.

import { RANKS, SUITS } from "./cards.js";
import { h } from "./dom.js";
import { format, loadCatalog } from "./i18n.js";
import { AdvicePanel } from "./rules-advice.js";
import { cardFace, cardName, suitWords } from "./rules-suits.js";

/** "QS" → "Q♠"; several cards separated by spaces; anything else as it is. */
function pretty(cards) {
  return String(cards)
    .split(/\s+/)
    .map((c) => cardName(c))
    .join(" ");
}

/** "♠ spades" (Eidex: "Ravens"): a suit with its name in the page's language. */
const suitText = suitWords;

/** A seat as players say it: "Player 1" for seat 0 (the catalog's `player`), else the seat's number. */
function playerName(msg, seat) {
  return msg.player ? format(msg.player, { n: seat + 1 }) : format(msg.seat, { n: seat });
}

/** The position a "try it in the explorer" link carries: `#explore=<json>` (players, options, context, plays). */
export function positionFromHash(hash) {
  const match = /^#explore=(.+)$/.exec(hash || "");
  if (!match) return null;
  try {
    const position = JSON.parse(decodeURIComponent(match[1]));
    return position && Array.isArray(position.plays) ? position : null;
  } catch {
    return null;
  }
}

/** The per-seat trump suits for a game whose options use the shared trump set-ups (Ass, Bank). */
class TrumpContext {
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

/** One explorer on the page. */
class Explorer {
  constructor(root) {
    this.root = root;
    this.config = JSON.parse(root.dataset.config);
    this.msg = JSON.parse(root.dataset.messages);
    this.endpoint = root.dataset.endpoint;
    this.players = this.config.players;
    this.options = { ...this.config.options };
    this.trumps = new TrumpContext(this.msg, this.config.trumpNeeds);
    this.contextValues = {};
    this.leader = 0;
    this.plays = [];
    this.result = null;
    this.error = null;
    this.focusCard = null;
    this.asked = 0;
    this.root.replaceChildren();
    this.setup = h("form", { class: "explorer-setup", "aria-label": this.msg.setup, onsubmit: (e) => e.preventDefault() });
    this.cards = h("div", { class: "explorer-board" });
    this.laid = h("div", { class: "explorer-laid-box" });
    this.verdict = h("div", { class: "explorer-verdict", role: "status", "aria-live": "polite" });
    this.root.append(this.setup, this.cards, this.verdict, this.laid);
    // "What would the bot play?" (where the game builds the explorer's position for its bot): its own section after
    // the explorer's, its hand picker apart from the cards to lay
    this.advisor = this.config.advice ? new AdvicePanel(this, root.dataset.adviceEndpoint) : null;
    if (this.advisor) this.root.after(this.advisor.root);
    this.renderSetup();
    this.ask();
  }

  /** Open on a position from a link (`#explore=`): its players, options, context and cards laid. */
  open(position) {
    if (position.players) this.players = position.players;
    this.options = { ...this.config.options, ...(position.options || {}) };
    const context = position.context || {};
    for (const field of this.config.context) if (field.key in context) this.contextValues[field.key] = context[field.key];
    if (Array.isArray(context.trumps)) {
      const needs = this.trumps.needs(this.options.trumps, this.players);
      if (needs.perSeat) this.trumps.own = context.trumps.slice();
      else this.trumps.common = String(context.trumps[0] || "").split("");
    }
    this.plays = position.plays.map(([seat, card]) => [seat, card]);
    this.leader = this.plays.length ? this.plays[0][0] : 0;
    this.renderSetup();
    this.ask();
    // The link shows the cards laid and the verdict: the explorer's heading on top, unless its set-up would fill
    // the screen above them (a phone: a dozen options), when the cards to lay come first.
    const section = this.root.closest("section");
    const setUp = section ? this.cards.getBoundingClientRect().top - section.getBoundingClientRect().top : 0;
    (setUp > window.innerHeight / 3 ? this.cards : section)?.scrollIntoView({ block: "start" });
  }

  player(seat) {
    return playerName(this.msg, seat);
  }

  get trumpOption() {
    return this.config.schema.find((o) => o.name === "trumps");
  }

  /** What DECL.explore reads besides the options: the game's context fields and the per-seat trumps. */
  context() {
    const fields = Object.fromEntries(this.config.context.map((f) => [f.key, this.contextValues[f.key] ?? f.choices[0]]));
    return this.trumpOption ? { ...fields, ...this.trumps.value(this.options.trumps, this.players) } : fields;
  }

  /** A context field's choice in words: none, a suit, the field's own word for it (`js.ctx_<key>_<choice>`: the
   * modes), else the cards it names. */
  contextChoice(key, choice) {
    if (choice === "") return "—";
    if (SUITS.includes(choice)) return suitText(choice);
    return this.msg[`ctx_${key}_${choice}`] || pretty(choice);
  }

  contextControl(field, onChange) {
    const id = `explorer-ctx-${field.key}`;
    const value = this.contextValues[field.key] ?? field.choices[0];
    const select = h(
      "select",
      { id, onchange: (e) => { this.contextValues[field.key] = e.target.value; onChange(); } },
      field.choices.map((c) => h("option", { value: c, selected: c === value }, this.contextChoice(field.key, c))),
    );
    const label = this.msg[`ctx_${field.key}`] || field.key;
    return h("span", { class: "control" }, h("label", { for: id }, label), " ", select);
  }

  /** The players count and every option as a form control; any change starts the trick again. */
  renderSetup() {
    const restart = () => {
      const activeId = document.activeElement && document.activeElement.id;
      this.plays = [];
      this.renderSetup();
      if (activeId) document.getElementById(activeId)?.focus();
      this.ask();
    };
    const players = h(
      "select",
      { id: "explorer-players", onchange: (e) => { this.players = Number(e.target.value); this.leader = 0; restart(); } },
      Array.from({ length: this.config.maxPlayers - this.config.minPlayers + 1 }, (_, i) => {
        const n = this.config.minPlayers + i;
        return h("option", { value: n, selected: n === this.players }, n);
      }),
    );
    const controls = [h("span", { class: "control" }, h("label", { for: "explorer-players" }, this.msg.players), " ", players)];
    const leader = h(
      "select",
      { id: "explorer-leader", onchange: (e) => { this.leader = Number(e.target.value); restart(); } },
      Array.from({ length: this.players }, (_, n) => h("option", { value: n, selected: n === this.leader }, this.player(n))),
    );
    controls.push(h("span", { class: "control" }, h("label", { for: "explorer-leader" }, this.msg.leader), " ", leader));
    for (const opt of this.config.schema) if (opt.type !== "int") controls.push(this.optionControl(opt, restart));
    for (const field of this.config.context) controls.push(this.contextControl(field, restart));
    const trumpBox = this.trumpOption ? this.trumps.controls(this.options.trumps, this.players, restart) : null;
    this.setup.replaceChildren(h("fieldset", {}, h("legend", {}, this.msg.setup), controls), trumpBox || "");
  }

  /** A checkbox (bool) or a select (choice); number options keep the page's values (they do not change a trick). */
  optionControl(opt, onChange) {
    const id = `explorer-opt-${opt.name}`;
    const value = this.options[opt.name];
    if (opt.type === "bool") {
      const input = h("input", { type: "checkbox", id, checked: !!value,
        onchange: (e) => { this.options[opt.name] = e.target.checked; onChange(); } });
      return h("span", { class: "control" }, input, " ", h("label", { for: id }, this.optionLabel(opt)));
    }
    const input = h(
      "select",
      { id, onchange: (e) => { this.options[opt.name] = opt.choices.find((c) => String(c) === e.target.value); onChange(); } },
      opt.choices.map((c) => h("option", { value: String(c), selected: c === value }, this.choiceLabel(opt, c))),
    );
    return h("span", { class: "control" }, h("label", { for: id }, this.optionLabel(opt)), " ", input);
  }

  /** An option's name for players (the catalog's), else its identifier. */
  optionLabel(opt) {
    return (this.config.labels || {})[opt.name] || opt.name;
  }

  /** A choice in words (the catalog's), else as declared. */
  choiceLabel(opt, value) {
    const words = ((this.config.choices || {})[opt.name] || {})[value === null ? "null" : String(value)];
    return words || String(value);
  }

  /** Ask the engine about the cards laid so far (an answer overtaken by a newer question is dropped). */
  async ask() {
    const body = { players: this.players, options: this.options, plays: this.plays, context: this.context() };
    const asked = ++this.asked;
    try {
      const response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (asked !== this.asked) return;
      if (response.ok) { this.result = data; this.error = null; }
      else { this.error = data.error || response.statusText; }
    } catch (err) {
      if (asked !== this.asked) return;
      this.error = String(err);
    }
    this.renderBoard();
  }

  /** The cards of the game's deck (36, or 32 without the sixes), suit by suit. */
  deck() {
    const ranks = this.config.deckSize === 32 ? RANKS.slice(1) : RANKS;
    return SUITS.flatMap((suit) => ranks.map((rank) => rank + suit));
  }

  laidCards() {
    return new Set(this.plays.map(([, card]) => card));
  }

  /** Who lays next and what: the engine's "next"; before the first card the leader chosen in the set-up, who
   * may lead any card when the engine names none (Ass: no "next"; Bank: an empty list). Null when complete. */
  turn() {
    if (!this.result) return null;
    const next = this.result.next;
    const legal = next && next.legal ? new Set(next.legal) : null;
    if (!this.plays.length) return { seat: this.leader, legal: legal && legal.size ? legal : null, beats: null };
    return next ? { seat: next.seat, legal: legal || new Set(), beats: next.beats ? new Set(next.beats) : null } : null;
  }

  lay(card) {
    const turn = this.turn();
    if (!turn) return;
    this.plays.push([turn.seat, card]);
    this.focusCard = card;
    this.ask();
  }

  renderVerdict() {
    const r = this.result;
    const parts = [];
    if (this.error) parts.push(h("p", { class: "error" }, `${this.msg.error} ${this.error}`));
    if (r) {
      if (r.summary) parts.push(h("p", { class: "summary" }, r.summary));
      // a game whose cards are not taken as tricks (Bailiff's pile) gives no winner at all
      if ("winner" in r) parts.push(h("p", { class: "winner" }, r.winner === null ? this.msg.no_winner : format(this.msg.winner, { seat: r.winner, player: this.player(r.winner) })));
      const turn = this.turn();
      if (turn && turn.legal) {
        const legal = [...turn.legal];
        const free = this.deck().filter((c) => !this.laidCards().has(c));
        const listed = free.every((c) => turn.legal.has(c)) ? this.msg.any_card : legal.map(pretty).join(" · ");
        parts.push(h("p", { class: "next" },
          h("strong", {}, format(this.msg.legal_cards, { seat: turn.seat, player: this.player(turn.seat) })), " ",
          legal.length ? listed : this.msg.none_legal));
        if (turn.beats) {
          parts.push(h("p", { class: "beats" },
            h("strong", {}, format(this.msg.beating_cards, { seat: turn.seat, player: this.player(turn.seat) })), " ",
            turn.beats.size ? [...turn.beats].map(pretty).join(" · ") : this.msg.none_beats));
        }
      } else if (turn) {
        parts.push(h("p", { class: "next" }, format(this.msg.any_lead, { seat: turn.seat, player: this.player(turn.seat) })));
      } else {
        parts.push(h("p", { class: "next" }, this.msg.done));
      }
    }
    this.verdict.replaceChildren(...parts);
  }

  renderSteps() {
    const steps = (this.result && this.result.steps) || [];
    const list = h("ol", { class: "explorer-steps" });
    for (const st of steps) {
      const flags = [st.legal ? this.msg.legal : this.msg.illegal];
      if (st.beats === true) flags.push(this.msg.beats);
      if (st.beats === false) flags.push(this.msg.does_not_beat);
      list.append(h("li", { class: st.legal ? "legal" : "illegal" },
        h("strong", {}, `${this.player(st.seat)}: ${pretty(st.card)}`),
        ` — ${flags.join(", ")}`,
        st.reason ? h("span", { class: "reason" }, ` · ${st.reason}`) : null,
        st.verdict && st.verdict !== st.reason ? h("span", { class: "verdict" }, ` · ${st.verdict}`) : null));
    }
    return h("section", { class: "explorer-laid", "aria-label": this.msg.laid },
      h("h3", {}, this.msg.laid),
      steps.length ? list : h("p", {}, this.msg.nothing_laid),
      h("p", { class: "explorer-actions" },
        h("button", { type: "button", id: "explorer-undo", class: "undo", disabled: !this.plays.length,
          onclick: () => { this.plays.pop(); this.ask(); } }, this.msg.undo),
        " ",
        h("button", { type: "button", id: "explorer-clear", class: "clear", disabled: !this.plays.length,
          onclick: () => { this.plays = []; this.ask(); } }, this.msg.clear)));
  }

  renderCards() {
    const turn = this.turn();
    const isLegal = (card) => !!turn && (turn.legal === null || turn.legal.has(card));
    const beats = (card) => !!turn && !!turn.beats && turn.beats.has(card);
    const laid = this.laidCards();
    const rows = SUITS.map((suit) => h("div", { class: "card-row", role: "group", "aria-label": suitWords(suit) },
      this.deck().filter((card) => card.endsWith(suit)).map((card) => {
        const states = laid.has(card) ? [this.msg.already_laid] : [isLegal(card) ? this.msg.legal : this.msg.illegal];
        if (!laid.has(card) && beats(card)) states.push(this.msg.beats);
        const state = states.join(", ");
        return h("button", {
          type: "button",
          class: `card suit-${suit}${isLegal(card) ? " is-legal" : ""}${beats(card) ? " beats" : ""}`,
          dataset: { card },
          "aria-label": format(this.msg.card_label, { card: pretty(card), state }),
          disabled: laid.has(card) || !turn,
          onclick: () => this.lay(card),
        }, cardFace(card));
      })));
    const title = turn ? format(this.msg.next, { seat: turn.seat, player: this.player(turn.seat) }) : this.msg.done;
    return h("section", { class: "explorer-cards", "aria-label": this.msg.cards },
      h("h3", {}, title), h("p", { class: "card-legend" }, this.msg.card_legend), rows);
  }

  /** Redraw the cards, verdict and steps; the keyboard focus stays where it was (on the card just laid, or on
   * the same control), moving to the first card that can be laid when that one is gone or disabled. */
  renderBoard() {
    const activeId = this.root.contains(document.activeElement) ? document.activeElement.id : "";
    this.renderVerdict();
    this.cards.replaceChildren(this.renderCards());
    this.laid.replaceChildren(this.renderSteps());
    this.advisor?.render();
    const card = this.focusCard && this.cards.querySelector(`button.card[data-card="${this.focusCard}"]`);
    const target = card || (activeId && document.getElementById(activeId));
    this.focusCard = null;
    if (!target || (target === document.activeElement && !target.disabled)) return;
    const fallback = this.cards.querySelector("button.card:not([disabled])") || document.getElementById("explorer-undo");
    (target.disabled ? fallback : target)?.focus();
  }
}

/** Rulings and other collapsed notes print open. */
function openDetailsForPrint() {
  window.addEventListener("beforeprint", () => {
    for (const d of document.querySelectorAll("details:not([open])")) {
      d.setAttribute("open", "");
      d.dataset.printOpened = "1";
    }
  });
  window.addEventListener("afterprint", () => {
    for (const d of document.querySelectorAll("details[data-print-opened]")) {
      d.removeAttribute("open");
      delete d.dataset.printOpened;
    }
  });
}

openDetailsForPrint();
// The app's catalog in the page's language: suit symbols and the cards' letters (the page brings its own words).
await loadCatalog();
for (const root of document.querySelectorAll("#explorer-app")) {
  const explorer = new Explorer(root);
  const follow = () => {
    const position = positionFromHash(window.location.hash);
    if (position) explorer.open(position);
  };
  window.addEventListener("hashchange", follow);
  // The same link clicked again does not change the hash: open its position anyway.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-explore]");
    if (link && link.getAttribute("href") === window.location.hash) follow();
  });
  follow();
}
