// The ring laid out to fit what it holds (`fitRing`, on every render and resize): tall enough for its seat boxes,
// the boxes moved apart where a low ring crowds them, the game's panel keeping its rows, the middle fitted between
// the boxes.

/** The smallest a card in the middle of the table is drawn (px) when a long pile has to fit. */
const MIN_TABLE_CARD = 30;
/** How much smaller each try draws the middle's cards, and how many tries it makes. */
const SHRINK = 0.85;
const SHRINK_TRIES = 5;

/** Whether something in `el` ends below it (measured unrounded: `scrollHeight` rounds a part-pixel away). */
function overflows(el) {
  const bottom = el.getBoundingClientRect().bottom + 0.5;
  return [...el.children].some((child) => child.getBoundingClientRect().bottom > bottom);
}

/** Lay the ring out to fit what it holds now: tall enough for its seat boxes, the boxes apart, then the middle of
 * the table between them. */
export function fitRing(ring) {
  ring.classList.remove("compact");
  keepPanelRows(ring.parentElement.querySelector(":scope > .extra"));
  fitHeight(ring);
  // a phone held sideways: the felt cannot grow, so boxes too tall for it or still on one another give up their
  // spacing and a character's German name
  const sideways = getComputedStyle(ring.parentElement).display === "grid";
  if (sideways && neededHeight(ring) > ring.getBoundingClientRect().height + 0.5) ring.classList.add("compact");
  if (!fitSeats(ring) && sideways && !ring.classList.contains("compact")) {
    ring.classList.add("compact");
    fitSeats(ring);
  }
  fitCentre(ring);
  for (let i = 0; i < 3 && growForMiddle(ring); i++) fitCentre(ring);
  fittedSizes.set(ring, sizeOf(ring));
}

/** The size each ring had when it was last fitted. */
const fittedSizes = new WeakMap();

const sizeOf = (el) => {
  const { width, height } = el.getBoundingClientRect();
  return `${width}x${height}`;
};

/** Fit the ring again now that its size changed (the status or the buttons above it wrapped, the screen turned),
 * unless it is the size its last fit left it at: that resize was the fit's own (the ring grown to hold a tall seat
 * box), and fitting again would find the same layout. */
export function refitRing(ring) {
  if (fittedSizes.get(ring) !== sizeOf(ring)) fitRing(ring);
}

/** The game's panel under the ring (or in the column beside it) says how tall its content is (`--extra-h`) and where
 * its table's first row ends (`--extra-rows`): the stylesheet keeps that much of it, a header and a row or two, down
 * to that first row at least, however much the coach or a suggestion need (it collapsed to nothing beside a lesson's
 * coach; Blot's contract and bids above its table left the table its header only); but where your moves would then
 * scroll out of sight or your hand run off the felt and no coach can make room (two bet buttons on a small phone on
 * its side, a power's window beside it), the panel gives its room up to them. */
function keepPanelRows(extra) {
  if (!extra) return;
  const content = [...extra.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
  extra.style.setProperty("--extra-h", `${Math.ceil(content)}px`);
  const row = extra.querySelector("tbody tr");
  const rows = row ? row.getBoundingClientRect().bottom - extra.getBoundingClientRect().top + extra.scrollTop : 0;
  extra.style.setProperty("--extra-rows", `${Math.ceil(rows)}px`);
  const play = extra.parentElement;
  const moves = play.querySelector(":scope > .actions");
  const coach = play.querySelector(":scope > .coach:not([hidden])");
  const hand = play.querySelector(":scope > .hand");
  const squeezed = (moves && moves.scrollHeight > moves.clientHeight + 1) || (hand && hand.getBoundingClientRect().bottom > play.getBoundingClientRect().bottom + 1);
  if (!coach && squeezed) extra.style.setProperty("--extra-h", "0px");
}

/** The middle (or the trick held over it) still runs out of its room at the smallest cards (a power's window under
 * the table left the felt a strip on a phone held upright): the ring grows by what is missing, as for a tall seat
 * box. Whether it grew. */
function growForMiddle(ring) {
  const missing = Math.max(0, ...[...ring.querySelectorAll(".centre.scrolls")].map((el) => el.scrollHeight - el.clientHeight));
  return missing > 0 && growRing(ring, missing);
}

/** A seat box taller than the ring leaves (three players on a phone held upright, a character's box with its chips)
 * ran out of the felt over the trump and the shown card under it: the ring grows by what sticks out. */
function fitHeight(ring) {
  ring.style.removeProperty("min-height");
  growRing(ring, neededHeight(ring) - ring.getBoundingClientRect().height);
}

/** Where the table fills the screen as a column, the ring grows by up to `missing` px, taken from the game's details
 * under it (they scroll in what is left), never from your moves, your hand or the buttons. Whether it grew. */
function growRing(ring, missing) {
  const play = ring.parentElement;
  const extra = play.querySelector(":scope > .extra");
  const layout = getComputedStyle(play);
  if (!extra || layout.display !== "flex" || layout.flexDirection !== "column") return false;
  const height = ring.getBoundingClientRect().height;
  const kept = parseFloat(getComputedStyle(extra).minHeight) || 0;
  const grow = Math.min(Math.ceil(missing), Math.floor(extra.getBoundingClientRect().height - kept));
  if (grow <= 0) return false;
  ring.style.minHeight = `${height + grow}px`;
  return true;
}

/** The height the ring needs to hold every seat box: a box at height y of the ring (0 at the top, 1 at the bottom)
 * ends at y × the ring's height + (1 − y) × its own. */
function neededHeight(ring) {
  const box = ring.getBoundingClientRect();
  const needed = [...ring.querySelectorAll(".seat")].map((el) => {
    el.style.removeProperty("--dy");
    const y = parseFloat(el.style.getPropertyValue("--y")) || 0;
    return y < 1 ? (el.getBoundingClientRect().bottom - box.top - y * box.height) / (1 - y) : 0;
  });
  return Math.max(0, ...needed);
}

/** The narrowest a label of the middle is kept between the seat boxes (px). */
const MIN_LABEL = 64;

/** The room left between two seat boxes that are moved apart (px). */
const SEAT_GAP = 4;

/** Keep the seat boxes from covering one another: on a wide, low ring (a phone held sideways) with five or six
 * players, a box at the side and the one above it, on the ellipse, run into each other. The lower box moves down
 * until they are apart, as far as the ring lets it (it stays within the ring); what is still missing, the box above
 * moves up, as far as the ring's top. Whether every box is now clear of the others. */
function fitSeats(ring) {
  const boxes = [...ring.querySelectorAll(".seat")];
  for (const el of boxes) el.style.removeProperty("--dy");
  const { top, bottom } = ring.getBoundingClientRect();
  const byHeight = boxes
    .map((el) => ({ el, y: parseFloat(el.style.getPropertyValue("--y")) || 0, dy: 0 }))
    .sort((a, b) => a.y - b.y);
  let clear = true;
  for (let i = 0; i < byHeight.length; i++) {
    const lower = byHeight[i];
    const box = lower.el.getBoundingClientRect();
    const overlaps = byHeight.slice(0, i).filter(({ el }) => {
      const above = el.getBoundingClientRect();
      return Math.min(box.right, above.right) > Math.max(box.left, above.left) && above.bottom + SEAT_GAP > box.top;
    });
    const push = Math.max(0, ...overlaps.map(({ el }) => el.getBoundingClientRect().bottom + SEAT_GAP - box.top));
    const dy = Math.max(0, Math.min(push, bottom - box.bottom));
    if (dy > 0) lower.el.style.setProperty("--dy", `${dy}px`);
    for (const above of overlaps) {
      const r = above.el.getBoundingClientRect();
      const lift = Math.min(r.bottom + SEAT_GAP - box.top - dy, r.top - top);
      if (lift > 0) {
        above.dy -= lift;
        above.el.style.setProperty("--dy", `${above.dy}px`);
      }
      if (above.el.getBoundingClientRect().bottom > lower.el.getBoundingClientRect().top + 0.5) clear = false;
    }
  }
  return clear;
}

/** Keep the middle of the table clear of the seat boxes at the top of the ring, and within the ring: a seat box
 * carrying several chips (a bot's level, its trump, a bank won, a character) is taller than the room the stylesheet
 * leaves (`--seat-h`), and a long pile or a long label on a phone runs taller than the middle (it ran under the line
 * below the ring). What does not fit is drawn smaller step by step: the cards, then the label smaller on at most two
 * lines (its whole text in its title) and tighter lines, and at last the middle scrolls within its place. */
function fitCentre(ring) {
  ring.style.removeProperty("--seat-h");
  ring.style.removeProperty("--table-card-w");
  const top = [...ring.querySelectorAll(".seat")].filter((el) => el.style.getPropertyValue("--y") === "0.000");
  const tallest = Math.max(0, ...top.map((el) => el.offsetHeight));
  const room = parseFloat(getComputedStyle(ring).getPropertyValue("--seat-h")) || 0;
  if (tallest > room) ring.style.setProperty("--seat-h", `${tallest}px`);
  fitLabels(ring);
  clearHangingSeats(ring, Math.max(tallest, room));
  // the middle, and the finished trick held over it (motion.js) while it is shown
  const middles = [...ring.querySelectorAll(".centre")];
  for (const el of middles) {
    el.classList.remove("tight", "scrolls");
    el.removeAttribute("tabindex");
  }
  const sample = ring.querySelector(".centre .table-card svg");
  let width = sample ? sample.getBoundingClientRect().width : MIN_TABLE_CARD;
  for (let i = 0; i < SHRINK_TRIES && middles.some(overflows) && width > MIN_TABLE_CARD; i++) {
    width = Math.max(MIN_TABLE_CARD, Math.floor(width * SHRINK));
    ring.style.setProperty("--table-card-w", `${width}px`);
  }
  balanceRows(ring);
  for (const el of middles.filter(overflows)) {
    el.classList.add("tight");
    const label = el.querySelector(".table-label, .ghost-label");
    if (label) label.title = label.textContent;
    if (!overflows(el)) continue;
    el.classList.add("scrolls");
    if (!el.classList.contains("trick-ghost")) el.tabIndex = 0; // the held trick is hidden from screen readers
  }
}

/** Cards in the middle that wrap onto a second row wrap in even rows: a trick of four between a phone's seat boxes
 * lies two and two, not three over one. (The rows' bottoms tell them apart: a row's cards stand on one line.) */
function balanceRows(ring) {
  for (const plays of ring.querySelectorAll(".centre .plays")) {
    plays.style.removeProperty("max-width");
    const items = [...plays.children];
    const rows = new Set(items.map((el) => el.offsetTop + el.offsetHeight)).size;
    if (rows < 2) continue;
    const perRow = Math.ceil(items.length / rows);
    const widest = Math.max(...items.map((el) => el.offsetWidth));
    const gap = parseFloat(getComputedStyle(plays).columnGap) || 0;
    plays.style.maxWidth = `${perRow * widest + (perRow - 1) * gap + 1}px`;
  }
}

/** A box lower down the ring than the top one that hangs over the middle's cards or a label (five or six players on
 * a phone held sideways: the boxes beside the top one came down over Bailiff's pile; three on a phone held upright:
 * the held trick's raised winner and its label ran under the two boxes, and "Trick 1 of 11" under a character's tall
 * box where the room between the boxes was too narrow for it) moves the middle below it too;
 * `top` is where the middle starts now (px below the ring's top). */
function clearHangingSeats(ring, top) {
  // the cards as drawn (the winner of a held trick stands raised) and the labels, once fitted between the boxes
  const parts = [...ring.querySelectorAll(".centre .table-card, .centre .stock, .centre .ghost-label, .centre .table-label")].map((el) =>
    el.getBoundingClientRect(),
  );
  const ringTop = ring.getBoundingClientRect().top;
  const hanging = [...ring.querySelectorAll(".seat")]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => parts.some((p) => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom));
  const below = Math.max(top, ...hanging.map((r) => r.bottom - ringTop));
  if (below <= top) return;
  ring.style.setProperty("--seat-h", `${below}px`);
  fitLabels(ring);
}

/** The middle's labels fitted between the seat boxes beside them (:func:`keepBetweenSeats`). */
function fitLabels(ring) {
  for (const el of ring.querySelectorAll(".centre .table-label")) keepBetweenSeats(el, ring);
}

/** A label of the middle beside which a seat box comes down (three players on a phone, a box tall with a character
 * and its chips) keeps to the room between the boxes beside the middle, on more lines if need be, and moves to the
 * middle of that room (the boxes need not be alike). */
function keepBetweenSeats(label, ring) {
  label.style.removeProperty("max-width");
  label.style.removeProperty("translate");
  const centre = label.closest(".centre").getBoundingClientRect();
  const box = label.getBoundingClientRect();
  const middle = (box.left + box.right) / 2;
  let left = centre.left;
  let right = centre.right;
  let beside = false;
  for (const seat of ring.querySelectorAll(".seat")) {
    const r = seat.getBoundingClientRect();
    if (r.bottom <= centre.top || r.top >= centre.bottom || r.right <= box.left || r.left >= box.right) continue;
    beside = true;
    if (r.left + r.right < 2 * middle) left = Math.max(left, r.right + SEAT_GAP);
    else right = Math.min(right, r.left - SEAT_GAP);
  }
  if (!beside) return;
  label.style.maxWidth = `${Math.max(right - left, MIN_LABEL)}px`;
  label.style.translate = `${(left + right) / 2 - middle}px 0`;
}
