// @ts-check
/**
 * Every number and duration the app shows is formatted here, so that a locale's
 * conventions (digit grouping, time separators) change in one place.
 */

/** @type {string} */
let locale = "en";

/**
 * Use *lang*'s conventions from now on.
 * @param {string} lang a BCP 47 language tag such as "en" or "sk"
 */
export function setFormatLocale(lang) {
  locale = lang;
}

/** @returns {string} the locale in use */
export function formatLocale() {
  return locale;
}

/**
 * @param {number} value
 * @returns {string} the number with the locale's digit grouping
 */
export function formatNumber(value) {
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * A play time as m:ss, or h:mm:ss from an hour on.
 * @param {number} milliseconds
 * @returns {string}
 */
export function formatDuration(milliseconds) {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/**
 * Items joined the locale's way, e.g. "8♠ or 8♣".
 * @param {string[]} items
 * @param {"disjunction" | "conjunction"} type
 * @returns {string}
 */
export function formatList(items, type) {
  return new Intl.ListFormat(locale, { style: "long", type }).format(items);
}
