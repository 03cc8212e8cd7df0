// The table page's parts that keep their own state across snapshots (each in its module): motion, the turn
// signal, a lesson's coach, suggestions, the turn clock, forced moves and the chat's unread count, made once for
// the page's controller.

import { createClock } from "../clock.js";
import { createCoach } from "../coach.js";
import { request, tokens } from "../connection.js";
import { createForced } from "../forced.js";
import { createHints } from "../hints.js";
import { t } from "../i18n.js";
import { createMotion } from "../motion.js";
import { lessonReview } from "../review.js";
import { createSignal } from "../signal.js";
import { createUnread } from "../unread.js";
import { sayAlso } from "./view_log.js";

const $ = (id) => document.getElementById(id);

/** The parts of the page of `ctrl`'s table. */
export function createParts(ctrl) {
  const { code, socket, nameOf, style } = ctrl;
  const review = (snap) => lessonReview(code, tokens()[code], { code, you: snap.you, nameOf, style, players: snap.players, game: snap.game });
  return {
    motion: createMotion({ ring: $("ring"), centre: $("centre"), hand: $("hand"), me: $("me") }),
    signal: createSignal({ mark: () => t("signal.title"), askMark: () => t("signal.claim") }),
    coach: createCoach({ panel: $("coach"), ask: () => request(socket, "hint", { code }, 20000), say: ctrl.withNames, style, review }),
    hints: createHints({
      socket,
      code,
      els: { button: $("hint-button"), text: $("hint-text"), hand: $("hand"), actions: $("actions"), selection: $("selection") },
      label: ctrl.moveLabel,
      speak: ctrl.withNames,
      onError: ctrl.fail,
    }),
    clock: createClock({ say: sayAlso }),
    forced: createForced({
      note: $("forced-note"),
      act: (move, version) => ctrl.snap?.version === version && ctrl.act(move, { onlyMove: true }),
      label: (move) => t("forced.only", { move: ctrl.moveLabel(move) }),
      say: sayAlso,
    }),
    unread: createUnread({
      button: $("chat-button"),
      badge: $("chat-unread"),
      panel: document.querySelector(".panel.chat"),
      label: (n) => (n ? `${t("table.chat")}: ${t("table.chat_unread", { n })}` : t("table.chat")),
      // a keyboard's user goes on to write; a phone's keyboard is not opened unasked
      focusAfter: () => window.matchMedia?.("(pointer: fine)").matches && $("chat-text").focus({ preventScroll: true }),
    }),
  };
}
