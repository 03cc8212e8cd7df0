// Deal codes and replays of finished games: start a table from a deal code, links to a game's or a hand's replay.

import { request, saveName, saveToken } from "./connection.js";
import { t } from "./i18n.js";

/** At the table `reply` (the answer to `create`) just made, put a bot in every seat but the creator's (the i-th
 * other seat at `levels[i]`, else the table's level) and start it. A refusal (a seat, the start) leaves the table
 * waiting: its page shows the seats as they are, and its host can fill and start them there. */
export async function seatBotsAndStart(socket, reply, levels = []) {
  try {
    let other = 0;
    for (let seat = 0; seat < reply.players; seat += 1) {
      if (seat === reply.seat) continue;
      const bot = levels[other];
      other += 1;
      await request(socket, "set_seat", { code: reply.code, seat, kind: "bot", ...(bot ? { bot } : {}) });
    }
    await request(socket, "start", { code: reply.code });
  } catch {
    // the table waits for its host
  }
}

/** Create a table whose first hand is the deal `deal` (a code such as K7QM-3XPA), sit in it and go there; with
 * `bots` (the other seats' bot levels: the table it came from had only bots besides you), bots in every other seat
 * and the game started, as it was. */
export async function playDeal(socket, deal, name, bots = null) {
  saveName(name);
  const reply = await request(socket, "create", { deal: deal.trim().toUpperCase(), name });
  saveToken(reply.code, reply.token);
  if (bots) await seatBotsAndStart(socket, reply, bots);
  location.assign(`/t/${reply.code}`);
}

/** The replay page of finished game `id` (of table `code`), from the first step of hand `hand` if given, seen from
 * seat `seat` if given (a player's own: his hand shown). */
export function replayUrl(id, code = null, hand = null, seat = null) {
  const query = new URLSearchParams();
  if (code) query.set("code", code);
  if (hand !== null && hand !== undefined) query.set("hand", String(hand));
  if (seat !== null && seat !== undefined) query.set("seat", String(seat));
  const text = query.toString();
  return `/replay/${id}${text ? `?${text}` : ""}`;
}

/** The id of the latest finished game of table `code`, or null. */
export async function latestFinishedGame(code) {
  const response = await fetch(`/api/history?code=${encodeURIComponent(code)}`, { cache: "no-store" });
  const games = response.ok ? await response.json() : [];
  return games.length ? games[0].id : null;
}

/** The player at `seat` of a finished game whose journalled names are `names`, in the reader's words: a bot under
 * the name the server gave it ("Bot 3" at seat 3) is named as the reader's language names bots. */
/** Whether a finished game's seat was a bot's: the server names a seat it gives a bot "Bot n" (`Hall`). */
export const wasBot = (names, seat) => names?.[seat] === `Bot ${seat + 1}`;

export function historyName(names, seat) {
  const name = names?.[seat];
  if (!name) return t("seat.anonymous", { n: seat + 1 });
  return wasBot(names, seat) ? t("seat.bot_name", { n: seat + 1 }) : name;
}
