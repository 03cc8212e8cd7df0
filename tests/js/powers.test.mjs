// powers.js: how a power's legal actions (real lists from the engine) are chosen step by step, and the log's words.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  answersIn,
  cardSource,
  chooserState,
  describePower,
  longestWord,
  moveLabel,
  nextSeat,
  nextStep,
  numberRange,
  powerLabel,
  powersIn,
  questionParts,
  tokenKind,
  wordKey,
} from "../../static/js/powers.js";
import { loadRealCatalog } from "./catalog.mjs";

before(() => loadRealCatalog("en"));

const nameOf = (seat) => ["Ann", "Bob", "Cid"][seat];
const ctx = { nameOf, style: "french" };

// Quizmaster after a trick (seat 1 asks seat 0 or 2), trimmed: a card, a suit, at least N of a suit, trump.
const QUIZ = [
  "power quizmaster 0 card 6C",
  "power quizmaster 0 card AH",
  "power quizmaster 0 suit C",
  "power quizmaster 0 suit H",
  "power quizmaster 0 atleast 2 C",
  "power quizmaster 0 atleast 3 C",
  "power quizmaster 0 atleast 2 H",
  "power quizmaster 0 trump",
  "power quizmaster 2 card 6C",
  "power quizmaster 2 trump",
  "decline",
];

describe("powersIn and answersIn", () => {
  it("groups power actions by name and keeps their arguments", () => {
    const map = powersIn([...QUIZ, "play 7S", "power voyeur 2"]);
    assert.deepEqual([...map.keys()], ["quizmaster", "voyeur"]);
    assert.deepEqual(map.get("voyeur"), [{ action: "power voyeur 2", args: ["2"] }]);
    assert.equal(map.get("quizmaster").length, 10);
  });

  it("finds the answers a power asks for", () => {
    assert.deepEqual(answersIn(["accept", "refuse", "play 7S"]), ["accept", "refuse"]);
    assert.deepEqual(answersIn(QUIZ), ["decline"]);
  });
});

describe("tokenKind", () => {
  it("tells seats from numbers by the notation, and cards, suits and words by their shape", () => {
    assert.equal(tokenKind("quizmaster", 0, "2"), "seat");
    assert.equal(tokenKind("quizmaster", 2, "2"), "number");
    assert.equal(tokenKind("radar", 0, "95"), "number");
    assert.equal(tokenKind("differenzler", 0, "1"), "number");
    assert.equal(tokenKind("fahnder", 0, "10S"), "card");
    assert.equal(tokenKind("blackfriday", 0, "H"), "suit");
    assert.equal(tokenKind("computer", 0, "+5"), "word");
    assert.equal(wordKey("+5"), "plus5");
    assert.equal(wordKey("-"), "minus");
  });
});

describe("nextStep builds a Quizmaster question from choices", () => {
  const options = powersIn(QUIZ).get("quizmaster");

  it("asks whom first, then what, then which", () => {
    assert.deepEqual(nextStep("quizmaster", options, []).values, ["0", "2"]);
    assert.equal(nextStep("quizmaster", options, []).kind, "seat");
    const what = nextStep("quizmaster", options, ["0"]);
    assert.equal(what.kind, "word");
    assert.deepEqual(what.values, ["card", "suit", "atleast", "trump"]);
    const count = nextStep("quizmaster", options, ["0", "atleast"]);
    assert.equal(count.kind, "number");
    assert.deepEqual(count.values, ["2", "3"]);
    assert.deepEqual(nextStep("quizmaster", options, ["0", "atleast", "2"]).values, ["C", "H"]);
  });

  it("names the one action a full choice makes", () => {
    assert.deepEqual(nextStep("quizmaster", options, ["0", "atleast", "2", "H"]), { done: "power quizmaster 0 atleast 2 H" });
    assert.deepEqual(nextStep("quizmaster", options, ["2", "trump"]), { done: "power quizmaster 2 trump" });
    assert.deepEqual(nextStep("quizmaster", options, ["1"]), { none: true });
  });

  it("offers the plain action beside the longer ones (Korrektor)", () => {
    const step = nextStep("korrektor", powersIn(["power korrektor", "power korrektor lead"]).get("korrektor"), []);
    assert.equal(step.bare, "power korrektor");
    assert.deepEqual(step.values, ["lead"]);
  });
});

describe("chooserState keeps an open chooser while its power is legal", () => {
  // Umwerter after the discards (engine: power umwerter CARD high|low for every card he does not hold), trimmed.
  const UMWERTER = ["power umwerter 7C high", "power umwerter 7C low", "power umwerter AH high", "power umwerter AH low", "decline"];
  it("keeps the chooser, at the step it reached, while the window still offers the power", () => {
    const state = chooserState({ name: "umwerter", chosen: ["7C"] }, powersIn(UMWERTER));
    assert.ok(!state.lapsed);
    assert.deepEqual(state.step.values, ["high", "low"]);
  });
  it("keeps it when a new snapshot adds other actions (another power, an answer)", () => {
    const state = chooserState({ name: "umwerter", chosen: [] }, powersIn([...UMWERTER, "power voyeur 2"]));
    assert.deepEqual(state.step.values, ["7C", "AH"]);
  });
  it("says it lapsed when the power is gone from the legal actions (the table moved on)", () => {
    assert.deepEqual(chooserState({ name: "umwerter", chosen: ["7C"] }, powersIn(["play 6H", "play 7H"])), { lapsed: true });
  });
  it("says it lapsed when no action starts with the arguments chosen any more", () => {
    assert.deepEqual(chooserState({ name: "umwerter", chosen: ["9S"] }, powersIn(UMWERTER)), { lapsed: true });
  });
});

describe("cards and numbers", () => {
  it("chooses a card where it lies: the hand, the trick, else a grid", () => {
    assert.equal(cardSource(["7S", "9S"], ["7S", "9S", "AH"], []), "hand");
    assert.equal(cardSource(["6D", "7D"], ["AH"], ["6D", "7D", "KC"]), "trick");
    assert.equal(cardSource(["6D", "AH"], ["AH"], []), "grid");
  });

  it("reads a run of numbers (Radar 80-120)", () => {
    const radar = Array.from({ length: 41 }, (_, i) => String(80 + i));
    assert.deepEqual(numberRange(radar), { min: 80, max: 120, run: true });
  });

  it("finds the next seat in the direction of play", () => {
    assert.equal(nextSeat(2, 1), 0);
    assert.equal(nextSeat(0, -1), 2);
  });
});

describe("words", () => {
  it("labels a whole power action with its catalog phrase", () => {
    assert.equal(powerLabel({ id: "voyeur" }, ["2"], ctx), "Look at cards of Cid");
    assert.equal(powerLabel({ id: "computer" }, ["+5"], ctx), "+5 card points");
    assert.equal(powerLabel({ id: "ultimo" }, [], ctx), "Use Ultimo");
  });

  it("names a suggested move: a power by its phrase, never by its id; any other move as the buttons do", () => {
    const cast = [{ seat: 0, id: "trumphator" }, { seat: 1, id: "voyeur" }];
    const say = (action) => moveLabel(action, { characters: cast, ...ctx });
    assert.equal(say("power trumphator"), "Use Trumphator");
    assert.equal(say("power voyeur 2"), "Look at cards of Cid");
    assert.equal(say("decline"), "Not now");
    assert.equal(say("play QS"), "Play Q♠");
  });

  it("says what a power did from the event's public arguments only", () => {
    const game = "eidex";
    const line = (e) => describePower(e, { game, nameOf, style: "french", characters: [] });
    assert.equal(line({ event: "power", seat: 0, name: "voyeur", target: 2 }), "Ann (Voyeur) looks at five cards of Cid");
    assert.equal(
      line({ event: "power", seat: 1, name: "quizmaster", target: 2, question: "atleast 5 D", answer: true }),
      "Bob (Quizmaster) asks Cid: do you hold at least 5 cards of ♦ diamonds? — yes",
    );
    assert.equal(line({ event: "power", seat: 2, name: "radar", limit: 89 }), "Cid (Speed Trap) sets the limit to 89");
    assert.equal(line({ event: "power", seat: 2, name: "computer", delta: -5 }), "Cid (Computer) takes 5 off their card points");
    assert.equal(line({ event: "show", seat: 2, to: 0, count: 5 }), "Cid shows Ann 5 cards");
    assert.equal(describePower({ event: "take", seat: 0, cards: ["7S"] }, { game: "bailiff", nameOf }), null);
    assert.equal(line({ event: "play", seat: 0, cards: ["7S"] }), null);
  });

  it("measures a name by its longest word, a hyphen being a place to break", () => {
    assert.equal(longestWord("Компьютер"), 9);
    assert.equal(longestWord("Защита потребителя"), 11);
    assert.equal(longestWord("Джиу-джитсу"), 6);
    assert.equal(longestWord(""), 0);
  });

  it("splits a Quizmaster question into its parts", () => {
    assert.deepEqual(questionParts("card 7C"), { key: "power.question.card", params: { card: "7C" } });
    assert.deepEqual(questionParts("trump"), { key: "power.question.trump", params: {} });
  });
});
