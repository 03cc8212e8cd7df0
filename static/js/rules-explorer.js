// The rules page's explorer: lay cards one by one and show the engine's verdict.
// Every verdict comes from POST /api/explore/<game> (the engine's DECL.explore); nothing here knows the rules.

const SUITS = ["C", "D", "H", "S"];
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** Fill {placeholders} of a catalog message. */
function fmt(text, values = {}) {
  return String(text).replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}

/** "QS" → "Q♠"; several cards separated by spaces. */
function pretty(cards) {
  return String(cards)
    .split(/\s+/)
    .map((t) => (SYMBOLS[t.slice(-1)] && RANKS.includes(t.slice(0, -1)) ? t.slice(0, -1) + SYMBOLS[t.slice(-1)] : t))
    .join(" ");
}

/** A DOM element with attributes and children. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** The per-seat trump suits for a game whose options use the shared trump set-ups (Ass, Bank). */
class TrumpContext {
  constructor(msg) {
    this.msg = msg;
    this.own = [];
    this.common = [];
  }

  /** How many suits the set-up asks for, and whether they belong to seats ("own") or to everybody. */
  static needs(setup, players) {
    if (setup === "own") return { perSeat: true, count: Math.min(players, 4) };
    if (setup === "one") return { perSeat: false, count: 1 };
    if (setup === "two") return { perSeat: false, count: 2 };
    return { perSeat: false, count: 0 };
  }

  /** The explorer's context: {"trumps": [suit letters per seat]}. */
  value(setup, players) {
    const { perSeat, count } = TrumpContext.needs(setup, players);
    const per = [];
    for (let seat = 0; seat < players; seat++) {
      if (setup === "senior-junior") per.push("SD");
      else if (perSeat) per.push(seat < count ? this.own[seat] || SUITS[(3 - seat + 4) % 4] : "");
      else per.push(this.common.slice(0, count).join(""));
    }
    return { trumps: per };
  }

  /** Selects for the suits the set-up needs (none for "none" and "senior-junior"). */
  controls(setup, players, onChange) {
    const { perSeat, count } = TrumpContext.needs(setup, players);
    if (!count) return null;
    const selects = [];
    for (let i = 0; i < count; i++) {
      const store = perSeat ? this.own : this.common;
      if (!store[i]) store[i] = SUITS[(3 - i + 4) % 4];
      const id = `explorer-trump-${i}`;
      const select = el(
        "select",
        { id, onchange: (e) => { store[i] = e.target.value; onChange(); } },
        SUITS.map((s) => el("option", { value: s, selected: store[i] === s, text: `${SYMBOLS[s]} ${s}` })),
      );
      const label = perSeat ? fmt(this.msg.trump_of_seat, { n: i }) : fmt(this.msg.common_trump, { n: i + 1 });
      selects.push(el("span", { class: "control" }, el("label", { for: id, text: label }), " ", select));
    }
    return el("fieldset", { class: "trumps" }, el("legend", { text: this.msg.trumps }), selects);
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
    this.trumps = new TrumpContext(this.msg);
    this.contextValues = {};
    this.leader = 0;
    this.plays = [];
    this.result = null;
    this.error = null;
    this.focusCard = null;
    this.asked = 0;
    this.root.replaceChildren();
    this.setup = el("form", { class: "explorer-setup", "aria-label": this.msg.setup, onsubmit: (e) => e.preventDefault() });
    this.cards = el("div", { class: "explorer-board" });
    this.laid = el("div", { class: "explorer-laid-box" });
    this.verdict = el("div", { class: "explorer-verdict", role: "status", "aria-live": "polite" });
    this.root.append(this.setup, this.cards, this.verdict, this.laid);
    this.renderSetup();
    this.ask();
  }

  get trumpOption() {
    return this.config.schema.find((o) => o.name === "trumps");
  }

  /** What DECL.explore reads besides the options: the game's context fields and the per-seat trumps. */
  context() {
    const fields = Object.fromEntries(this.config.context.map((f) => [f.key, this.contextValues[f.key] ?? f.choices[0]]));
    return this.trumpOption ? { ...fields, ...this.trumps.value(this.options.trumps, this.players) } : fields;
  }

  contextControl(field, onChange) {
    const id = `explorer-ctx-${field.key}`;
    const value = this.contextValues[field.key] ?? field.choices[0];
    const select = el(
      "select",
      { id, onchange: (e) => { this.contextValues[field.key] = e.target.value; onChange(); } },
      field.choices.map((c) => el("option", { value: c, selected: c === value, text: c === "" ? "—" : SYMBOLS[c] ? `${SYMBOLS[c]} ${c}` : pretty(c) })),
    );
    const label = this.msg[`ctx_${field.key}`] || field.key;
    return el("span", { class: "control" }, el("label", { for: id, text: label }), " ", select);
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
    const players = el(
      "select",
      { id: "explorer-players", onchange: (e) => { this.players = Number(e.target.value); this.leader = 0; restart(); } },
      Array.from({ length: this.config.maxPlayers - this.config.minPlayers + 1 }, (_, i) => {
        const n = this.config.minPlayers + i;
        return el("option", { value: n, selected: n === this.players, text: n });
      }),
    );
    const controls = [el("span", { class: "control" }, el("label", { for: "explorer-players", text: this.msg.players }), " ", players)];
    const leader = el(
      "select",
      { id: "explorer-leader", onchange: (e) => { this.leader = Number(e.target.value); restart(); } },
      Array.from({ length: this.players }, (_, n) => el("option", { value: n, selected: n === this.leader, text: n })),
    );
    controls.push(el("span", { class: "control" }, el("label", { for: "explorer-leader", text: this.msg.leader }), " ", leader));
    for (const opt of this.config.schema) if (opt.type !== "int") controls.push(this.optionControl(opt, restart));
    for (const field of this.config.context) controls.push(this.contextControl(field, restart));
    const trumpBox = this.trumpOption ? this.trumps.controls(this.options.trumps, this.players, restart) : null;
    this.setup.replaceChildren(el("fieldset", {}, el("legend", { text: this.msg.setup }), controls), trumpBox || "");
  }

  /** A checkbox (bool) or a select (choice); number options keep the page's values (they do not change a trick). */
  optionControl(opt, onChange) {
    const id = `explorer-opt-${opt.name}`;
    const value = this.options[opt.name];
    if (opt.type === "bool") {
      const input = el("input", { type: "checkbox", id, checked: !!value,
        onchange: (e) => { this.options[opt.name] = e.target.checked; onChange(); } });
      return el("span", { class: "control" }, input, " ", el("label", { for: id, text: opt.name, title: opt.description }));
    }
    const input = el(
      "select",
      { id, onchange: (e) => { this.options[opt.name] = opt.choices.find((c) => String(c) === e.target.value); onChange(); } },
      opt.choices.map((c) => el("option", { value: String(c), selected: c === value, text: String(c) })),
    );
    return el("span", { class: "control" }, el("label", { for: id, text: opt.name, title: opt.description }), " ", input);
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
    if (this.error) parts.push(el("p", { class: "error" }, `${this.msg.error} ${this.error}`));
    if (r) {
      if (r.summary) parts.push(el("p", { class: "summary", text: r.summary }));
      parts.push(el("p", { class: "winner", text: r.winner === null || r.winner === undefined ? this.msg.no_winner : fmt(this.msg.winner, { seat: r.winner }) }));
      const turn = this.turn();
      if (turn && turn.legal) {
        const legal = [...turn.legal];
        const free = this.deck().filter((c) => !this.laidCards().has(c));
        const listed = free.every((c) => turn.legal.has(c)) ? this.msg.any_card : legal.map(pretty).join(" · ");
        parts.push(el("p", { class: "next" },
          el("strong", { text: fmt(this.msg.legal_cards, { seat: turn.seat }) }), " ",
          legal.length ? listed : this.msg.none_legal));
        if (turn.beats) {
          parts.push(el("p", { class: "beats" },
            el("strong", { text: fmt(this.msg.beating_cards, { seat: turn.seat }) }), " ",
            turn.beats.size ? [...turn.beats].map(pretty).join(" · ") : this.msg.none_beats));
        }
      } else if (turn) {
        parts.push(el("p", { class: "next", text: fmt(this.msg.any_lead, { seat: turn.seat }) }));
      } else {
        parts.push(el("p", { class: "next", text: this.msg.done }));
      }
    }
    this.verdict.replaceChildren(...parts);
  }

  renderSteps() {
    const steps = (this.result && this.result.steps) || [];
    const list = el("ol", { class: "explorer-steps" });
    for (const st of steps) {
      const flags = [st.legal ? this.msg.legal : this.msg.illegal];
      if (st.beats === true) flags.push(this.msg.beats);
      if (st.beats === false) flags.push(this.msg.does_not_beat);
      list.append(el("li", { class: st.legal ? "legal" : "illegal" },
        el("strong", { text: `${fmt(this.msg.seat, { n: st.seat })}: ${pretty(st.card)}` }),
        ` — ${flags.join(", ")}`,
        st.reason ? el("span", { class: "reason", text: ` · ${st.reason}` }) : null,
        st.verdict && st.verdict !== st.reason ? el("span", { class: "verdict", text: ` · ${st.verdict}` }) : null));
    }
    return el("section", { class: "explorer-laid", "aria-label": this.msg.laid },
      el("h3", { text: this.msg.laid }),
      steps.length ? list : el("p", { text: this.msg.nothing_laid }),
      el("p", { class: "explorer-actions" },
        el("button", { type: "button", id: "explorer-undo", class: "undo", disabled: !this.plays.length,
          onclick: () => { this.plays.pop(); this.ask(); }, text: this.msg.undo }),
        " ",
        el("button", { type: "button", id: "explorer-clear", class: "clear", disabled: !this.plays.length,
          onclick: () => { this.plays = []; this.ask(); }, text: this.msg.clear })));
  }

  renderCards() {
    const turn = this.turn();
    const isLegal = (card) => !!turn && (turn.legal === null || turn.legal.has(card));
    const beats = (card) => !!turn && !!turn.beats && turn.beats.has(card);
    const laid = this.laidCards();
    const rows = SUITS.map((suit) => el("div", { class: "card-row", role: "group", "aria-label": SYMBOLS[suit] },
      this.deck().filter((card) => card.endsWith(suit)).map((card) => {
        const states = laid.has(card) ? [this.msg.already_laid] : [isLegal(card) ? this.msg.legal : this.msg.illegal];
        if (!laid.has(card) && beats(card)) states.push(this.msg.beats);
        const state = states.join(", ");
        return el("button", {
          type: "button",
          class: `card suit-${suit}${isLegal(card) ? " is-legal" : ""}${beats(card) ? " beats" : ""}`,
          "data-card": card,
          "aria-label": fmt(this.msg.card_label, { card: pretty(card), state }),
          disabled: laid.has(card) || !turn,
          onclick: () => this.lay(card),
          text: pretty(card),
        });
      })));
    const title = turn ? fmt(this.msg.next, { seat: turn.seat }) : this.msg.done;
    return el("section", { class: "explorer-cards", "aria-label": this.msg.cards },
      el("h3", { text: title }), el("p", { class: "card-legend", text: this.msg.card_legend }), rows);
  }

  /** Redraw the cards, verdict and steps; the keyboard focus stays where it was (on the card just laid, or on
   * the same control), moving to the first card that can be laid when that one is gone or disabled. */
  renderBoard() {
    const activeId = this.root.contains(document.activeElement) ? document.activeElement.id : "";
    this.renderVerdict();
    this.cards.replaceChildren(this.renderCards());
    this.laid.replaceChildren(this.renderSteps());
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
for (const root of document.querySelectorAll("#explorer-app")) new Explorer(root);
