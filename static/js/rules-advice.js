// The explorer's "ask the bot" panel: pick the cards the seat to play holds and ask what the Hard bot would play.
// The answer (the bot's move and its reason, in the page's language) comes from POST /api/explore/<game>/advice;
// the position is the explorer's own (players, options, context, cards laid). Nothing here knows the rules.

import { SUITS } from "./cards.js";
import { cardFace, cardName, pageStyle, suitWords } from "./rules-suits.js";
import { h } from "./dom.js";
import { format } from "./i18n.js";

/** The panel under one explorer: its hand picker, its question and the bot's answer. */
export class AdvicePanel {
  constructor(explorer, endpoint) {
    this.explorer = explorer;
    this.endpoint = endpoint;
    this.msg = explorer.msg;
    this.hand = new Set();
    this.answer = null;
    this.error = null;
    this.thinking = false;
    this.asked = 0;
    this.question = "";
    this.root = h("section", { class: "explorer-advice", "aria-labelledby": "explorer-advice-h" });
  }

  /** The question the panel would send now: the explorer's position and the hand. */
  body() {
    const ex = this.explorer;
    return {
      players: ex.players,
      options: ex.options,
      plays: ex.plays,
      context: ex.context(),
      leader: ex.leader,
      hand: ex.deck().filter((c) => this.hand.has(c)),
    };
  }

  /** Ask the server; an answer to an older question (the position or hand changed since) is dropped. */
  async ask() {
    const body = this.body();
    const asked = ++this.asked;
    this.question = JSON.stringify(body);
    this.thinking = true;
    this.answer = null;
    this.error = null;
    this.render();
    try {
      const response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: this.question,
      });
      const data = await response.json();
      if (asked !== this.asked) return;
      if (response.ok) this.answer = data;
      else this.error = data.error || response.statusText;
    } catch (err) {
      if (asked !== this.asked) return;
      this.error = String(err);
    }
    this.thinking = false;
    this.render();
  }

  toggle(card) {
    if (this.hand.has(card)) this.hand.delete(card);
    else this.hand.add(card);
    this.render();
    this.root.querySelector(`button.card[data-hand="${card}"]`)?.focus();
  }

  /** The answer shown only while it answers the position and hand on screen. */
  current() {
    return JSON.stringify(this.body()) === this.question;
  }

  picker(laid) {
    return SUITS.map((suit) =>
      h("div", { class: "card-row", role: "group", "aria-label": suitWords(suit) },
        this.explorer.deck().filter((card) => card.endsWith(suit)).map((card) => {
          const held = this.hand.has(card);
          return h("button", {
            type: "button",
            class: `card suit-${suit}${held ? " in-hand" : ""}`,
            dataset: { hand: card },
            "aria-pressed": held ? "true" : "false",
            disabled: laid.has(card),
            onclick: () => this.toggle(card),
          }, cardFace(card));
        })));
  }

  result() {
    if (this.thinking) return h("p", { class: "advice-thinking" }, this.msg.advice_thinking);
    if (!this.current()) return null;
    if (this.error) return h("p", { class: "error" }, this.error);
    if (!this.answer) return null;
    const move = this.answer.move;
    const cards = move.cards.map((c) => h("span", { class: `card advice-card suit-${c.code.slice(-1)}` }, cardName(c.code)));
    return [
      h("p", { class: "advice-move" },
        h("strong", {}, format(this.msg.advice_plays, { player: this.explorer.player(this.answer.seat) })), " ",
        cards.length ? cards : move.text),
      h("p", { class: "advice-reason" }, this.answer.reason),
    ];
  }

  render() {
    const ex = this.explorer;
    const turn = ex.turn();
    const laid = ex.laidCards();
    for (const card of laid) this.hand.delete(card);
    const picked = ex.deck().filter((c) => this.hand.has(c));
    const seat = turn ? turn.seat : null;
    const need = ex.result?.hand ?? null; // how many cards the seat to play holds: the bot is asked only then
    this.root.replaceChildren(
      h("h3", { id: "explorer-advice-h" }, this.msg.advice_title),
      h("p", {}, seat === null ? this.msg.advice_no_turn : format(this.msg.advice_intro, { player: ex.player(seat) })),
      h("fieldset", { class: "advice-hand" },
        h("legend", {}, format(this.msg.advice_hand, { n: picked.length, need: need ?? "–" })),
        this.picker(laid),
        h("p", { class: "advice-picked" }, picked.length ? picked.map((c) => cardName(c)).join(pageStyle() === "french" ? " " : ", ") : this.msg.advice_empty)),
      h("p", { class: "explorer-actions" },
        h("button", { type: "button", id: "explorer-advice-ask", disabled: seat === null || this.thinking || (need !== null && picked.length !== need),
          onclick: () => this.ask() }, this.msg.advice_ask),
        " ",
        h("button", { type: "button", id: "explorer-advice-clear", disabled: !picked.length,
          onclick: () => { this.hand.clear(); this.render(); } }, this.msg.advice_clear)),
      h("div", { class: "advice-answer", role: "status", "aria-live": "polite" }, this.result()),
    );
  }
}
