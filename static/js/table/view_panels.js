// The side panels drawn again only when what they show changes (a focused button or an open select keeps its place,
// a live region is not read out again at every move): the players (moderation) and the claims of seats.

import { claimsPanel } from "../claims.js";
import { fill } from "../dom.js";
import { playersPanel } from "../moderation.js";
import { renderChat } from "./view_log.js";

const $ = (id) => document.getElementById(id);

/** What the players' panel was drawn from last. */
let playersDrawn = null;

/** The Players panel (moderation.js); `force` draws it even when nothing it shows has changed (a mute toggled). */
export function renderPlayers(ctrl, force = false) {
  const snap = ctrl.snap;
  const humans = (snap.seats || []).filter((s) => s.kind === "human").map((s) => [s.seat, s.name]);
  const drawn = JSON.stringify([humans, snap.house, snap.you, snap.host_seat, snap.state, document.documentElement.lang]);
  if (drawn === playersDrawn && !force) return;
  playersDrawn = drawn;
  // the button or select that had the focus gets it back in the panel drawn anew (a mute just toggled)
  const panel = $("players");
  const active = document.activeElement;
  const inside = panel.contains(active);
  const row = inside ? active.closest(".player-row")?.dataset.seat : undefined;
  const kind = inside ? active.id || active.classList[0] : null;
  const rerender = () => {
    renderPlayers(ctrl, true);
    renderChat(ctrl);
  };
  fill(panel, playersPanel(snap, { code: ctrl.code, nameOf: ctrl.nameOf, send: ctrl.send, rerender }));
  if (kind) {
    const scope = row === undefined ? panel : panel.querySelector(`.player-row[data-seat="${row}"]`);
    scope?.querySelector(`#${CSS.escape(kind)}, .${CSS.escape(kind)}`)?.focus({ preventScroll: true });
  }
}

/** What the claims panel said last. */
let claimsSaid = null;

/** A seat in a game under way: a spectator's offers and wait, a seated player's answers (claims.js). */
export function renderClaims(ctrl) {
  const panel = claimsPanel(ctrl.snap, { asked: ctrl.claimAsked, refused: ctrl.claimRefused, nameOf: ctrl.nameOf, ...ctrl.claimActions });
  const said = panel.map((el) => el.textContent).join("\n");
  if (said === claimsSaid) return;
  claimsSaid = said;
  fill($("claims"), panel);
  $("claims").hidden = !panel.length;
}
