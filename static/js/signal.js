// The turn signal: a short sound (generated with WebAudio, no files) when it becomes your turn, when a spectator asks
// for an away player's seat (a player answers) and when a trick is taken, a vibration on phones, and the tab's title
// and icon while you must act or answer in a hidden tab. Mute and volume
// are remembered in localStorage. `signalPlan` (no DOM) says what a snapshot should signal.

const SOUND_KEY = "cardtable.sound";
const SWEEP_EVENTS = new Set(["trick", "take", "clear"]);

/** The icon of a tab where you must act: a gold disc with a dark mark, drawn inline (no request leaves the page). */
export const TURN_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#f2b705" ' +
      'stroke="#1b1b1b" stroke-width="2"/><path d="M12 8l10 8-10 8z" fill="#1b1b1b"/></svg>',
  );

/**
 * What to signal for a snapshot: `prev` and `next` are `{myTurn, asked}` (prev null on the first snapshot of the
 * page; `asked`: a request for a seat waits for your answer), `fresh` its new events. `turn`: it has just become
 * your turn; `ask`: a request has just come; `trick`: a trick or pile was taken.
 */
export function signalPlan(prev, next, fresh) {
  const turn = prev !== null && !prev.myTurn && next.myTurn;
  const ask = prev !== null && !prev.asked && Boolean(next.asked);
  const trick = prev !== null && (fresh || []).some((e) => SWEEP_EVENTS.has(e?.event));
  return { turn, ask, trick };
}

/** The tab's title: `base`, marked while you must act and the tab is hidden. */
export function tabTitle(base, myTurn, hidden, mark) {
  return myTurn && hidden ? `${mark} · ${base}` : base;
}

/** `{muted, volume}` (volume 0..1) as remembered. */
export function soundPrefs() {
  try {
    const p = JSON.parse(localStorage.getItem(SOUND_KEY) || "{}");
    const volume = Number.isFinite(p.volume) ? Math.min(1, Math.max(0, p.volume)) : 0.6;
    return { muted: p.muted === true, volume };
  } catch {
    return { muted: false, volume: 0.6 };
  }
}

export function setSoundPrefs(prefs) {
  localStorage.setItem(SOUND_KEY, JSON.stringify({ ...soundPrefs(), ...prefs }));
}

let audio = null;

/** The audio context, made (or resumed) on a user's gesture: browsers keep it silent before one. */
function context(create = false) {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!audio && create && Ctx) audio = new Ctx();
  if (audio?.state === "suspended" && create) audio.resume().catch(() => {});
  return audio;
}

function tone(ctx, { freq, at, length, level, type = "sine", slide = null }) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (slide) osc.frequency.exponentialRampToValueAtTime(slide, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** Play one of the table's sounds: "turn" (two rising notes) or "trick" (a soft low swish). */
export function playSound(kind, prefs = soundPrefs()) {
  if (prefs.muted || prefs.volume <= 0) return false;
  const ctx = context();
  if (!ctx || ctx.state !== "running") return false;
  const level = 0.25 * prefs.volume;
  const now = ctx.currentTime + 0.01;
  if (kind === "turn") {
    tone(ctx, { freq: 660, at: now, length: 0.16, level });
    tone(ctx, { freq: 990, at: now + 0.13, length: 0.24, level });
  } else {
    tone(ctx, { freq: 420, at: now, length: 0.22, level: level * 0.8, type: "triangle", slide: 210 });
  }
  return true;
}

/**
 * The signal of one table page: `update({title, myTurn, asked, fresh})` after each snapshot; `mark` is the catalog's
 * "your turn" text for the title, `askMark` its "a seat is asked for".
 */
export function createSignal({ mark, askMark }) {
  const icon = document.querySelector('link[rel="icon"]');
  const plainIcon = icon?.getAttribute("href") || "data:,";
  let last = null;
  let base = document.title;

  const unlock = () => context(true);
  window.addEventListener("pointerdown", unlock, { capture: true });
  window.addEventListener("keydown", unlock, { capture: true });

  function paint() {
    const myTurn = last?.myTurn ?? false;
    const alert = myTurn || Boolean(last?.asked);
    document.title = tabTitle(base, alert, document.hidden, myTurn ? mark() : askMark());
    document.body.classList.toggle("tab-alert", alert && document.hidden);
    if (icon) icon.setAttribute("href", alert && document.hidden ? TURN_ICON : plainIcon);
  }
  document.addEventListener("visibilitychange", paint);

  function update({ title, myTurn, asked = false, fresh }) {
    base = title;
    const plan = signalPlan(last, { myTurn, asked }, fresh);
    last = { myTurn, asked };
    paint();
    const prefs = soundPrefs();
    if (plan.trick) playSound("trick", prefs);
    if (plan.turn || plan.ask) {
      if (plan.trick) setTimeout(() => playSound("turn", soundPrefs()), 260);
      else playSound("turn", prefs);
      if (!prefs.muted && navigator.vibrate && window.matchMedia?.("(pointer: coarse)").matches) {
        try {
          navigator.vibrate([90, 60, 90]);
        } catch {
          // a page without a user's gesture yet may not vibrate
        }
      }
    }
    return plan;
  }

  return { update, test: () => (context(true), setTimeout(() => playSound("turn"), 60)) };
}
