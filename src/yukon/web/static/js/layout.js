// @ts-check
/**
 * The board's geometry: how big the cards are and how far apart the cards of a
 * column lie, so that the tallest column fits the room and every overlapped
 * card still shows its index. Pure arithmetic, no DOM.
 */

/** @typedef {import("./api.js").Column} Column */

/** Card height over width. */
const ASPECT = 1.4;
/** The widest card, in CSS pixels: beyond it the board just gets margins. */
const MAX_CARD_WIDTH = 150;
/** Below this, cards get too small to touch; a column taller still makes the page scroll. */
const MIN_CARD_WIDTH = 40;
/** Card heights a board of a foundation row and a column of 6 face-down and 9 face-up cards needs. */
const SIZING_HEIGHTS = 2 + 6 * 0.1 + 8 * 0.28;

/**
 * @typedef {object} Metrics
 * @property {number} width    card width
 * @property {number} height   card height
 * @property {number} gap      space between columns
 * @property {number} upGap    default offset between face-up cards
 * @property {number} upMin    the least offset that keeps a card's index readable
 * @property {number} downGap  default offset between face-down cards
 * @property {number} downMin
 * @property {number} room     the height a column may take
 */

/**
 * The font size of a card's index: large on small cards, so that the strip of
 * an overlapped card stays readable on a phone.
 * @param {number} cardWidth
 * @returns {number}
 */
export function indexSize(cardWidth) {
  return Math.max(0.24 * cardWidth, Math.min(16, 0.34 * cardWidth));
}

/**
 * @param {number} cardWidth
 * @param {number} gap
 * @param {number} room the height the whole board may take
 * @returns {Metrics}
 */
function metricsFor(cardWidth, gap, room) {
  const cardHeight = Math.round(cardWidth * ASPECT);
  const upMin = Math.ceil(indexSize(cardWidth) * 1.12 + 0.06 * cardWidth);
  return {
    width: cardWidth,
    height: cardHeight,
    gap,
    upGap: Math.max(upMin, Math.round(0.28 * cardHeight)),
    upMin,
    downGap: Math.max(4, Math.round(0.1 * cardHeight)),
    downMin: Math.max(3, Math.round(0.05 * cardHeight)),
    room: room - cardHeight - 2 * gap,
  };
}

/**
 * The card size and offsets for a board *width* wide with *room* in height:
 * as large as fits a typical column, smaller when a column is too tall to fit
 * even at the tightest offsets.
 * @param {number} width
 * @param {number} room
 * @param {Column[]} columns
 * @returns {Metrics}
 */
export function fitBoard(width, room, columns) {
  const gap = Math.min(18, Math.max(4, width * 0.012));
  const byWidth = (width - 8 * gap) / 7;
  const byHeight = (room - 2 * gap) / (SIZING_HEIGHTS * ASPECT);
  let cardWidth = Math.floor(Math.min(MAX_CARD_WIDTH, byWidth, byHeight));
  let metrics = metricsFor(cardWidth, gap, room);
  while (cardWidth > MIN_CARD_WIDTH && tallest(columns, metrics) > metrics.room) {
    cardWidth -= 2;
    metrics = metricsFor(cardWidth, gap, room);
  }
  return metrics;
}

/**
 * @param {Column[]} columns
 * @param {Metrics} metrics
 * @returns {number} the height of the tallest column at its tightest offsets
 */
function tallest(columns, metrics) {
  let height = 0;
  for (const column of columns) {
    const up = column.cards.length;
    height = Math.max(height, column.hidden * metrics.downMin + Math.max(0, up - 1) * metrics.upMin + metrics.height);
  }
  return height;
}

/**
 * Where each card of a column of *down* face-down and *up* face-up cards lies:
 * offsets tighten, face-down first, until the column fits its room; a face-up
 * card never shows less than its index (a column taller still overflows).
 * @param {number} down
 * @param {number} up
 * @param {Metrics} metrics
 * @returns {{offsets: number[], height: number}} each card's top, bottom first, and the column's height
 */
export function columnTops(down, up, metrics) {
  const need = (/** @type {number} */ downGap, /** @type {number} */ upGap) =>
    down * downGap + Math.max(0, up - 1) * upGap + metrics.height;
  let downGap = metrics.downGap;
  let upGap = metrics.upGap;
  if (need(downGap, upGap) > metrics.room) downGap = metrics.downMin;
  if (need(downGap, upGap) > metrics.room && up > 1) {
    upGap = Math.max(metrics.upMin, Math.floor((metrics.room - metrics.height - down * downGap) / (up - 1)));
  }
  const offsets = [];
  for (let index = 0, top = 0; index < down + up; index += 1) {
    offsets.push(top);
    top += index < down ? downGap : upGap;
  }
  return { offsets, height: down + up ? need(downGap, upGap) : metrics.height };
}
