// A rating in the reader's words: one number, the band it likely lies in and how sure it is ("provisional" until
// enough games), and who a rated identity is (a player's name, a bot level, a former player).

import { t } from "./i18n.js";

/** A whole number in the reader's way ("1,640" / "1 640"). */
export function number(value) {
  return new Intl.NumberFormat(document.documentElement.lang || "en").format(value);
}

/** "1,640 ± 120" of a rating as the API gives it (`{rating, band}`). */
export function ratingNumber(r) {
  return t("rating.number", { rating: number(r.rating), band: number(r.band) });
}

/** How sure the rating is, in words. */
export function ratingWords(r) {
  return t(`rating.words.${r.words}`);
}

/** Who a rated identity is: the player's name, a bot level ("Hard bot"), or "a former player". */
export function who(player, name) {
  if (typeof player === "string" && player.startsWith("bot:")) return t(`rating.bot.${player.slice(4)}`);
  return name || t("rating.former");
}
