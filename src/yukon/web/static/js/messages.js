// @ts-check
/**
 * Refusals, code problems, the API's other errors and the names of cards in the
 * player's language. The server sends a stable reason code and the cards
 * involved; the words are built here from the catalog, with cards written as
 * symbols (7♥, 10♦) that read in every language. The server builds the same
 * words from the same keys for its own `message` (src/yukon/i18n/messages.py).
 */
import { SUITS, SUIT_SYMBOLS, cardCode, cardSymbol, parseCard } from "./cards.js";
import { formatList } from "./format.js";
import { hasKey, t } from "./i18n.js";

/** @typedef {import("./api.js").ErrorBody} ErrorBody */
/** @typedef {import("./board.js").Labels} Labels */

/** Only this many cards move at once (SPEC §1); the server refuses more. */
export const MAX_GROUP = 20;

/**
 * "7♥ goes on a black 8 — 8♠ or 8♣": where a card may go, by the rules of the game.
 * @param {string} code the card picked up
 * @param {"classic" | "relaxed"} rules
 * @returns {string}
 */
export function placementRule(code, rules) {
  const card = parseCard(code);
  const symbol = card.symbol;
  if (card.rank === 13) return t("refusal.king_only_empty", { card: symbol });
  const suits = SUITS.filter((suit) => rules === "relaxed" || (suit === "H" || suit === "D") !== card.red);
  const options = formatList(
    suits.map((suit) => cardSymbol(cardCode(card.rank + 1, suit))),
    "disjunction",
  );
  const rank = t(`rank.${card.rank + 1}`);
  const key = rules === "relaxed" ? "refusal.goes_on_any" : card.red ? "refusal.goes_on_black" : "refusal.goes_on_red";
  return t(key, { card: symbol, rank, options });
}

/**
 * @param {string | null | undefined} code
 * @returns {string} the card's symbol, or "?" when the server named none
 */
function symbolOf(code) {
  return code ? cardSymbol(code) : "?";
}

/**
 * The refused move's rule in words.
 * @param {ErrorBody} error an illegal_move error from the API
 * @param {"classic" | "relaxed"} rules
 * @returns {string}
 */
export function refusalMessage(error, rules) {
  const card = symbolOf(error.card);
  switch (error.reason) {
    case "wrong_color":
    case "wrong_rank": {
      const rule = error.card ? placementRule(error.card, rules) : "";
      return error.target ? t("refusal.not_on", { rule, target: cardSymbol(error.target) }) : rule;
    }
    case "foundation_needs_other": {
      const suit = error.card ? SUIT_SYMBOLS[parseCard(error.card).suit] : "?";
      if (!error.target) return t("refusal.foundation_complete", { suit });
      return t("refusal.foundation_needs_other", { suit, needed: cardSymbol(error.target), card });
    }
    case "group_too_large":
      return t("refusal.group_too_large", { count: error.count ?? 0, max: MAX_GROUP });
    default: {
      const key = `refusal.${error.reason}`;
      return error.reason && hasKey(key) ? t(key, { card }) : t("refusal.other");
    }
  }
}

/**
 * Why a double tap found no place for the card.
 * @param {string} code
 * @param {"classic" | "relaxed"} rules
 * @returns {string}
 */
export function noPlaceMessage(code, rules) {
  return t("refusal.no_place", { card: cardSymbol(code), rule: placementRule(code, rules) });
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
  foundation: (/** @type {string} */ suit) => t("board.foundation", { suit: SUIT_SYMBOLS[suit] }),
  cards: (/** @type {number} */ count) => t("board.cards", { count }),
  faceDownCount: (/** @type {number} */ count) => t("board.face_down", { count }),
  card: cardName,
  faceDown: () => t("card.face_down"),
});
