// The table before the start: its options in words, the seat list (sit down, a seat's kind), a guest's name, the
// host's Fill with bots / Start / Leave, and the invitation (the link, its QR code, Copy).

import { request, savedName } from "../connection.js";
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { inviteFor, inviteLink, saveInvite } from "../invite.js";
import { seatBots } from "../levels.js";
import { guestName } from "../lobby_games.js";
import { changedOptions, summaryWords } from "../options_form.js";
import { waitingSeats } from "../seats/list.js";
import { isWatching } from "../seats/names.js";
import { toast } from "../toast.js";
import { seated } from "./ctrl.js";

const $ = (id) => document.getElementById(id);

/** The seat list's intents, sitting down under the name typed above it (asked for first when there is none). */
function seatIntents(ctrl) {
  const sit = (seat) => {
    const input = $("sit-name");
    const name = input?.value.trim();
    if (!name) {
      input?.focus();
      toast(t("seat.name_first"), "error");
      return;
    }
    ctrl.seatActions.sit(seat, name);
  };
  return { setSeat: ctrl.seatActions.setSeat, sit };
}

/** The host's buttons: fill the open seats with bots, start (once they are filled), leave. */
function hostTools(ctrl) {
  const snap = ctrl.snap;
  const tools = [];
  const open = snap.seats.filter((s) => s.kind === "open");
  if (open.length) {
    // "bot" without a name: the server gives each seat the table's level (Normal unless chosen in the lobby).
    const fillBots = () => open.forEach((s) => ctrl.seatActions.setSeat(s.seat, "bot"));
    tools.push(h("button", { type: "button", id: "fill-bots", onclick: fillBots }, t("table.fill_bots")));
  }
  tools.push(h("button", { type: "button", id: "start", class: "primary", disabled: open.length > 0, onclick: () => ctrl.simple("start") }, t("table.start")));
  if (open.length) tools.push(h("p", { class: "hint" }, t("table.start_hint")));
  // the host may go too: the seat opens and the first other player takes over as host (alone, he closes the table)
  const alone = !snap.seats.some((s) => s.kind === "human" && s.seat !== snap.you);
  const leave = () => ctrl.simple("leave").then(() => alone && location.assign("/"));
  tools.push(h("button", { type: "button", id: "leave", onclick: leave }, t("table.leave")));
  return tools;
}

/** What this page may do before the start: the host's tools, a player's wait and Leave, a full table's word. */
function waitingTools(ctrl, guest) {
  const snap = ctrl.snap;
  if (!seated(snap)) return guest ? [] : [h("p", { class: "hint" }, t("table.full"))];
  if (snap.you === snap.host_seat) return hostTools(ctrl);
  return [h("p", { class: "hint" }, t("table.wait_host")), h("button", { type: "button", id: "leave", onclick: () => ctrl.simple("leave") }, t("table.leave"))];
}

/** The table before the start, drawn from `ctrl.snap`. */
export function renderWaiting(ctrl) {
  const snap = ctrl.snap;
  const game = ctrl.game();
  $("options-summary").textContent = t("table.options", { options: summaryWords(game, changedOptions(game, snap.options)) });
  const bots = seatBots(game?.bots || []);
  fill($("seat-list"), waitingSeats(snap, bots.length ? bots : ["random"], seatIntents(ctrl)));
  // A guest's name, above the seats he may sit in (what he typed kept when the list is drawn again).
  const typed = $("sit-name")?.value;
  const guest = !seated(snap) && snap.seats.some((s) => s.kind === "open");
  const input = () => h("input", { id: "sit-name", maxlength: "24", value: typed ?? (savedName() || guestName()) });
  fill($("waiting-name"), guest ? h("label", { class: "field inline" }, h("span", {}, t("lobby.your_name")), input()) : null);
  fill($("waiting-tools"), waitingTools(ctrl, guest));
}

/** Open or close the invitation (its link and QR code are fetched the first time it opens). */
export function showInvite(ctrl, open) {
  $("invite").hidden = !open;
  $("invite-toggle").setAttribute("aria-expanded", String(open));
  if (open && !$("invite-qr").getAttribute("src")) loadInvite(ctrl);
}

/** The invitation's link (on the LAN's address when the server has one, with a private table's secret) and QR. */
async function loadInvite(ctrl) {
  const code = ctrl.code;
  let base = location.origin;
  try {
    const response = await fetch("/api/lan");
    const lan = response.ok ? await response.json() : null;
    if (lan?.urls?.length) base = lan.urls[0];
  } catch {
    // keep this page's own address
  }
  let secret = inviteFor(code);
  if (!secret && ctrl.snap && !isWatching(ctrl.snap)) {
    try {
      secret = (await request(ctrl.socket, "invite", { code })).invite;
      saveInvite(code, secret);
    } catch {
      // a spectator is not given the secret: the plain link
    }
  }
  const link = inviteLink(base, code, secret);
  Object.assign($("invite-link"), { href: link, textContent: link });
  $("invite-qr").src = `/t/${code}/qr.svg`;
}
