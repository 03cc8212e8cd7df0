// What a player's page shows of his play: filled from GET /api/players/<id> (docs/protocol.md).

/** Show `player` (the API's answer); `games` are the games' declarations. */
export function showProfile(player, games) {
  return { player, games };
}
