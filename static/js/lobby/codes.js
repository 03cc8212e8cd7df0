// Join a table by its code, and start a table from a deal code (deals.js playDeal: the same deal again), its code
// filled in from a link (`/?deal=<code>`).

import { savedName } from "../connection.js";
import { playDeal } from "../deals.js";
import { say } from "../i18n.js";

function join(event) {
  event.preventDefault();
  const code = document.getElementById("join-code").value.trim().toUpperCase();
  if (code) location.assign(`/t/${encodeURIComponent(code)}`);
}

async function startDeal(socket, event) {
  event.preventDefault();
  const error = document.getElementById("deal-error");
  error.hidden = true;
  try {
    await playDeal(socket, document.getElementById("deal-code").value, document.getElementById("deal-name").value.trim());
  } catch (err) {
    error.textContent = say(err.detail ?? err.message);
    error.hidden = false;
  }
}

/** Fill in and wire the join-by-code and deal-code forms; a deal is started through `socket`. */
export function codeForms(socket) {
  document.getElementById("deal-name").value = savedName();
  document.getElementById("deal-code").value = new URLSearchParams(location.search).get("deal") || "";
  document.getElementById("join-form").addEventListener("submit", join);
  document.getElementById("deal-form").addEventListener("submit", (event) => startDeal(socket, event));
}
