// @ts-check
/**
 * The daily deal in the browser (SPEC §6): its day written the language's way,
 * the text a won daily deal is shared with (the day, the rules, the time, the
 * moves and the hints: no name, no link to the player), sharing it (the Web
 * Share API where the browser has one, as phones do, else the clipboard), and
 * the day's figures in words. Days are UTC days, "YYYY-MM-DD", as the server
 * writes them.
 */
import { formatDate, formatDuration, formatPercent } from "./format.js";
import { t } from "./i18n.js";
import { rulesName } from "./rulesets.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./api.js").DailyFigures} DailyFigures */

/**
 * @param {string} day YYYY-MM-DD
 * @returns {Date} that day at midnight of the browser's clock, to write it (not to count time with)
 */
export function dayDate(day) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

/**
 * @param {Date} date a day as dayDate makes it
 * @returns {string} YYYY-MM-DD
 */
export function isoDay(date) {
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * @param {string} day YYYY-MM-DD
 * @returns {string} "6 Dec 2026", "6. 12. 2026", "2026. dec. 6." …
 */
export function dayText(day) {
  return formatDate(dayDate(day));
}

/**
 * What a won daily deal is shared with: "Yukon daily 6 Dec 2026 · Classic · won in 4:12, 143 moves, no hints".
 * @param {GameState & {daily: string}} state the won game
 * @param {number} elapsed its play time in milliseconds
 * @returns {string}
 */
export function shareText(state, elapsed) {
  return t("daily.share", {
    date: dayText(state.daily),
    rules: rulesName(state.rules),
    time: formatDuration(elapsed),
    moves: t("daily.share_moves", { count: state.moves }),
    hints: state.hints ? t("daily.share_hints", { count: state.hints }) : t("daily.share_no_hints"),
  });
}

/**
 * Share *text*: the system's share sheet where the browser offers one (phones),
 * else the clipboard.
 * @param {string} text
 * @returns {Promise<"shared" | "cancelled" | "copied" | "failed">}
 */
export async function share(text) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (error) {
      // The player closed the sheet: nothing more to do. Anything else: the clipboard.
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * A day's figures in words: how many won it, their median time and moves, and
 * where the player's own win stands among theirs.
 * @param {DailyFigures} figures
 * @returns {string[]} one sentence each
 */
export function figuresText(figures) {
  const { players, median_ms, median_moves, mine_ms, faster_than } = figures;
  if (!players || median_ms === null || median_moves === null) return [t("daily.nobody_yet")];
  if (players === 1 && mine_ms !== null) return [t("daily.first_winner")];
  const lines = [
    t("daily.winners", { count: players }),
    t("daily.median", { time: formatDuration(median_ms), count: Math.round(median_moves) }),
  ];
  // "Faster than 0 % of the others" would tell the slowest winner nothing worth saying.
  if (faster_than) lines.push(t("daily.faster_than", { percent: formatPercent(faster_than / 100) }));
  return lines;
}
