// The turn clock's countdown: on the seat box (and the player's own line) of each player the table waits for, the
// seconds his move has left, then his time bank's. The server sends seconds left (`clock.turns`), never a time of
// day: the page counts down from when the snapshot came, by its own steady clock (performance.now), so a phone's
// wrong clock changes nothing; the server's deadline is what counts (its bot plays when it passes).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const TICK_MS = 250;
const LOW_SECONDS = 5;
const WARN_SECONDS = 10;

/** Seconds as "0:07". */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** What is left of a turn `elapsed` seconds after the snapshot said `turn`: `{seconds, bank}` (`bank`: the move's
 * own time is out, the bank is being used). */
export function remaining(turn, elapsed) {
  const own = turn.left - elapsed;
  if (own > 0) return { seconds: own, bank: false };
  return { seconds: Math.max(0, turn.bank + own), bank: true };
}

/** The countdown of a table page: `update(snap)` on each snapshot, `paint()` after each render (the seat boxes are
 * drawn anew); `say(line)` speaks to the screen reader (once, ten seconds before the player's own time is out). */
export function createClock({ say, now = () => performance.now() }) {
  let clock = null;
  let you = null;
  let since = now();
  let warned = null;

  function badge(turn) {
    const left = remaining(turn, (now() - since) / 1000);
    const text = left.bank ? t("clock.bank", { time: clockText(left.seconds) }) : clockText(left.seconds);
    const low = left.seconds <= LOW_SECONDS;
    return { text, low, left };
  }

  function paint() {
    document.querySelectorAll(".turn-clock").forEach((el) => el.remove());
    if (!clock) return;
    for (const turn of clock.turns || []) {
      const { text, low, left } = badge(turn);
      const label = t(turn.seat === you ? "clock.yours" : "clock.left", { time: clockText(left.seconds) });
      const make = () => h("span", { class: `turn-clock${low ? " low" : ""}${left.bank ? " bank" : ""}`, title: label, "aria-label": label, role: "timer" }, text);
      document.querySelector(`#ring .seat[data-seat="${turn.seat}"] .seat-name`)?.append(make());
      if (turn.seat === you) document.querySelector("#me .me-line")?.append(make());
      if (turn.seat === you && left.seconds <= WARN_SECONDS && warned !== turn) {
        warned = turn;
        say(t("clock.warning", { n: Math.ceil(left.seconds) }));
      }
    }
  }

  setInterval(() => clock && paint(), TICK_MS);

  return {
    update(snap) {
      clock = snap.state === "playing" ? snap.clock ?? null : null;
      you = snap.you ?? null;
      since = now();
    },
    paint,
  };
}
