// One explorer on the rules page: the position (players, options, context, leader, cards laid) and the engine's
// verdict on it, the cards laid one by one; its set-up form (setup.js) and board (board.js) drawn from it, each
// verdict asked of the server (request.js). Nothing here knows the rules.

import { RANKS, SUITS } from "../cards.js";
import { h } from "../dom.js";
import { AdvicePanel } from "../rules-advice.js";
import { renderBoard } from "./board.js";
import { explore } from "./request.js";
import { renderSetup } from "./setup.js";
import { TrumpContext } from "./trumps.js";
import { playerName } from "./words.js";

/** One explorer on the page. */
export class Explorer {
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

  /** The set-up form drawn again (setup.js). */
  renderSetup() {
    renderSetup(this);
  }

  /** Ask the engine about the cards laid so far (an answer overtaken by a newer question is dropped). */
  async ask() {
    const body = { players: this.players, options: this.options, plays: this.plays, context: this.context() };
    const asked = ++this.asked;
    const { result, error } = await explore(this.endpoint, body);
    if (asked !== this.asked) return;
    if (error === undefined) { this.result = result; this.error = null; }
    else { this.error = error; }
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

  /** Redraw the cards, verdict and steps (board.js). */
  renderBoard() {
    renderBoard(this);
  }
}
