// The table page's own controls, wired once: the invitation's buttons, the settings (suits, indices, colours, forced
// moves, suggestions, sound, motion and pace), Last trick and Score, the chat's form, and the sizes the layout
// follows (the top bar, the hand, the ring, the room above the tools).

import { prefersFourColours, setPrefersFourColours, setPrefersFrench } from "../cards.js";
import { forcedWanted, setForcedWanted } from "../forced.js";
import { fitHand, handKeys } from "../hand.js";
import { hintsWanted, setHintsWanted } from "../hints.js";
import { setPrefersLatinIndices, t } from "../i18n.js";
import { motionWanted, pace, setMotionWanted, setPace } from "../motion.js";
import { refitRing } from "../seats/fit.js";
import { setSoundPrefs, soundPrefs } from "../signal.js";
import { toast } from "../toast.js";
import { showLastTrick, showSheet } from "./view_overlays.js";
import { showInvite } from "./view_waiting.js";

const $ = (id) => document.getElementById(id);

/** A checkbox of the settings: shown as `now`, `set(checked)` on a change, then the table drawn again. */
function checkbox(ctrl, id, now, set) {
  if (now !== null) $(id).checked = now;
  $(id).addEventListener("change", (e) => {
    set(e.target.checked);
    if (ctrl.snap) ctrl.redraw();
  });
}

/** The settings that change how the table is drawn, and sound, motion and pace. */
function wirePrefs(ctrl) {
  checkbox(ctrl, "french-suits", null, setPrefersFrench);
  checkbox(ctrl, "latin-indices", null, setPrefersLatinIndices);
  checkbox(ctrl, "four-colours", prefersFourColours(), setPrefersFourColours);
  checkbox(ctrl, "forced-on", forcedWanted(), setForcedWanted);
  checkbox(ctrl, "hints-on", hintsWanted(), setHintsWanted);
  const sound = soundPrefs();
  $("sound-on").checked = !sound.muted;
  $("sound-volume").value = String(Math.round(sound.volume * 100));
  $("sound-volume").disabled = sound.muted;
  $("motion-on").checked = motionWanted();
  $("trick-pace").value = pace();
  $("sound-on").addEventListener("change", (e) => {
    setSoundPrefs({ muted: !e.target.checked });
    $("sound-volume").disabled = !e.target.checked;
  });
  $("sound-volume").addEventListener("change", (e) => setSoundPrefs({ volume: Number(e.target.value) / 100 }));
  $("sound-test").addEventListener("click", () => ctrl.parts.signal.test());
  $("motion-on").addEventListener("change", (e) => setMotionWanted(e.target.checked));
  $("trick-pace").addEventListener("change", (e) => setPace(e.target.value));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && $("prefs").open) {
      $("prefs").open = false;
      $("prefs").querySelector("summary").focus();
    }
  });
  document.addEventListener("click", (e) => {
    if ($("prefs").open && !$("prefs").contains(e.target)) $("prefs").open = false;
  });
}

/** The sizes the layout follows, measured again whenever they change. */
function wireSizes() {
  const watch = (el, fn) => window.ResizeObserver && el && new ResizeObserver(fn).observe(el);
  window.addEventListener("resize", () => fitHand($("hand")));
  // The ring takes what the status, buttons, hint and hand leave: when that changes, it is fitted again before the
  // frame is drawn (not when the change was the fit's own: grown to hold a tall seat box).
  watch($("ring"), () => refitRing($("ring")));
  // The table fills the screen under the top bar, whose height changes as its links wrap.
  const topbar = document.querySelector(".topbar");
  watch(topbar, () => document.documentElement.style.setProperty("--topbar-h", `${topbar.offsetHeight}px`));
  watch($("hand"), () => fitHand($("hand")));
  // The hand summary docked over a phone's side column reaches down to the Last trick and Score buttons (over the
  // suggestion's button, of no use while it shows), however many rows the buttons wrap to.
  const tools = document.querySelector(".bottom-row .tools");
  const toolsTop = () => Math.min(...["last-trick-button", "sheet-button"].map((id) => $(id).getBoundingClientRect().top || innerHeight));
  const toolsRoom = () => document.documentElement.style.setProperty("--tools-room", `${Math.max(0, innerHeight - toolsTop())}px`);
  if (tools && window.ResizeObserver) {
    new ResizeObserver(toolsRoom).observe(tools);
    window.addEventListener("resize", toolsRoom);
  }
}

/** Wire the page's controls to `ctrl`. */
export function wireControls(ctrl) {
  $("invite-toggle").addEventListener("click", () => showInvite(ctrl, $("invite").hidden));
  $("invite-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("invite-link").href);
      toast(t("table.copied"));
    } catch {
      toast($("invite-link").href);
    }
  });
  wirePrefs(ctrl);
  $("last-trick-button").addEventListener("click", () => showLastTrick(ctrl));
  $("sheet-button").addEventListener("click", () => showSheet(ctrl));
  $("chat-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (text && (await ctrl.chat(text))) $("chat-text").value = "";
  });
  wireSizes();
  handKeys($("hand"));
}
