// Forced moves: when the player's only legal move is one action (a Draw, a Pass, the one card he may lay), the page
// plays it for him after a short pause that still shows it ("Only move: Draw"), never when he has a choice. A
// setting of his own (on unless he turns it off), kept in this browser.

const FORCED_KEY = "cardtable.forced";
export const FORCED_PAUSE_MS = 1200;

/** Whether forced moves are played for this player (on unless turned off). */
export function forcedWanted() {
  return localStorage.getItem(FORCED_KEY) !== "off";
}

export function setForcedWanted(on) {
  localStorage.setItem(FORCED_KEY, on ? "on" : "off");
}

/** The move to play for the player, or null: his turn, exactly one legal move. */
export function forcedMove(snap, myTurn) {
  const legal = snap?.legal || [];
  return myTurn && legal.length === 1 ? legal[0] : null;
}

/** The forced-move player of a table page: `update(snap, myTurn)` after each render shows the move in `note` and
 * plays it through `act` after the pause, unless the table has moved on meanwhile. */
export function createForced({ note, act, label, say }) {
  let timer = null;
  let planned = null;

  function cancel() {
    clearTimeout(timer);
    timer = null;
    planned = null;
    note.hidden = true;
  }

  return {
    update(snap, myTurn) {
      const move = forcedWanted() ? forcedMove(snap, myTurn) : null;
      const key = move === null ? null : `${snap.version}:${move}`;
      if (key === planned) return;
      cancel();
      if (key === null) return;
      planned = key;
      note.textContent = label(move);
      note.hidden = false;
      say(label(move));
      const version = snap.version;
      timer = setTimeout(() => {
        timer = null;
        if (planned === key) act(move, version);
      }, FORCED_PAUSE_MS);
    },
    cancel,
  };
}
