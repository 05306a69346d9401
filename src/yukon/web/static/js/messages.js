// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Refusals, code problems, the API's other errors and the names of cards in the
 * player's language. A refused move's words are the server's `message`, built
 * once per language for server and app alike; the others come from the catalog.
 */
import { parseCard } from "./cards.js";
import { hasKey, t } from "./i18n.js";

/** @typedef {import("./api.js").ErrorBody} ErrorBody */
/** @typedef {import("./board.js").Labels} Labels */

/**
 * The refused move's rule in words: the server's own, in the player's language
 * (src/yukon/i18n/messages.py builds them; the app keeps no second copy).
 * @param {ErrorBody} error an illegal_move error from the API, or a records replay's
 * @returns {string}
 */
export function refusalMessage(error) {
  return error.message || t("refusal.other");
}

/**
 * What is wrong with a typed game code.
 * @param {ErrorBody} error an invalid_code error from the API
 * @returns {string}
 */
export function codeProblemMessage(error) {
  const key = `code_problem.${error.problem}`;
  return error.problem && hasKey(key) ? t(key) : t("code_problem.other");
}

/**
 * A card's name for screen readers: "7 of hearts", "srdcová sedmička", "семёрка червей".
 * @param {string} code
 * @returns {string}
 */
export function cardName(code) {
  const card = parseCard(code);
  return t(`card.name.${card.rank}`, { suit: t(`card.suit.${card.suit}`) });
}

/**
 * A card's accessible name on the board: its name, led by the label its corner
 * shows when the name does not hold it already ("A, ace of hearts", but "7 of
 * hearts"): speech-input users say what they see (WCAG 2.5.3).
 * @param {string} code
 * @returns {string}
 */
export function cardLabel(code) {
  const name = cardName(code);
  const label = parseCard(code).label;
  const words = name.toLowerCase().split(/[\s,.]+/);
  return words.includes(label.toLowerCase()) ? name : t("card.labelled", { label, name });
}

/**
 * Words for an API error that is not a refused move or a bad code: the
 * catalog's `error.{code}` (not_found, stale_version, game_won …), else a plain
 * "that did not work".
 * @param {ErrorBody} error
 * @returns {string}
 */
export function apiErrorMessage(error) {
  const key = `error.${error.code}`;
  return error.code && hasKey(key) ? t(key) : t("error.other");
}

/** @type {Labels} the accessible names of a board's slots and cards, in the current language */
export const BOARD_LABELS = Object.freeze({
  column: (/** @type {number} */ number) => t("board.column", { number }),
  foundation: (/** @type {string} */ suit) => t("board.foundation", { suit: t(`card.suit.${suit}`) }),
  cards: (/** @type {number} */ count) => t("board.cards", { count }),
  faceDownCount: (/** @type {number} */ count) => t("board.face_down", { count }),
  card: cardLabel,
  faceDown: () => t("card.face_down"),
});
