// The table page's controller: the state the page keeps between snapshots (the last snapshot, the selection, what
// was seen and asked) and the player's intents, each sent to the server as one event. It draws nothing itself: a
// view redraws through `ctrl.redraw` / `ctrl.redrawPlay`, which the page sets (views.js).

import { splitActions } from "../actions.js";
import { suitStyleFor } from "../cards.js";
import { claimOutcome } from "../claims.js";
import { dropToken, request, saveName, saveToken, savedName } from "../connection.js";
import { latestFinishedGame, playDeal, replayUrl } from "../deals.js";
import { t } from "../i18n.js";
import { withInvite } from "../invite.js";
import { guestName } from "../lobby_games.js";
import { gameName as gameNameOf } from "../options_form.js";
import { renamePlayer } from "../player.js";
import { basePlugin, loadPlugin } from "../plugins.js";
import { named, readerFor, seatName } from "../seats/names.js";
import { tapOutcome } from "../tap.js";
import { dismiss, toast } from "../toast.js";

/** Whether the snapshot's page holds a seat. */
export const seated = (snap) => snap?.you !== null && snap?.you !== undefined;

/** The table page's controller for table `code` over `socket`; `games` is the `GameDecl` list. */
export function createCtrl({ code, games, socket }) {
  const ctrl = {
    code,
    socket,
    /** The last snapshot (`table` event), null before the first. */
    snap: null,
    /** The game's plug-in (plugins.js). */
    plugin: basePlugin,
    /** The cards tapped towards a multi-card play. */
    selection: [],
    /** The chat's lines (null: take the next snapshot's). */
    chatLines: null,
    /** Chat lines this page has sent and not yet seen come back (a spectator's own lines have no seat to tell them). */
    sentChat: [],
    /** The seat this page (a spectator) has asked to take, while the players have not answered (null: none); the
     * seats they refused it (not offered again). */
    claimAsked: null,
    claimRefused: new Set(),
    /** Whether this page asked for "Play again" (another player's closes the result with a word). */
    askedAgain: false,
    /** This render's plan of the plug-in's controls (cards and buttons left to the common rows). */
    plan: null,
    /** The table version of the move on its way (null: none): a second tap before the table answers (a double tap
     * on a phone) would be refused as stale, so it is not sent. */
    sentAt: null,
    /** The page's parts (motion, signal, coach, hints, clock, forced moves, unread chat): set by the page. */
    parts: null,
    redraw: () => {},
    redrawPlay: () => {},
  };

  const snap = () => ctrl.snap;
  ctrl.game = () => games.find((g) => g.id === snap()?.game);
  ctrl.gameName = () => gameNameOf(ctrl.game()) || snap()?.game || "";
  ctrl.nameOf = (seat) => seatName(snap(), seat);
  ctrl.withNames = (text) => named(text, ctrl.nameOf, readerFor(snap()?.view, ctrl.nameOf));
  ctrl.style = () => suitStyleFor(snap()?.game);
  ctrl.moveLabel = (action) => ctrl.plugin.moveLabel(action, { nameOf: ctrl.nameOf, style: ctrl.style(), view: snap()?.view });
  ctrl.fail = (err) => toast(ctrl.withNames(err.detail ?? err.message), "error");

  /** True when this page's player must act now. */
  ctrl.myTurn = () => {
    const s = snap();
    const view = s?.view;
    return Boolean(view) && s.state === "playing" && seated(s) && (view.to_act || []).includes(s.you) && !view.over;
  };

  /** Whether every human at the table is out of the hand in play (the bots may finish it at once). */
  ctrl.humansOut = () => {
    const s = snap();
    const seats = s?.view?.seats || [];
    const humans = (s?.seats || []).filter((x) => x.kind === "human");
    const out = (x) => seats[x.seat]?.out !== null && seats[x.seat]?.out !== undefined;
    return s?.state === "playing" && humans.length > 0 && humans.every(out);
  };

  /** Send `event` for this table; a refusal is shown. Returns the reply, or undefined when refused. */
  ctrl.send = async (event, payload = {}) => {
    try {
      return await request(socket, event, { code, ...payload });
    } catch (err) {
      ctrl.fail(err);
      return undefined;
    }
  };

  /** A plain request of the table (start, leave, again). */
  ctrl.simple = async (event) => {
    try {
      await request(socket, event, { code });
      if (event === "leave") dropToken(code);
    } catch (err) {
      ctrl.fail(err);
    }
  };

  /** Play `action` (a legal action string) at the snapshot's version. `confirmed`: the player chose to play it over
   * the coach's advice; `onlyMove`: the page plays the player's only move for him (sent as `forced`: the server's
   * clock then does not count him as there). */
  ctrl.act = async (action, { confirmed = false, onlyMove = false } = {}) => {
    if (!socket.connected) {
      toast(t("table.reconnecting"), "error");
      return;
    }
    if (ctrl.sentAt === snap().version) return;
    const { coach, forced, motion } = ctrl.parts;
    // a lesson's move much worse than the coach's waits for the player's "play it anyway"
    if (!confirmed && !coach.allows(action, () => ctrl.act(action, { confirmed: true }))) return;
    ctrl.sentAt = snap().version;
    forced.cancel();
    coach.played(action);
    ctrl.selection = [];
    ctrl.plugin.close();
    motion.skip();
    try {
      await request(socket, "act", { code, action, version: snap().version, ...(onlyMove ? { forced: true } : {}) });
    } catch (err) {
      ctrl.sentAt = null;
      ctrl.fail(err);
      ctrl.redraw();
    }
  };

  /** Ask why `action` may not be played; the reason is shown while the table has not moved on. */
  ctrl.explain = async (action, above) => {
    const asked = snap().version;
    try {
      const reply = await request(socket, "explain", { code, action });
      if (reply.reason && snap().version === asked) {
        toast(ctrl.withNames(reply.reason), "why", { above });
        ctrl.parts.coach.refused(reply.reason);
      }
    } catch (err) {
      ctrl.fail(err);
    }
  };

  /** A tap on a card of the hand: the plug-in's first, else play, select or ask why (tap.js). */
  ctrl.tap = (card, above) => {
    if (ctrl.plan?.tap(card)) return;
    const outcome = tapOutcome(card, splitActions(snap().legal).cardActions, ctrl.selection);
    if (outcome.kind === "explain") {
      ctrl.explain(outcome.action, above);
    } else if (outcome.kind === "play") {
      ctrl.act(outcome.action);
    } else {
      ctrl.selection = outcome.selection;
      ctrl.redrawPlay();
    }
  };

  ctrl.clearSelection = () => {
    ctrl.selection = [];
    ctrl.redrawPlay();
  };

  /** The seat list's intents before the start: a seat's kind (`open`, `bot`, `bot:<name>`), sitting down. */
  ctrl.seatActions = {
    setSeat: (seat, value) => {
      const [kind, bot] = value.split(":");
      return ctrl.send("set_seat", { seat, kind, ...(bot ? { bot } : {}) });
    },
    sit: async (seat, name) => {
      saveName(name);
      try {
        const reply = await request(socket, "join", withInvite(code, { code, name, seat }));
        saveToken(code, reply.token);
        renamePlayer(name).catch(() => {}); // the name he sits under is his player's too
      } catch (err) {
        ctrl.fail(err);
      }
    },
  };

  /** A seat in a game under way: a spectator's request, a seated player's answer. */
  ctrl.claimActions = {
    ask: async (seat) => {
      try {
        const reply = await request(socket, "claim", withInvite(code, { code, seat, name: savedName() || guestName() }));
        if (reply.token) ctrl.claimEnded({ answer: "allowed", seat, token: reply.token });
        else ctrl.claimAsked = seat;
        ctrl.redraw();
      } catch (err) {
        ctrl.fail(err);
      }
    },
    answer: (seat, allow) => ctrl.send("answer_claim", { seat, allow }),
  };

  /** This page's request for a seat has ended (`claim_answer`): it keeps the seat's new token when it may sit there,
   * and offers a seat the players refused no more. */
  ctrl.claimEnded = (answer) => {
    ctrl.claimAsked = null;
    if (answer.answer === "refused") ctrl.claimRefused.add(answer.seat);
    if (answer.token) saveToken(code, answer.token);
    toast(claimOutcome(answer, ctrl.nameOf), answer.answer === "allowed" ? "info" : "error");
  };

  ctrl.playAgain = () => {
    ctrl.askedAgain = true;
    return ctrl.simple("again");
  };

  /** A new table from a finished hand's deal, with this player's name (else the lobby's deal form, prefilled). */
  ctrl.playAgainDeal = async (deal) => {
    const s = snap();
    const name = savedName() || (seated(s) ? ctrl.nameOf(s.you) : "");
    if (!name) {
      location.assign(`/?deal=${encodeURIComponent(deal)}`);
      return;
    }
    const others = (s.seats || []).filter((x) => x.seat !== s.you);
    const bots = others.length && others.every((x) => x.kind === "bot") ? others.map((x) => x.bot) : null;
    try {
      await playDeal(socket, deal, name, bots);
    } catch (err) {
      ctrl.fail(err);
    }
  };

  /** Open the replay of this table's latest finished game (from hand `hand` if given), a player's from his own seat. */
  ctrl.openReplay = async (hand = null) => {
    try {
      const id = await latestFinishedGame(code);
      if (id === null) throw new Error(t("replay.missing"));
      location.assign(replayUrl(id, code, hand, snap()?.you ?? null));
    } catch (err) {
      ctrl.fail(err);
    }
  };

  /** Say `text` in the chat; true when the server took it. */
  ctrl.chat = async (text) => {
    ctrl.sentChat.push(text);
    const reply = await ctrl.send("chat", { text, ...(savedName() ? { name: savedName() } : {}) });
    return reply !== undefined;
  };

  /** A snapshot arrived: the game's plug-in loaded, a new version's selection and "why" dropped, the page drawn. */
  ctrl.receive = async (data) => {
    if (data.code !== code) return;
    const first = snap() === null;
    if (first || snap().game !== data.game) ctrl.plugin = await loadPlugin(data.game);
    if (!first && data.version !== snap().version) {
      ctrl.selection = [];
      dismiss("why");
    }
    if (ctrl.chatLines === null) ctrl.chatLines = data.chat || [];
    ctrl.snap = data;
    ctrl.redraw(true, first);
  };

  /** A new connection: what the last one asked and saw is forgotten. */
  ctrl.reset = () => {
    ctrl.chatLines = null;
    ctrl.claimAsked = null; // a request ends with its connection, and so does a refusal
    ctrl.claimRefused.clear();
  };

  return ctrl;
}
