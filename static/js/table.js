// The table page: one snapshot from the server at a time, rendered whole; intents go back as events. Cut as a
// lichess round is: the controller (table/ctrl.js: state and intents), the views (table/view*.js: rendering) and the
// wiring of the socket's events (table/socket.js) and the page's controls (table/controls.js). docs/frontend.md
// maps them.

import { connect, savedName } from "./connection.js";
import { fill } from "./dom.js";
import { eventBar } from "./event_link.js";
import { applyCatalog, loadCatalog, t } from "./i18n.js";
import { guestName } from "./lobby_games.js";
import { ensurePlayer } from "./player.js";
import { keepClear } from "./toast.js";
import { wireControls } from "./table/controls.js";
import { createCtrl } from "./table/ctrl.js";
import { createParts } from "./table/parts.js";
import { wireSocket } from "./table/socket.js";
import { render } from "./table/view.js";
import { renderPlay } from "./table/view_play.js";

await loadCatalog();
applyCatalog();

const code = document.body.dataset.code;
const games = JSON.parse(document.getElementById("games-data").textContent || "[]");
await ensurePlayer(savedName() || guestName()).catch(() => null); // a first visit by an invitation makes the player
const socket = connect([code]);
eventBar(code);
// a message never lies over the moves it may name, the hand, the turn line, the player's own line, the seats or the
// trick: "Bet first" over the two bet buttons, "You now play in … seat" over his own line
keepClear(
  ["#actions button:not([disabled])", "#actions select", "#selection button", "#hand .card", "#status", "#me .me-line"],
  [".bottom-row .tools button", "#ring .seat", "#centre .table-card", "#coach:not([hidden])", "#extra"],
);

const ctrl = createCtrl({ code, games, socket });
ctrl.redraw = (fromServer = false, firstSnap = false) => render(ctrl, fromServer, firstSnap);
ctrl.redrawPlay = () => renderPlay(ctrl);
ctrl.parts = createParts(ctrl);
wireControls(ctrl);
wireSocket(ctrl);
if (ctrl.snap === null) fill(document.getElementById("connection"), t("table.connecting"));
document.getElementById("connection").hidden = false;
