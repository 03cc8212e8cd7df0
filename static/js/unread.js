// Chat messages not yet seen: on a phone the chat lies below the table, out of sight during play. A count on the
// Chat button in the table's tools says how many came from the others since the chat was last in view; the button
// brings the chat into view and clears it.

/** True when the middle of `el` is on the screen and not covered (by the docked hand summary, say). */
export function inView(el) {
  if (!el || !el.getClientRects().length) return false;
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + Math.min(r.height / 2, 24);
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return Boolean(hit && el.contains(hit));
}

/** Whether a chat message is the reader's own: a player's by his seat; a spectator's (no seat) by the text he has
 * just sent. */
export function isOwn(message, you, sent) {
  if (you !== null && you !== undefined) return message.seat === you;
  return (message.seat === null || message.seat === undefined) && sent.includes(message.text);
}

/** The unread count of the chat `panel`, shown on `button` (its `badge`, its accessible name from `label(n)`). */
export function createUnread({ button, badge, panel, label, focusAfter = null }) {
  let count = 0;
  const show = () => {
    badge.textContent = count ? String(count) : "";
    badge.hidden = !count;
    button.classList.toggle("unread", count > 0);
    button.setAttribute("aria-label", label(count));
  };
  const clear = () => {
    if (!count) return;
    count = 0;
    show();
  };
  button.addEventListener("click", () => {
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    panel.scrollIntoView({ block: "end", behavior: smooth ? "smooth" : "auto" });
    clear();
    focusAfter?.();
  });
  if (window.IntersectionObserver) {
    new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && inView(panel) && clear(), {
      threshold: 0.6,
    }).observe(panel);
  }
  show();
  return {
    /** A message from someone else came: counted unless the chat is in sight. True when counted. */
    arrived() {
      if (inView(panel)) return false;
      count += 1;
      show();
      return true;
    },
    get count() {
      return count;
    },
  };
}
