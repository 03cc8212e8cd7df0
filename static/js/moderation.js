// The players' panel of a table: each player's chat may be muted for oneself (kept in this browser), and the host
// may mute a player for the table, remove a player (a bot takes his seat), lock the seats, let anyone with the code
// watch, and set the clock and the bots' speed (docs/protocol.md, `remove`, `lock`, `mute`, `house`).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const MUTED_KEY = "cardtable.muted";

/** The seat names this browser has muted at table `code` (a player's own mute, nobody else's business). */
export function mutedHere(code) {
  return new Set(allMuted()[code] || []);
}

function allMuted() {
  try {
    return JSON.parse(localStorage.getItem(MUTED_KEY)) || {};
  } catch {
    return {};
  }
}

export function setMutedHere(code, name, muted) {
  const all = allMuted();
  const names = new Set(all[code] || []);
  if (muted) names.add(name);
  else names.delete(name);
  localStorage.setItem(MUTED_KEY, JSON.stringify({ ...all, [code]: [...names] }));
}

/** Whether a chat line is one this reader muted (a player's line, by his seat's name). */
export function isMutedLine(code, line) {
  return line.seat !== null && line.seat !== undefined && mutedHere(code).has(line.name);
}

const CLOCKS = ["off", "relaxed", "normal", "fast"];
const SPEEDS = ["slow", "normal", "fast"];

/** A labelled select of `choices`, each in words by `word(choice)`. */
export function choiceSelect(id, label, value, choices, word, onchange) {
  return h(
    "label",
    { class: "field inline" },
    h("span", {}, label),
    h("select", { id, onchange: (e) => onchange(e.target.value) }, choices.map((c) => h("option", { value: c, selected: c === value }, word(c)))),
  );
}

/** The clock's settings and the bots' speeds, as a host or the lobby chooses them. */
export const clockSelect = (id, value, onchange) => choiceSelect(id, t("clock.setting.label"), value, CLOCKS, (c) => t(`clock.setting.${c}`), onchange);
export const speedSelect = (id, value, onchange) => choiceSelect(id, t("pace.speed.label"), value, SPEEDS, (c) => t(`pace.speed.${c}`), onchange);

/** The panel's rows: `snap` the table, `code` its code, `nameOf(seat)`, `send(event, payload)` the host's requests,
 * `rerender()` after a change of one's own mutes. */
export function playersPanel(snap, { code, nameOf, send, rerender }) {
  const house = snap.house || {};
  const isHost = snap.you !== null && snap.you !== undefined && snap.you === snap.host_seat;
  const mine = mutedHere(code);
  const rows = (snap.seats || [])
    .filter((s) => s.kind === "human" && s.seat !== snap.you)
    .map((s) => {
      const name = nameOf(s.seat);
      const selfMuted = mine.has(s.name);
      const tableMuted = (house.muted || []).includes(s.seat);
      const buttons = [
        h(
          "button",
          { type: "button", class: "mute-self", "aria-pressed": String(selfMuted), onclick: () => (setMutedHere(code, s.name, !selfMuted), rerender()) },
          t(selfMuted ? "moderation.unmute_self" : "moderation.mute_self", { name }),
        ),
      ];
      if (isHost && s.seat !== snap.host_seat) {
        buttons.push(
          h(
            "button",
            { type: "button", class: "mute-table", "aria-pressed": String(tableMuted), onclick: () => send("mute", { seat: s.seat, muted: !tableMuted }) },
            t(tableMuted ? "moderation.unmute_table" : "moderation.mute_table", { name }),
          ),
          h(
            "button",
            { type: "button", class: "remove-player", onclick: () => window.confirm(t("moderation.remove_confirm", { name })) && send("remove", { seat: s.seat }) },
            t("moderation.remove", { name }),
          ),
        );
      }
      return h("li", { class: "player-row", dataset: { seat: String(s.seat) } }, h("strong", {}, name), tableMuted ? h("span", { class: "chip" }, t("moderation.muted")) : null, h("span", { class: "row-form" }, buttons));
    });
  const out = [h("h2", { id: "players-title" }, t("moderation.title"))];
  out.push(rows.length ? h("ul", { class: "player-rows" }, rows) : h("p", { class: "hint" }, t("moderation.nobody")));
  const facts = [
    t(house.listed === false ? "moderation.unlisted" : "moderation.listed"),
    house.locked ? t("moderation.locked") : null,
    house.clock && house.clock !== "off" ? t("moderation.clock_is", { clock: t(`clock.setting.${house.clock}`) }) : null,
  ].filter(Boolean);
  out.push(h("p", { class: "hint house-facts" }, facts.join(" · ")));
  if (isHost) {
    out.push(
      h(
        "div",
        { class: "host-tools" },
        h("label", { class: "pref" }, h("input", { type: "checkbox", id: "lock-seats", checked: Boolean(house.locked), onchange: (e) => send("lock", { locked: e.target.checked }) }), " ", t("moderation.lock")),
        house.listed === false
          ? h("label", { class: "pref" }, h("input", { type: "checkbox", id: "allow-watch", checked: Boolean(house.watch), onchange: (e) => send("house", { watch: e.target.checked }) }), " ", t("moderation.allow_watch"))
          : null,
        clockSelect("house-clock", house.clock || "off", (clock) => send("house", { clock })),
        speedSelect("house-speed", house.bot_speed || "normal", (speed) => send("house", { bot_speed: speed })),
      ),
    );
  }
  return out;
}

/** Under the status line: "a bot plays for you: I'm back" when the clock marked this player away, and "Finish the
 * hand" when every human is out of the hand. */
export function pacePanel(snap, { send, humansOut }) {
  const out = [];
  const you = snap.you;
  if (snap.state !== "playing") return out;
  if (you !== null && you !== undefined && (snap.house?.idle || []).includes(you)) {
    out.push(h("p", {}, t("clock.away_you")), h("button", { type: "button", id: "clock-back", class: "primary", onclick: () => send("back", {}) }, t("clock.back")));
  }
  if (humansOut && !snap.house?.rush && you !== null && you !== undefined) {
    out.push(h("button", { type: "button", id: "finish-hand", onclick: () => send("finish_hand", {}) }, t("pace.finish_hand")));
  }
  return out;
}
