// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The board's geometry: how big the cards are, where the foundations go and
 * how far apart the cards of a column lie, so that the board uses the room it
 * has and every overlapped card still shows its index. Pure arithmetic, no DOM.
 */

/** @typedef {import("./api.js").Column} Column */

/** Card height over width. */
const ASPECT = 1.4;
/** The widest card, in CSS pixels: beyond it the board just gets margins. */
const MAX_CARD_WIDTH = 150;
/** Below this, cards get too small to touch; a column taller still makes the page scroll. */
const MIN_CARD_WIDTH = 40;
/** The usual offsets, in card heights: a face-down card's strip and a face-up card's. */
const DOWN_OFFSET = 0.1;
const UP_OFFSET = 0.28;
/**
 * The column the cards are sized for and the offsets spread for: a typical long
 * column of 6 face-down and 9 face-up cards fits untightened; a longer one tightens.
 */
const TYPICAL_DOWN = 6;
const TYPICAL_UP = 9;
/** Card heights the typical column needs at the usual offsets. */
const COLUMN_HEIGHTS = 1 + TYPICAL_DOWN * DOWN_OFFSET + (TYPICAL_UP - 1) * UP_OFFSET;
/**
 * Where there is room (a phone held upright) the offsets spread, but at most to
 * these parts of a card, face down and face up: more, and a column would read as
 * loose cards.
 * @typedef {{down: number, up: number}} Spread
 */
/** @type {Spread} The game's board uses the height of a phone held upright. */
export const GAME_SPREAD = { down: 0.25, up: 0.75 };
/** @type {Spread} A board on a page (Examples, a game watched) stays compact: the words around it stay in sight. */
export const PAGE_SPREAD = { down: 0.2, up: 0.56 };
/** Foundations go to the side only where the board is short (a phone held sideways). */
const SIDE_MAX_ROOM = 560;

/**
 * @typedef {object} Metrics
 * @property {number} width    card width
 * @property {number} height   card height
 * @property {number} gap      space between columns
 * @property {boolean} side    foundations beside the tableau instead of above it
 * @property {number} upGap    offset between face-up cards, spread where there is room
 * @property {number} upMin    the least offset that keeps a card's index readable
 * @property {number} downGap  offset between face-down cards
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
  return Math.max(0.2 * cardWidth, Math.min(16, 0.34 * cardWidth));
}

/**
 * @param {number} cardWidth
 * @param {number} gap
 * @param {boolean} side
 * @param {number} room the height of the tableau: its columns start at the top of it
 * @param {Spread} most
 * @returns {Metrics}
 */
function metricsFor(cardWidth, gap, side, room, most) {
  const height = Math.round(cardWidth * ASPECT);
  // The strip of an overlapped card: the index, from the card's top edge, and a pixel.
  const upMin = Math.ceil(0.035 * cardWidth + indexSize(cardWidth)) + 1;
  const downBase = Math.max(4, Math.round(DOWN_OFFSET * height));
  const upBase = Math.max(upMin, Math.round(UP_OFFSET * height));
  // Spread the offsets over the room the typical column would take: more of each card shows.
  const base = TYPICAL_DOWN * downBase + (TYPICAL_UP - 1) * upBase;
  const spread = Math.max(1, (room - height) / base);
  return {
    width: cardWidth,
    height,
    gap,
    side,
    upGap: Math.max(upBase, Math.min(Math.round(upBase * spread), Math.round(most.up * height))),
    upMin,
    downGap: Math.max(downBase, Math.min(Math.round(downBase * spread), Math.round(most.down * height))),
    downMin: Math.max(3, Math.round(0.05 * height)),
    room,
  };
}

/**
 * @param {number} width
 * @param {number} room
 * @param {number} gap
 * @param {boolean} side
 * @returns {number} the largest card width for that arrangement
 */
function largestCard(width, room, gap, side) {
  // Beside: 7 columns and 2 of foundations; above: 7 columns under a row of foundations.
  const byWidth = side ? (width - 10 * gap) / 9 : (width - 8 * gap) / 7;
  const rows = side ? COLUMN_HEIGHTS : COLUMN_HEIGHTS + 1;
  const byHeight = (room - (side ? 1 : 2) * gap) / (rows * ASPECT);
  return Math.floor(Math.min(MAX_CARD_WIDTH, byWidth, byHeight));
}

/**
 * The card size, the foundations' place and the offsets for a board *width*
 * wide with *room* in height, *reserve* of it at the bottom kept free of cards
 * (a notice is shown there). Cards are as large as a typical column allows;
 * a long column tightens by itself, and only a column too long even at the
 * tightest offsets makes every card smaller.
 * @param {number} width
 * @param {number} room
 * @param {Column[]} columns
 * @param {number} [reserve]
 * @param {Spread} [most] how far the offsets may spread
 * @returns {Metrics}
 */
export function fitBoard(width, room, columns, reserve = 0, most = GAME_SPREAD) {
  const gap = Math.min(18, Math.max(4, width * 0.012));
  const beside = room < SIDE_MAX_ROOM ? largestCard(width, room, gap, true) : 0;
  const side = beside > largestCard(width, room, gap, false);
  let cardWidth = side ? beside : largestCard(width, room, gap, false);
  const tableau = (/** @type {number} */ card) => room - reserve - gap - (side ? 0 : Math.round(card * ASPECT) + gap);
  let metrics = metricsFor(cardWidth, gap, side, tableau(cardWidth), most);
  while (cardWidth > MIN_CARD_WIDTH && tallest(columns, metrics) > metrics.room) {
    cardWidth -= 2;
    metrics = metricsFor(cardWidth, gap, side, tableau(cardWidth), most);
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
