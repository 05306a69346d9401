// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Where the cards of a game state lie, read from the state alone, as the
 * server sent it: no page, no request. The board and the controller ask it
 * which cards a pick-up takes, where the server said a card may go and what a
 * move would leave.
 */

import { cardCode } from "./cards.js";

/** @typedef {import("./api.js").GameState} GameState */

/**
 * Where a card is in a column (*index* from the first face-up card), or which foundation it tops.
 * @typedef {{column: number, index: number} | {foundation: number}} Place
 */

/**
 * @param {GameState | null} state
 * @param {string} code
 * @returns {Place | null} where *code* lies face up in *state*; null for a card not in sight
 */
export function locate(state, code) {
  if (!state) return null;
  for (let column = 0; column < state.columns.length; column += 1) {
    const index = state.columns[column].cards.indexOf(code);
    if (index >= 0) return { column, index };
  }
  const foundation = state.foundations.findIndex((f) => f.top === code);
  return foundation >= 0 ? { foundation } : null;
}

/**
 * @param {GameState | null} state
 * @param {string} code
 * @returns {string[]} the cards a pick-up of *code* takes: it and every card on it; none when it cannot be picked up
 */
export function groupOf(state, code) {
  const where = locate(state, code);
  if (!where || !state) return [];
  if ("foundation" in where) return [code];
  return state.columns[where.column].cards.slice(where.index);
}

/**
 * @param {GameState | null} state
 * @param {string} code
 * @returns {boolean} whether *code* is the last card of its column
 */
export function isLastCard(state, code) {
  const where = locate(state, code);
  return !!where && "column" in where && state?.columns[where.column].cards.length === where.index + 1;
}

/**
 * @param {GameState | null} shown the state drawn now
 * @param {GameState} state the state about to be drawn
 * @returns {string[]} the cards it turns face-up: a column's first face-up card where it has fewer face-down ones
 */
export function turnedUp(shown, state) {
  if (!shown || shown.id !== state.id) return [];
  return state.columns.flatMap((column, index) =>
    column.hidden < shown.columns[index].hidden && column.cards.length ? [column.cards[0]] : [],
  );
}

/**
 * @param {GameState} one
 * @param {GameState} other
 * @returns {boolean} whether both lay out the same cards: the same face-down
 *   counts and face-up cards in each column, the same foundation heights
 */
export function sameBoard(one, other) {
  const columns = one.columns.every((column, index) => {
    const match = other.columns[index];
    return column.hidden === match.hidden && column.cards.join() === match.cards.join();
  });
  return columns && one.foundations.every((foundation, index) => foundation.height === other.foundations[index].height);
}

/**
 * @param {GameState} state
 * @param {string} card
 * @param {string} target a column's number ("1" … "7"), or "F"
 * @returns {boolean} whether the server listed *target* among the places *card* may go
 */
export function listed(state, card, target) {
  return (state.targets[card] ?? []).includes(target);
}

/**
 * The board of *state* once *card*, with the cards on it, has gone to
 * *target*, as far as the page can know before the server answers: a card
 * the move uncovers stays face down until the answer names it, and the score,
 * the counts and the lists of targets are the answer's to give.
 * @param {GameState} state
 * @param {string} card a face-up card of a column, or a foundation's top
 * @param {string} target a column's number ("1" … "7"), or "F"
 * @returns {GameState}
 */
export function foreseen(state, card, target) {
  const columns = state.columns.map((column) => ({ ...column, cards: [...column.cards] }));
  const foundations = state.foundations.map((foundation) => ({ ...foundation }));
  const home = foundations.find((foundation) => foundation.suit === card[1]);
  const source = columns.find((column) => column.cards.includes(card));
  let moving = [card];
  if (source) moving = source.cards.splice(source.cards.indexOf(card));
  else if (home) {
    home.height -= 1;
    home.top = home.height ? cardCode(home.height, home.suit) : null;
  }
  if (target === "F" && home) {
    home.height += 1;
    home.top = card;
  } else if (target !== "F") columns[Number(target) - 1].cards.push(...moving);
  return { ...state, columns, foundations };
}
