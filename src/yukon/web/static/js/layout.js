// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The board's geometry: how big the cards are, where the foundations go and
 * how far apart the cards of a column lie, so that the board uses the room it
 * has, every column's last card lies whole in it and every overlapped card
 * still shows its index, but for the cards of a very long column squeezed
 * together (a run that opens where the player touches it). Pure arithmetic,
 * no DOM.
 */

/** @typedef {import("./api.js").Column} Column */

/** Card height over width. */
const ASPECT = 1.4;
/** The widest card, in CSS pixels (a printed card's width on a large monitor): beyond it the board gets margins. */
const MAX_CARD_WIDTH = 240;
/** Below this, cards get too small to touch. */
const MIN_CARD_WIDTH = 40;
/** The usual offsets, in card heights: a face-down card's strip and a face-up card's. */
const DOWN_OFFSET = 0.1;
const UP_OFFSET = 0.28;
/**
 * The column the cards are sized for: a long column of a game under way, 6
 * face-down and 9 face-up cards, fits the room at the offsets its *fit* names;
 * a longer column tightens, and squeezes a run of its cards, by itself.
 */
const TYPICAL_DOWN = 6;
const TYPICAL_UP = 9;
/**
 * How far the offsets may spread where there is room (a phone held upright),
 * in parts of a card, face down and face up (more, and a column would read as
 * loose cards), and at which offsets the typical column must fit: the
 * tightest (the game's board: cards as large as the room allows), or the
 * usual ones (a board on a page stays compact: the words around it stay in
 * sight).
 * @typedef {{down: number, up: number, fit: "tightest" | "usual"}} Spread
 */
/** @type {Spread} */
export const GAME_SPREAD = { down: 0.25, up: 0.75, fit: "tightest" };
/** @type {Spread} */
export const PAGE_SPREAD = { down: 0.2, up: 0.56, fit: "usual" };
/**
 * The foundations go beside the tableau where the cards are no more than this
 * much smaller there than under a row of foundations: beside, every column
 * gains a card's height (on a phone held sideways, or a desktop's wide window),
 * and a long column tightens less.
 */
const SIDE_CARD_SHARE = 0.9;
/** Beside the foundations, the columns spread apart over the width, at most this part of a card. */
const MOST_COLUMN_GAP = 0.5;
/** The info above the foundations beside the tableau: lines of words (it wraps in some languages) and their height. */
const INFO_LINES = 4;
const INFO_LINE_HEIGHT = 1.35;

/**
 * @typedef {object} Metrics
 * @property {number} width      card width
 * @property {number} height     card height
 * @property {number} gap        space round the board's parts
 * @property {number} columnGap  space between columns: wider than *gap* where they spread beside the foundations
 * @property {boolean} side      foundations beside the tableau instead of above it
 * @property {number} upGap      offset between face-up cards, spread where there is room
 * @property {number} upMin      the least offset that keeps a card's index readable
 * @property {number} downGap    offset between face-down cards
 * @property {number} downMin
 * @property {number} squeeze    offset between the squeezed cards of a very long column
 * @property {number} room       the height a column may take
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
 * The least offsets at *cardWidth*: a face-up card's index strip (the index,
 * from the card's top edge, and a pixel), and a face-down card's edge.
 * @param {number} cardWidth
 * @returns {{height: number, upMin: number, downMin: number}}
 */
function tightest(cardWidth) {
  const height = Math.round(cardWidth * ASPECT);
  return {
    height,
    upMin: Math.ceil(0.035 * cardWidth + indexSize(cardWidth)) + 1,
    downMin: Math.max(3, Math.round(0.05 * height)),
  };
}

/**
 * @param {number} cardWidth
 * @param {Spread} most
 * @returns {number} the height of the typical column at the offsets *most* fits it at
 */
function typicalColumn(cardWidth, most) {
  const { height, upMin, downMin } = tightest(cardWidth);
  if (most.fit === "tightest") return TYPICAL_DOWN * downMin + (TYPICAL_UP - 1) * upMin + height;
  return height * (1 + TYPICAL_DOWN * DOWN_OFFSET + (TYPICAL_UP - 1) * UP_OFFSET);
}

/**
 * @param {number} cardWidth
 * @param {number} gap
 * @returns {number} the height of the info and the foundations, two by two, beside the tableau
 */
function sideColumn(cardWidth, gap) {
  const font = Math.min(16, Math.max(11, 0.15 * cardWidth));
  return 3 * gap + INFO_LINES * INFO_LINE_HEIGHT * font + 2 * tightest(cardWidth).height;
}

/**
 * @param {number} width
 * @param {number} room
 * @param {number} gap
 * @param {boolean} side
 * @param {Spread} most
 * @returns {number} the largest card width for that arrangement, 0 if none fits
 */
function largestCard(width, room, gap, side, most) {
  // Beside: 7 columns and 2 of foundations; above: 7 columns under a row of foundations.
  const byWidth = Math.floor(side ? (width - 10 * gap) / 9 : (width - 8 * gap) / 7);
  for (let cardWidth = Math.min(MAX_CARD_WIDTH, byWidth); cardWidth > MIN_CARD_WIDTH; cardWidth -= 1) {
    const above = side ? 0 : tightest(cardWidth).height + gap;
    const fits = gap + above + typicalColumn(cardWidth, most) <= room;
    if (fits && (!side || sideColumn(cardWidth, gap) <= room)) return cardWidth;
  }
  return 0;
}

/**
 * @param {number} cardWidth
 * @param {number} gap
 * @param {number} columnGap
 * @param {boolean} side
 * @param {number} tableau the height of the tableau: its columns start at the top of it
 * @param {number} reserve the part of it at the bottom a message covers: the columns end above it
 * @param {Spread} most
 * @returns {Metrics}
 */
function metricsFor(cardWidth, gap, columnGap, side, tableau, reserve, most) {
  const { height, upMin, downMin } = tightest(cardWidth);
  const downBase = Math.max(4, Math.round(DOWN_OFFSET * height));
  const upBase = Math.max(upMin, Math.round(UP_OFFSET * height));
  // Spread the offsets over the tableau as the typical column would take it: more of each card
  // shows. A message shown for a while spreads them no less: only a column it would cover tightens.
  const base = TYPICAL_DOWN * downBase + (TYPICAL_UP - 1) * upBase;
  const spread = Math.max(1, (tableau - height) / base);
  return {
    width: cardWidth,
    height,
    gap,
    columnGap,
    side,
    upGap: Math.max(upBase, Math.min(Math.round(upBase * spread), Math.round(most.up * height))),
    upMin,
    downGap: Math.max(downBase, Math.min(Math.round(downBase * spread), Math.round(most.down * height))),
    downMin,
    squeeze: Math.max(3, Math.round(0.03 * height)),
    room: tableau - reserve,
  };
}

/**
 * The card size, the foundations' place and the offsets for a board *width*
 * wide with *room* in height, *reserve* of it at the bottom kept free of cards
 * (a message is shown there). Cards are as large as the typical column
 * allows, and keep their size as a game goes on: a longer column tightens,
 * and squeezes a run of its cards, by itself. Only a column too long even
 * squeezed whole makes every card smaller.
 * @param {number} width
 * @param {number} room
 * @param {Column[]} columns
 * @param {number} [reserve]
 * @param {Spread} [most] how far the offsets may spread, and the typical column's fit
 * @returns {Metrics}
 */
export function fitBoard(width, room, columns, reserve = 0, most = GAME_SPREAD) {
  const gap = Math.min(18, Math.max(4, width * 0.012));
  const above = largestCard(width, room, gap, false, most);
  const beside = largestCard(width, room, gap, true, most);
  const side = beside > 0 && beside >= SIDE_CARD_SHARE * above;
  /** @param {number} card */
  const metrics = (card) => {
    // Beside the foundations, the columns take the width the cards leave.
    const spare = (width - 9 * card - 4 * gap) / 6;
    const columnGap = side ? Math.floor(Math.max(gap, Math.min(spare, MOST_COLUMN_GAP * card))) : gap;
    const tableau = room - gap - (side ? 0 : tightest(card).height + gap);
    return metricsFor(card, gap, columnGap, side, tableau, reserve, most);
  };
  let cardWidth = Math.max(MIN_CARD_WIDTH, side ? beside : above);
  let fitted = metrics(cardWidth);
  while (cardWidth > MIN_CARD_WIDTH && tallest(columns, fitted) > fitted.room) {
    cardWidth -= 2;
    fitted = metrics(cardWidth);
  }
  return fitted;
}

/**
 * @param {Column[]} columns
 * @param {Metrics} metrics
 * @returns {number} the height of the tallest column at its tightest, all but its last card squeezed
 */
function tallest(columns, metrics) {
  let height = 0;
  for (const column of columns) {
    const up = column.cards.length;
    height = Math.max(height, column.hidden * metrics.downMin + Math.max(0, up - 1) * metrics.squeeze + metrics.height);
  }
  return height;
}

/**
 * How a column of *down* face-down and *up* face-up cards lies: offsets
 * tighten, face-down first, until the column fits its room; a face-up card
 * shows at least its index, but in a column too long even so, where a run of
 * face-up cards is squeezed together. The cards in strips lie next to the
 * last card, or round the face-up card *open* (counted from the first
 * face-up card) when the player opened the run there.
 * @param {number} down
 * @param {number} up
 * @param {Metrics} metrics
 * @param {number} [open]
 * @returns {{offsets: number[], squeezed: boolean[], height: number}} each card's top
 *   and whether it is squeezed, bottom first, and the column's height
 */
export function columnTops(down, up, metrics, open = -1) {
  const spaces = Math.max(0, up - 1);
  /** @type {(downGap: number, upGap: number, squeezed?: number) => number} */
  const need = (downGap, upGap, squeezed = 0) =>
    down * downGap + (spaces - squeezed) * upGap + squeezed * metrics.squeeze + metrics.height;
  const room = metrics.room;
  let downGap = metrics.downGap;
  let upGap = metrics.upGap;
  let squeezed = 0;
  if (need(downGap, upGap) > room) downGap = metrics.downMin;
  if (need(downGap, upGap) > room && spaces) {
    upGap = Math.max(metrics.upMin, Math.floor((room - metrics.height - down * downGap) / spaces));
  }
  if (need(downGap, upGap) > room && spaces) {
    squeezed = Math.min(spaces, Math.ceil((need(downGap, upGap) - room) / (metrics.upMin - metrics.squeeze)));
    const strips = spaces - squeezed;
    const left = room - metrics.height - down * downGap - squeezed * metrics.squeeze;
    upGap = strips ? Math.max(metrics.upMin, Math.min(metrics.upGap, Math.floor(left / strips))) : metrics.upMin;
  }
  const first = stripsFrom(spaces, spaces - squeezed, open);
  const offsets = [];
  const flags = [];
  for (let index = 0, top = 0; index < down + up; index += 1) {
    const face = index - down;
    const tight = face >= 0 && face < spaces && (face < first || face >= first + spaces - squeezed);
    offsets.push(top);
    flags.push(tight);
    top += index < down ? downGap : tight ? metrics.squeeze : upGap;
  }
  return { offsets, squeezed: flags, height: down + up ? need(downGap, upGap, squeezed) : metrics.height };
}

/**
 * @param {number} spaces the face-up cards a column shows a strip of, at most (all but its last)
 * @param {number} strips how many it shows a strip of
 * @param {number} open the card the player opened the squeezed run at, or -1
 * @returns {number} the first card shown in a strip: those round *open*, else those next to the last card
 */
function stripsFrom(spaces, strips, open) {
  const last = spaces - strips;
  if (open < 0 || open >= last) return last;
  return Math.max(0, Math.min(last, open - Math.floor(strips / 2)));
}
