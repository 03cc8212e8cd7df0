// A private table's invite link: `/t/<code>#invite=<secret>`. The secret is what a stranger who only saw the table's
// six-letter code lacks (docs/protocol.md, `join`/`watch`/`claim`); it rides in the address's fragment, which no
// request sends, and this browser keeps it per table so that the link can be passed on again.

const INVITES_KEY = "cardtable.invites";

/** Every invite secret this browser holds, by table code. */
function invites() {
  try {
    return JSON.parse(localStorage.getItem(INVITES_KEY)) || {};
  } catch {
    return {};
  }
}

/** Keep table `code`'s invite secret (from the `create` ack, the link opened, or the `invite` event). */
export function saveInvite(code, secret) {
  if (secret) localStorage.setItem(INVITES_KEY, JSON.stringify({ ...invites(), [code]: secret }));
}

/** The invite secret this browser holds for table `code`, reading it from the page's address first. */
export function inviteFor(code, hash = location.hash) {
  const found = new URLSearchParams(hash.replace(/^#/, "")).get("invite");
  if (found) saveInvite(code, found);
  return invites()[code] ?? null;
}

/** The table's link for friends: with its invite secret when there is one. */
export function inviteLink(base, code, secret) {
  return `${base}/t/${code}${secret ? `#invite=${encodeURIComponent(secret)}` : ""}`;
}

/** `payload` with the table's invite secret added, when this browser holds one. */
export function withInvite(code, payload) {
  const secret = inviteFor(code);
  return secret ? { ...payload, invite: secret } : payload;
}
